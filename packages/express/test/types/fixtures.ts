/**
 * Apps that augment `Session`, `User`, `JWT` and `AdapterUser` the Auth.js way
 * (`declare module "@latch/core/types"`, `"@latch/core/jwt"`, `"@latch/core/adapters"`, as
 * `@auth/core/types`, `/jwt`, `/adapters`), each compiled on its own by `augmentation.test.ts`.
 */

/** The augmentation every fixture starts with: a required role on the session's user and the stored user. */
export const augmentation = `
import type { DefaultSession } from "@latch/core/types"
// An augmented module must be part of the program, as in the Auth.js guides' \`import "next-auth/jwt"\`.
import type {} from "@latch/core/jwt"
import type {} from "@latch/core/adapters"

declare module "@latch/core/types" {
  interface Session {
    user: { role: "admin" | "member" } & DefaultSession["user"]
  }
  interface User {
    role?: "admin" | "member"
  }
}
declare module "@latch/core/jwt" {
  interface JWT {
    role?: "admin" | "member"
  }
}
declare module "@latch/core/adapters" {
  interface AdapterUser {
    role: "admin" | "member"
  }
}
`;

/** The config and the places the augmented types reach: callbacks, getSession, an adapter. */
export const app = `
import type { Request } from "express"
import { getSession, type ExpressAuthConfig, type Session } from "@latch/express"
import type { Adapter, AdapterUser } from "@latch/core/adapters"
import type { JWT } from "@latch/core/jwt"
import { TypeORMAdapter } from "@latch/typeorm"
import { PostgresAdapter } from "@latch/pg"
import Credentials from "@latch/core/providers/credentials"

export const authConfig: ExpressAuthConfig = {
  providers: [Credentials({ authorize: async () => ({ id: "1", role: "admin" }) })],
  callbacks: {
    jwt({ token, user }) {
      if (user) token.role = user.role
      return token
    },
    session({ session, token, user }) {
      session.user.role = token?.role ?? user.role
      return session
    },
  },
}

export async function roleOf(req: Request): Promise<"admin" | "member" | undefined> {
  const session: Session | null = await getSession(req, authConfig)
  return session?.user.role
}

export const adapters: Adapter[] = [TypeORMAdapter("sqlite:./app.db"), PostgresAdapter({ query: async () => ({ rows: [] }) })]

export async function storedRole(adapter: Adapter, user: AdapterUser): Promise<"admin" | "member"> {
  const created = await adapter.createUser!(user)
  const found = await adapter.getUserByEmail!(created.email)
  return found ? found.role : created.role
}

export function roleInToken(token: JWT): "admin" | "member" | undefined {
  return token.role
}
`;

/** Fixtures that must not compile, each with the diagnostic code and text it must fail with. */
export const refused: { name: string; why: string; source: string; code: number; message: RegExp }[] = [
  {
    name: "without-augmentation",
    why: "without the augmentation there is no role (so the app above compiles only through it)",
    source: app,
    code: 2339,
    message: /Property 'role' does not exist/,
  },
  {
    name: "wrong-role-in-session",
    why: "the session callback cannot give the augmented field another type",
    source: `${augmentation}
import type { ExpressAuthConfig } from "@latch/express"
export const authConfig: ExpressAuthConfig = {
  providers: [],
  callbacks: { session({ session }) { session.user.role = 42; return session } },
}`,
    code: 2322,
    message: /Type '42' is not assignable to type '"admin" \| "member"'/,
  },
  {
    name: "get-session-role-is-typed",
    why: "getSession gives the augmented field its exact type, not any",
    source: `${augmentation}
import type { Request } from "express"
import { getSession } from "@latch/express"
export async function admin(req: Request): Promise<"admin"> {
  const session = await getSession(req, { providers: [] })
  if (!session) throw new Error("signed out")
  return session.user.role
}`,
    code: 2322,
    message: /Type '"admin" \| "member"' is not assignable to type '"admin"'/,
  },
  {
    name: "adapter-user-without-role",
    why: "an adapter's createUser needs the augmented AdapterUser's required field",
    source: `${augmentation}
import { TypeORMAdapter } from "@latch/typeorm"
const adapter = TypeORMAdapter("sqlite:./app.db")
export const created = adapter.createUser!({ id: "1", email: "a@example.com", emailVerified: null })`,
    code: 2345,
    message: /Property 'role' is missing/,
  },
  {
    name: "wrong-role-in-jwt",
    why: "the jwt callback cannot put another type in the augmented JWT field",
    source: `${augmentation}
import type { ExpressAuthConfig } from "@latch/express"
export const authConfig: ExpressAuthConfig = {
  providers: [],
  callbacks: { jwt({ token }) { token.role = "owner"; return token } },
}`,
    code: 2322,
    message: /Type '"owner"' is not assignable/,
  },
];
