// auth.ts: Latch for this app. GitHub when its variables are set; any OpenID Connect provider
// through AUTH_DEMO_OIDC_ISSUER, _ID and _SECRET (the tests start one on loopback).
// AUTH_SECRET and AUTH_URL are read when the server runs.
import type { Provider } from "@latch/core";
import Credentials from "@latch/core/providers/credentials";
import GitHub from "@latch/core/providers/github";
import { TanStackStartAuth } from "@latch/tanstack-start";
import { users } from "./users";

const providers: Provider[] = [];
// AUTH_GITHUB_ID and AUTH_GITHUB_SECRET; callback URL: <origin>/auth/callback/github
if (process.env.AUTH_GITHUB_ID) providers.push(GitHub);
if (process.env.AUTH_DEMO_OIDC_ISSUER) providers.push({ id: "demo-oidc", name: "Demo OpenID", type: "oidc" } as Provider);
providers.push(
  Credentials({
    credentials: { email: { label: "Email" }, password: { label: "Password", type: "password" } },
    async authorize({ email, password }) {
      return users.check(String(email), String(password)); // a user, or null to refuse
    },
  }),
);

// Served at /auth/* by src/routes/auth/$.ts.
export const { handlers, getSession, requireSession, signIn, signOut } = TanStackStartAuth({ basePath: "/auth", providers });
