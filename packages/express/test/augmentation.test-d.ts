/**
 * Compile-only: augmentation through `@latch/core/types`, `/jwt` and `/adapters` (the Auth.js
 * module names with the package changed) reaches `getSession`, the callbacks and the adapters.
 * The fields are optional, since this program is shared with every other test; the required
 * ones, and the code that must not compile, are in `augmentation.test.ts`. Checked by
 * `npm run typecheck` (`tsc -p tsconfig.json`).
 */
import type { Request } from "express";
import { expectTypeOf } from "vitest";
import type { Adapter, AdapterUser } from "@latch/core/adapters";
import type { JWT } from "@latch/core/jwt";
import { getSession, type ExpressAuthConfig, type Session, type User } from "@latch/express";
import { TypeORMAdapter } from "@latch/typeorm";

declare module "@latch/core" {
  interface Session {
    workspace?: string;
  }
  interface User {
    plan?: "free" | "pro";
  }
}
declare module "@latch/core/jwt" {
  interface JWT {
    plan?: "free" | "pro";
  }
}
declare module "@latch/core/adapters" {
  interface AdapterUser {
    plan?: "free" | "pro";
  }
}

export const config: ExpressAuthConfig = {
  providers: [],
  callbacks: {
    jwt({ token, user }) {
      expectTypeOf(user.plan).toEqualTypeOf<"free" | "pro" | undefined>();
      if (user) token.plan = user.plan;
      return token;
    },
    session({ session, token, user }) {
      expectTypeOf(token.plan).toEqualTypeOf<"free" | "pro" | undefined>();
      expectTypeOf(user.plan).toEqualTypeOf<"free" | "pro" | undefined>();
      session.workspace = "acme";
      return session;
    },
  },
};

export async function read(req: Request): Promise<void> {
  const session = await getSession(req, config);
  expectTypeOf(session).toEqualTypeOf<Session | null>();
  expectTypeOf(session!.workspace).toEqualTypeOf<string | undefined>();
  expectTypeOf<User["plan"]>().toEqualTypeOf<"free" | "pro" | undefined>();
  expectTypeOf<JWT["plan"]>().toEqualTypeOf<"free" | "pro" | undefined>();
}

export async function store(user: AdapterUser): Promise<void> {
  const adapter: Adapter = TypeORMAdapter("sqlite:./app.db");
  const created = await adapter.createUser!(user);
  expectTypeOf(created.plan).toEqualTypeOf<"free" | "pro" | undefined>();
}
