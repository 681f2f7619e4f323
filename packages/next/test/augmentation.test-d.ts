/**
 * Compile-only: module augmentation the next-auth way (`declare module "@latch/next"` for
 * `Session` and `User`, `"@latch/core/jwt"` for `JWT`) flows into `auth()`, the callbacks and
 * `useSession`. Checked by `npm run typecheck`.
 */
import { expectTypeOf } from "vitest";
import NextAuth, { type NextAuthConfig, type Session } from "@latch/next";
import { useSession } from "@latch/next/react";
import type { JWT } from "@latch/next/jwt";

declare module "@latch/next" {
  interface Session {
    tenant?: string;
  }
  interface User {
    role?: string;
  }
}

declare module "@latch/core/jwt" {
  interface JWT {
    tenant?: string;
  }
}

const config = {
  providers: [],
  callbacks: {
    jwt({ token, user }) {
      expectTypeOf(token.tenant).toEqualTypeOf<string | undefined>();
      expectTypeOf(user.role).toEqualTypeOf<string | undefined>();
      return token;
    },
    session({ session, token }) {
      expectTypeOf(token).toEqualTypeOf<JWT>();
      return { ...session, tenant: token.tenant };
    },
    authorized({ auth }) {
      expectTypeOf(auth).toEqualTypeOf<Session | null>();
      return !!auth?.user?.role;
    },
  },
} satisfies NextAuthConfig;

const { auth } = NextAuth(config);

export async function page(): Promise<void> {
  const session = await auth();
  expectTypeOf(session?.tenant).toEqualTypeOf<string | undefined>();
  expectTypeOf(session?.user?.role).toEqualTypeOf<string | undefined>();
}

export function Component(): void {
  const { data } = useSession();
  expectTypeOf(data?.tenant).toEqualTypeOf<string | undefined>();
}
