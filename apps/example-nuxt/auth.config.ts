// auth.config.ts: the config of the Nuxt walkthrough. GitHub when its variables are set; any
// OpenID Connect provider through AUTH_DEMO_OIDC_ISSUER, _ID and _SECRET (the tests start one on
// loopback). AUTH_SECRET and AUTH_URL are read at run time.
import type { Provider } from "@latch/core";
import Credentials from "@latch/core/providers/credentials";
import GitHub from "@latch/core/providers/github";
import { defineAuthConfig } from "@latch/nuxt/config";
import { users } from "./server/users";

const providers: Provider[] = [];
// AUTH_GITHUB_ID and AUTH_GITHUB_SECRET; callback URL: <origin>/auth/callback/github
if (process.env.AUTH_GITHUB_ID) providers.push(GitHub);
// issuer, client id and secret from AUTH_DEMO_OIDC_ISSUER, AUTH_DEMO_OIDC_ID, AUTH_DEMO_OIDC_SECRET
if (process.env.AUTH_DEMO_OIDC_ISSUER) providers.push({ id: "demo-oidc", name: "Demo OpenID", type: "oidc" } as Provider);
providers.push(
  Credentials({
    credentials: { email: { label: "Email" }, password: { label: "Password", type: "password" } },
    async authorize({ email, password }) {
      return users.check(String(email), String(password)); // a user, or null to refuse
    },
  }),
);

export default defineAuthConfig({ providers });
