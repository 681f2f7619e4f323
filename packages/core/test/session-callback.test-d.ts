/**
 * Compile-only: `session` and `jwt` callbacks written the Auth.js way (role-based access control
 * of its guides) compile against `AuthConfig` unchanged, once `User` and `JWT` are augmented as
 * those guides do. Checked by `npm run typecheck` (`tsc -p tsconfig.json`).
 */
import { expectTypeOf } from "vitest";
import type { AdapterUser, AuthConfig, Session } from "@latch/core";
import type { JWT } from "@latch/core/jwt";

declare module "@latch/core" {
  interface User {
    role?: string;
  }
}

declare module "@latch/core/jwt" {
  interface JWT {
    role?: string;
  }
}

/** JWT strategy: the role goes from the user to the token at sign-in, then to the session. */
export const jwtConfig = {
  providers: [],
  callbacks: {
    jwt({ token, user }) {
      if (user) token.role = user.role;
      return token;
    },
    session({ session, token }) {
      session.user.role = token.role;
      return session;
    },
  },
} satisfies AuthConfig;

/** Database strategy: the stored user is at hand; the session is shaped from it. */
export const databaseConfig = {
  providers: [],
  callbacks: {
    session({ session, user }) {
      session.user.id = user.id;
      session.user.role = user.role;
      return session;
    },
  },
} satisfies AuthConfig;

/** Every field of both strategies is typed as present, as in Auth.js; `newSession` on update. */
export const typed: NonNullable<NonNullable<AuthConfig["callbacks"]>["session"]> = ({ session, token, user, newSession, trigger }) => {
  expectTypeOf(token).toEqualTypeOf<JWT>();
  expectTypeOf(user).toEqualTypeOf<AdapterUser>();
  expectTypeOf(session.user.role).toEqualTypeOf<string | undefined>();
  expectTypeOf(trigger).toEqualTypeOf<"update" | undefined>();
  expectTypeOf(newSession).toBeAny();
  return session satisfies Session;
};
