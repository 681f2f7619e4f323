// The edge-safe part of the configuration (no database, no Node.js modules), shared by
// middleware.ts and the Route Handler: next-auth's split-config pattern.
import type { NextAuthConfig } from "next-auth";
import Credentials from "next-auth/providers/credentials";

const user = { id: "grace", name: "Grace Hopper", email: "grace@example.com", role: "admiral" };

/** Compares two strings in time that depends only on their lengths. */
function same(a: string, b: string): boolean {
  const left = new TextEncoder().encode(a);
  const right = new TextEncoder().encode(b);
  let diff = left.length ^ right.length;
  for (let i = 0; i < Math.max(left.length, right.length); i++) diff |= (left[i] ?? 0) ^ (right[i] ?? 0);
  return diff === 0;
}

export default {
  session: { strategy: "jwt" },
  providers: [
    Credentials({
      credentials: { email: { label: "Email" }, password: { label: "Password", type: "password" } },
      authorize: ({ email, password }) =>
        same(String(email), user.email) && same(String(password), "cobol-1959") ? user : null,
    }),
  ],
  callbacks: {
    authorized: ({ auth, request }) => !request.nextUrl.pathname.startsWith("/dashboard") || !!auth?.user,
    jwt({ token, user: signedIn }) {
      if (signedIn) token.role = (signedIn as typeof user).role;
      return token;
    },
    session({ session, token }) {
      if (session.user) session.user.role = String(token.role ?? "");
      return session;
    },
  },
} satisfies NextAuthConfig;
