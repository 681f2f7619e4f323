import NextAuth, { type NextAuthConfig } from "@latch/next";
import { Admin } from "@latch/core/admin";
import { Organizations } from "@latch/core/organizations";
import Credentials from "@latch/next/providers/credentials";
import Nodemailer from "@latch/next/providers/nodemailer";
import { adapter } from "./lib/database";
import { checkPassword } from "./lib/users";

/** The demo OpenID Provider, when its issuer is given (`npm start` of the tests gives it). */
function demoOidc(): NextAuthConfig["providers"] {
  const issuer = process.env.AUTH_DEMO_OIDC_ISSUER;
  if (!issuer) return [];
  return [{ id: "demo-oidc", name: "Demo OpenID", type: "oidc", issuer }];
}

/** Invitations to an organization are mailed through this SMTP server, when it is given (`EMAIL_SERVER`). */
function mail(): NextAuthConfig["providers"] {
  const server = process.env.EMAIL_SERVER;
  return server ? [Nodemailer({ server, from: "Latch example <no-reply@example.test>" })] : [];
}

/** The site administrators (`Admin()`): user ids, comma-separated in `EXAMPLE_ADMIN_USER_IDS`. */
const adminUserIds = (process.env.EXAMPLE_ADMIN_USER_IDS ?? "").split(",").filter(Boolean);

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
    ...mail(),
  ],
  // Organizations: the built-in pages under /api/auth/organizations, the active one on the session.
  organizations: Organizations(),
  // Site administration: ban a user (POST /api/auth/admin/ban); the ban ends their sessions.
  admin: Admin({ adminUserIds }),
  callbacks: {
    // The interceptor (proxy.ts) asks this: /dashboard and /organizations need a signed-in user.
    authorized: ({ auth, request }) => !/^\/(dashboard|organizations)(\/|$)/.test(request.nextUrl.pathname) || !!auth?.user,
    // Database sessions: unstable_update's data arrives as newSession.
    // Only what the pages need goes to the browser: never the session token of the database row.
    async session({ session, user, newSession, trigger }) {
      let name = user?.name ?? session.user?.name ?? null;
      const wanted = (newSession as { user?: { name?: unknown } } | undefined)?.user?.name;
      if (trigger === "update" && user && typeof wanted === "string" && wanted.trim()) {
        name = wanted.trim().slice(0, 80);
        await adapter.updateUser!({ id: user.id, name });
      }
      // The active organization (Organizations()) is read with the session: its id, slug and the user's role.
      const organization = (session as { activeOrganization?: { id: string; slug: string; role: string } | null }).activeOrganization ?? null;
      return { user: { id: user?.id, name, email: user?.email ?? session.user?.email ?? null, image: user?.image ?? null }, organization, expires: session.expires };
    },
  },
} satisfies NextAuthConfig;

export const { handlers, auth, signIn, signOut, unstable_update } = NextAuth(authConfig);
