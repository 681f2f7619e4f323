/**
 * First sign-ins that lose a creation race (the adapter is the real one, with a `createUser` that
 * lets "another instance" write the winner first), linking policies without their optional
 * parts, and sign-ins without an adapter. Real config resolution on the real PostgreSQL.
 */
import { beforeEach, describe, expect, test } from "vitest";
import { migratedSchemaPool } from "../postgres-schema.js";
import { PostgresAdapter } from "@latch/pg";
import Credentials from "@latch/core/providers/credentials";
import Nodemailer from "@latch/core/providers/nodemailer";
import { decode } from "@latch/core/jwt";
import type { Adapter, AdapterUser, AuthConfig } from "@latch/core";
import { needService, services } from "@latch/testing";
import { resolveConfig } from "../../src/config/resolve.js";
import type { AuthRequest } from "../../src/http/request.js";
import { completeSignIn, type VerifiedSignIn } from "../../src/signin/complete.js";
import { linkAccountUser } from "../../src/signin/link-user.js";
import type { Cookie } from "../../src/types/cookies.js";
import { callbackRow } from "./callback-row.js";

const origin = "http://localhost:3000";
const secret = "races-policies-secret-0123456789abcdefg";
const cookieName = "authjs.session-token";
const home = `${origin}/home`;
const url = new URL(`${origin}/auth/callback/op`);
const request: AuthRequest = { url, method: "GET", action: "callback", providerId: "op", query: {}, cookies: {}, headers: new Headers(), jsonMode: false, request: new Request(url), row: callbackRow };
const subOf = async (cookies: Cookie[] | undefined) => ((await decode({ token: cookies!.find((c) => c.name === cookieName)!.value, secret, salt: cookieName })) as { sub?: string }).sub;

describe.runIf(await needService(services.postgres))("races and policies on PostgreSQL", () => {
  const pool = migratedSchemaPool();
  const adapter = PostgresAdapter(pool);
  beforeEach(async () => {
    await pool.query(`TRUNCATE users CASCADE`);
  });

  const setup = (overrides: Partial<AuthConfig> = {}) =>
    resolveConfig({
      secret,
      trustHost: true,
      adapter,
      session: { strategy: "jwt" },
      pages: { newUser: "/welcome" },
      providers: [{ id: "op", name: "OP", type: "oidc", issuer: "https://op.example", clientId: "c", clientSecret: "s" }, Credentials({ authorize: () => null }), Nodemailer({ sendVerificationRequest: () => {} })],
      logger: { error: () => {}, warn: () => {}, debug: () => {} },
      ...overrides,
    } as AuthConfig, new URL(origin));
  type Ctx = ReturnType<typeof setup>;
  const oauth = (ctx: Ctx, sub: string, email?: string): VerifiedSignIn => ({
    provider: ctx.providers.find((p) => p.id === "op")!,
    user: { name: "From OP", email },
    account: { type: "oidc", provider: "op", providerAccountId: sub },
    callbackUrl: home,
  });

  /** The real adapter, whose createUser lets another instance win first (its account linked after `delay` ms), then fails. */
  function losing(delay: number, what: "account" | "email"): Adapter {
    return {
      ...adapter,
      createUser: async (user: AdapterUser) => {
        await adapter.createUser!({ ...user, id: "winner" });
        const link = () => adapter.linkAccount!({ userId: "winner", type: "oidc", provider: "op", providerAccountId: "race" });
        if (what === "account") {
          if (delay) setTimeout(() => void link(), delay);
          else await link();
        }
        throw new Error("duplicate key value violates unique constraint");
      },
    } as Adapter;
  }

  test("an OAuth first sign-in that loses the race signs in the winner's user, not as a new user", async () => {
    const ctx = setup({ adapter: losing(0, "account") });
    const answer = await completeSignIn(ctx, request, oauth(ctx, "race", "race@example.com"));
    expect(answer.redirect).toBe(home);
    expect(await subOf(answer.cookies)).toBe("winner");
  });

  test("the winner's account may appear a moment later", async () => {
    const ctx = setup({ adapter: losing(10, "account") });
    expect(await subOf((await completeSignIn(ctx, request, oauth(ctx, "race", "race@example.com"))).cookies)).toBe("winner");
  });

  test("an email first sign-in that loses the race signs in the winner's user", async () => {
    const ctx = setup({ adapter: losing(0, "email") });
    const answer = await completeSignIn(ctx, request, {
      provider: ctx.providers.find((p) => p.id === "nodemailer")!,
      user: { email: "race@example.com" },
      account: { type: "email", provider: "nodemailer", providerAccountId: "race@example.com" },
      callbackUrl: home,
    });
    expect(answer.redirect).toBe(home);
    expect(await subOf(answer.cookies)).toBe("winner");
  });

  test("verified-email linking without trusted providers refuses; a context without a policy refuses", async () => {
    await pool.query(`INSERT INTO users (id, email) VALUES ('ada', 'ada@example.com')`);
    const ctx = setup({ account: { linking: "verified-email" } as never });
    await expect(completeSignIn(ctx, request, { ...oauth(ctx, "7", "ada@example.com"), emailVerified: true })).rejects.toMatchObject({ type: "OAuthAccountNotLinked" });
    await expect(
      linkAccountUser({ ctx: { events: {}, logger: ctx.logger }, adapter: adapter as Required<Adapter>, profileUser: { email: "ada@example.com" }, account: { type: "oidc", provider: "op", providerAccountId: "8" }, byAccount: null, current: null, allowDangerousEmailAccountLinking: false, emailVerified: true }),
    ).rejects.toMatchObject({ type: "OAuthAccountNotLinked" });
  });

  test("without an adapter an OAuth user without id gets a fresh one", async () => {
    const ctx = setup({ adapter: undefined });
    const answer = await completeSignIn(ctx, request, oauth(ctx, "1", "x@example.com"));
    expect(await subOf(answer.cookies)).toMatch(/^[0-9a-f-]{36}$/);
  });

  test("credentials with database sessions: the signIn callback sees the user authorize returned, whatever an account row says", async () => {
    await pool.query(`INSERT INTO users (id, email) VALUES ('ada', 'ada@example.com'), ('bob', 'bob@example.com')`);
    await pool.query(`INSERT INTO accounts ("userId", type, provider, "providerAccountId") VALUES ('bob', 'credentials', 'credentials', 'ada')`);
    const seen: unknown[] = [];
    const ctx = setup({ session: { strategy: "database" }, callbacks: { signIn: ({ user }) => (seen.push(user.id), true) } });
    await completeSignIn(ctx, request, {
      provider: ctx.providers.find((p) => p.id === "credentials")!,
      user: { id: "ada", name: "Typed" },
      account: { type: "credentials", provider: "credentials", providerAccountId: "ada" },
      callbackUrl: home,
    });
    expect(seen).toEqual(["ada"]);
  });
});
