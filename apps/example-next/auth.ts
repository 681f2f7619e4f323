import NextAuth, { type NextAuthConfig } from "@latch/next";
import Credentials from "@latch/next/providers/credentials";
import { adapter } from "./lib/database";
import { checkPassword } from "./lib/users";

/** The demo OpenID Provider, when its issuer is given (`npm start` of the tests gives it). */
function demoOidc(): NextAuthConfig["providers"] {
  const issuer = process.env.AUTH_DEMO_OIDC_ISSUER;
  if (!issuer) return [];
  return [{ id: "demo-oidc", name: "Demo OpenID", type: "oidc", issuer }];
}

export const authConfig = {
  adapter,
  session: { strategy: "database" },
  pages: { signIn: "/signin" },
  providers: [
    Credentials({
      credentials: { email: { label: "Email" }, password: { label: "Password", type: "password" } },
      authorize: ({ email, password }) => checkPassword(adapter, email, password),
    }),
    ...demoOidc(),
  ],
  callbacks: {
    // The interceptor (proxy.ts) asks this: /dashboard needs a signed-in user.
    authorized: ({ auth, request }) => !request.nextUrl.pathname.startsWith("/dashboard") || !!auth?.user,
    // Database sessions: unstable_update's data arrives as newSession.
    // Only what the pages need goes to the browser: never the session token of the database row.
    async session({ session, user, newSession, trigger }) {
      let name = user?.name ?? session.user?.name ?? null;
      const wanted = (newSession as { user?: { name?: unknown } } | undefined)?.user?.name;
      if (trigger === "update" && user && typeof wanted === "string" && wanted.trim()) {
        name = wanted.trim().slice(0, 80);
        await adapter.updateUser!({ id: user.id, name });
      }
      return { user: { name, email: user?.email ?? session.user?.email ?? null, image: user?.image ?? null }, expires: session.expires };
    },
  },
} satisfies NextAuthConfig;

export const { handlers, auth, signIn, signOut, unstable_update } = NextAuth(authConfig);
