/**
 * Edges of sign-in completion the first mutation run left open: what each event carries, every
 * path with no events configured, the refusal messages, concurrent first sign-ins, adapters
 * without the optional methods, and the bound on a looping adapter. Real config resolution on the
 * real PostgreSQL (`@latch/pg`); adapters lacking a method are the real one with it left out.
 */
import { beforeEach, describe, expect, test } from "vitest";
import { migratedSchemaPool } from "../postgres-schema.js";
import { PostgresAdapter } from "@latch/pg";
import Credentials from "@latch/core/providers/credentials";
import Nodemailer from "@latch/core/providers/nodemailer";
import { encode } from "@latch/core/jwt";
import type { Adapter, AdapterUser, AuthConfig } from "@latch/core";
import { needService, services } from "@latch/testing";
import { resolveConfig } from "../../src/config/resolve.js";
import type { AuthRequest } from "../../src/http/request.js";
import { completeSignIn, type VerifiedSignIn } from "../../src/signin/complete.js";
import { endUnprovenAccess, sameAddress } from "../../src/signin/end-unproven-access.js";
import { storeNewAuthenticator } from "../../src/signin/link-authenticator.js";
import { callbackRow } from "./callback-row.js";

const origin = "http://localhost:3000";
const secret = "signin-edges-secret-0123456789abcdefghij";
const cookieName = "authjs.session-token";
const home = `${origin}/home`;

test("sameAddress compares two non-empty strings as addresses", () => {
  expect(sameAddress(" Ada@Example.com", "ada@example.COM ")).toBe(true);
  expect(sameAddress("", "")).toBe(false);
  expect(sameAddress(5, 5)).toBe(false);
  expect(sameAddress("5", 5)).toBe(false);
  expect(sameAddress(5, "5")).toBe(false);
  expect(sameAddress(undefined, "a@b.c")).toBe(false);
  expect(sameAddress("a@b.c", "b@b.c")).toBe(false);
});

describe.runIf(await needService(services.postgres))("sign-in edges on PostgreSQL", () => {
  const pool = migratedSchemaPool(4);
  const adapter = PostgresAdapter(pool);
  let events: [string, Record<string, unknown>][] = [];
  let errors: unknown[][] = [];

  beforeEach(async () => {
    await pool.query(`TRUNCATE users CASCADE`);
    events = [];
    errors = [];
  });

  const allEvents = Object.fromEntries(
    ["signIn", "createUser", "linkAccount", "updateUser", "emailProven", "accountUnlinked", "passwordRemoved", "sessionsEnded", "authenticatorRemoved"].map((n) => [n, (m: Record<string, unknown>) => void events.push([n, m])]),
  );

  function setup(overrides: Partial<AuthConfig> = {}, withEvents = true) {
    const config: AuthConfig = {
      secret,
      trustHost: true,
      adapter,
      session: { strategy: "jwt" },
      pages: { newUser: "/welcome" },
      providers: [
        { id: "op", name: "OP", type: "oidc", issuer: "https://op.example", clientId: "c", clientSecret: "s" },
        Credentials({ authorize: () => null }),
        Nodemailer({ sendVerificationRequest: () => {} }),
      ],
      logger: { error: (...args) => void errors.push(args), warn: () => {}, debug: () => {} },
      ...(withEvents ? { events: allEvents } : {}),
      ...overrides,
    };
    return resolveConfig(config, new URL(origin));
  }
  type Ctx = ReturnType<typeof setup>;
  const providerOf = (ctx: Ctx, id: string) => ctx.providers.find((p) => p.id === id)!;

  async function request(signedInAs?: string): Promise<AuthRequest> {
    const url = new URL(`${origin}/auth/callback/op`);
    const cookies: Record<string, string> = signedInAs ? { [cookieName]: await encode({ token: { sub: signedInAs }, secret, salt: cookieName }) } : {};
    return { url, method: "GET", action: "callback", providerId: "op", query: {}, cookies, headers: new Headers(), jsonMode: false, request: new Request(url), row: callbackRow };
  }
  const oauth = (ctx: Ctx, sub: string, email: string | undefined, more: Partial<VerifiedSignIn> = {}): VerifiedSignIn => ({
    provider: providerOf(ctx, "op"),
    user: { name: "From OP", email },
    account: { type: "oidc", provider: "op", providerAccountId: sub },
    profile: { sub },
    callbackUrl: home,
    ...more,
  });
  const emailSignIn = (ctx: Ctx, email: string): VerifiedSignIn => ({
    provider: providerOf(ctx, "nodemailer"),
    user: { email },
    account: { type: "email", provider: "nodemailer", providerAccountId: email },
    callbackUrl: home,
  });
  const credentialsSignIn = (ctx: Ctx, id: string): VerifiedSignIn => ({
    provider: providerOf(ctx, "credentials"),
    user: { id, name: "Typed" },
    account: { type: "credentials", provider: "credentials", providerAccountId: id },
    authorized: { id, name: "Typed" },
    callbackUrl: home,
  });
  const registration = (ctx: Ctx, userId: string, existingUser: boolean, email?: string): VerifiedSignIn => ({
    provider: providerOf(ctx, "op"),
    user: { id: userId, email, name: "Passkey" },
    account: { type: "webauthn", provider: "passkey", providerAccountId: `cred-${userId}` },
    callbackUrl: home,
    registration: {
      authenticator: { credentialID: `cred-${userId}`, providerAccountId: `cred-${userId}`, credentialPublicKey: "pk", counter: 0, credentialDeviceType: "singleDevice", credentialBackedUp: false },
      userId,
      existingUser,
      store: storeNewAuthenticator,
    },
  });

  async function user(id: string, email: string, verified: boolean) {
    await pool.query(`INSERT INTO users (id, email, "emailVerified") VALUES ($1, $2, $3)`, [id, email, verified ? new Date() : null]);
  }
  async function account(userId: string, provider: string, providerAccountId: string, type = "oidc") {
    await pool.query(`INSERT INTO accounts ("userId", type, provider, "providerAccountId") VALUES ($1, $2, $3, $4)`, [userId, type, provider, providerAccountId]);
  }
  const accounts = async () => (await pool.query(`SELECT "userId", provider, "providerAccountId" FROM accounts ORDER BY id`)).rows.map((r) => `${r.userId}:${r.provider}:${r.providerAccountId}`);
  async function squatter() {
    await user("squat", "victim@example.com", false);
    await account("squat", "op", "attacker");
    await account("squat", "credentials", "squat", "credentials");
    await pool.query(`INSERT INTO authenticators ("credentialID", "userId", "providerAccountId", "credentialPublicKey", counter, "credentialDeviceType", "credentialBackedUp") VALUES ('cred-1', 'squat', 'cred-1', 'pk', 0, 'singleDevice', false)`);
    await pool.query(`INSERT INTO passwords ("userId", hash, "updatedAt") VALUES ('squat', 'h', now())`);
    await pool.query(`INSERT INTO sessions ("userId", expires, "sessionToken") VALUES ('squat', now() + interval '1 day', 'attacker-session')`);
  }

  describe("what the events carry", () => {
    test("a proof of the address: each removal, then the proof", async () => {
      await squatter();
      const ctx = setup();
      await completeSignIn(ctx, await request(), emailSignIn(ctx, "victim@example.com"));
      const payload = (name: string) => events.find(([n]) => n === name)![1];
      expect(payload("authenticatorRemoved")).toEqual({ user: expect.objectContaining({ id: "squat" }), authenticator: expect.objectContaining({ credentialID: "cred-1" }), reason: "emailProven" });
      expect(payload("passwordRemoved")).toEqual({ user: expect.objectContaining({ id: "squat" }), reason: "emailProven" });
      expect(payload("accountUnlinked")).toEqual({ user: expect.objectContaining({ id: "squat" }), account: expect.objectContaining({ provider: "op", providerAccountId: "attacker" }), reason: "emailProven" });
      expect(payload("sessionsEnded")).toEqual({ user: expect.objectContaining({ id: "squat" }), count: 1, reason: "emailProven" });
      expect(payload("updateUser")).toEqual({ user: expect.objectContaining({ id: "squat", emailVerified: expect.any(Date) }) });
      expect(payload("emailProven")).toEqual({ user: expect.objectContaining({ id: "squat", emailVerified: expect.any(Date) }), provider: "nodemailer" });
      // Only OAuth and OpenID accounts go; a credentials account row stays.
      expect(await accounts()).toEqual(["squat:credentials:squat"]);
    });

    test("new users and linked accounts", async () => {
      const ctx = setup();
      await completeSignIn(ctx, await request(), oauth(ctx, "1", "new@example.com"));
      const created = events.find(([n]) => n === "createUser")![1];
      expect(created).toEqual({ user: expect.objectContaining({ email: "new@example.com" }) });
      expect(events.find(([n]) => n === "linkAccount")![1]).toEqual({ user: created.user, account: expect.objectContaining({ providerAccountId: "1" }), profile: { name: "From OP", email: "new@example.com" } });
      events = [];
      await completeSignIn(ctx, await request((created.user as AdapterUser).id), oauth(ctx, "2", undefined));
      expect(events[0]).toEqual(["linkAccount", { user: expect.objectContaining({ id: (created.user as AdapterUser).id }), account: expect.objectContaining({ providerAccountId: "2" }), profile: { name: "From OP", email: undefined } }]);
      events = [];
      const dangerous = { ...providerOf(ctx, "op"), allowDangerousEmailAccountLinking: true };
      await completeSignIn(ctx, await request(), oauth(ctx, "3", "new@example.com", { provider: dangerous }));
      expect(events[0]).toEqual(["linkAccount", { user: expect.objectContaining({ email: "new@example.com" }), account: expect.objectContaining({ providerAccountId: "3" }), profile: { name: "From OP", email: "new@example.com" } }]);
      events = [];
      await completeSignIn(ctx, await request(), emailSignIn(ctx, "mail@example.com"));
      expect(events[0]).toEqual(["createUser", { user: expect.objectContaining({ email: "mail@example.com" }) }]);
    });

    test("passkeys", async () => {
      const ctx = setup();
      await completeSignIn(ctx, await request(), registration(ctx, "pk-user", false, "pk@example.com"));
      expect(events.slice(0, 2)).toEqual([
        ["createUser", { user: expect.objectContaining({ id: "pk-user" }) }],
        ["linkAccount", { user: expect.objectContaining({ id: "pk-user" }), account: expect.objectContaining({ type: "webauthn" }), profile: expect.objectContaining({ id: "pk-user" }) }],
      ]);
      events = [];
      const again = registration(ctx, "pk-user", true);
      again.registration!.authenticator.credentialID = "cred-2";
      again.account.providerAccountId = "cred-2";
      await completeSignIn(ctx, await request("pk-user"), again);
      expect(events[0]).toEqual(["linkAccount", { user: expect.objectContaining({ id: "pk-user" }), account: expect.objectContaining({ providerAccountId: "cred-2" }), profile: expect.objectContaining({ name: "Passkey" }) }]);
    });
  });

  describe("with no events configured", () => {
    test("every path still signs in", async () => {
      const ctx = setup({}, false);
      await squatter();
      await completeSignIn(ctx, await request(), emailSignIn(ctx, "victim@example.com"));
      await completeSignIn(ctx, await request(), emailSignIn(ctx, "new@example.com"));
      const fresh = await completeSignIn(ctx, await request(), oauth(ctx, "1", "other@example.com"));
      expect(fresh.redirect).toBe(`${origin}/welcome?callbackUrl=${encodeURIComponent(home)}`);
      await completeSignIn(ctx, await request("squat"), oauth(ctx, "2", undefined));
      await completeSignIn(ctx, await request(), oauth(ctx, "3", "victim@example.com", { provider: { ...providerOf(ctx, "op"), allowDangerousEmailAccountLinking: true } as never }));
      await completeSignIn(ctx, await request(), registration(ctx, "pk-user", false, "pk@example.com"));
      const again = registration(ctx, "pk-user", true);
      again.registration!.authenticator.credentialID = "cred-2";
      again.account.providerAccountId = "cred-2";
      await completeSignIn(ctx, await request("pk-user"), again);
      expect(await accounts()).toHaveLength(6);
    });

    test("a proof without events, through endUnprovenAccess alone (no providers, no session options)", async () => {
      await squatter();
      const [squat] = (await pool.query(`SELECT * FROM users WHERE id = 'squat'`)).rows as AdapterUser[];
      await endUnprovenAccess({ events: {}, adapter }, adapter as Required<Adapter>, squat!);
      expect((await pool.query(`SELECT count(*)::int AS n FROM sessions`)).rows[0].n).toBe(0);
      expect((await pool.query(`SELECT count(*)::int AS n FROM authenticators`)).rows[0].n).toBe(0);
      expect(await accounts()).toEqual(["squat:op:attacker", "squat:credentials:squat"]);
    });
  });

  describe("not a new user", () => {
    test("known accounts, links to the current user or by address, and proven addresses do not go to pages.newUser", async () => {
      const ctx = setup();
      await user("ada", "ada@example.com", false);
      await account("ada", "op", "1");
      expect((await completeSignIn(ctx, await request(), oauth(ctx, "1", "ada@example.com", { emailVerified: true }))).redirect).toBe(home);
      expect((await completeSignIn(ctx, await request("ada"), oauth(ctx, "2", undefined))).redirect).toBe(home);
      const dangerous = { ...providerOf(ctx, "op"), allowDangerousEmailAccountLinking: true };
      expect((await completeSignIn(ctx, await request(), oauth(ctx, "3", "ada@example.com", { provider: dangerous }))).redirect).toBe(home);
      await user("bea", "bea@example.com", false);
      expect((await completeSignIn(ctx, await request(), emailSignIn(ctx, "bea@example.com"))).redirect).toBe(home);
      const db = setup({ session: { strategy: "database" } });
      expect((await completeSignIn(db, await request(), credentialsSignIn(db, "ada"))).redirect).toBe(home);
      expect(events.filter(([n]) => n === "signIn").every(([, m]) => m.isNewUser === false)).toBe(true);
    });
  });

  describe("refusals say why", () => {
    test("linking and sign-in callback refusals", async () => {
      const ctx = setup();
      await user("ada", "ada@example.com", true);
      await user("bob", "bob@example.com", true);
      await account("ada", "op", "1");
      await expect(completeSignIn(ctx, await request("bob"), oauth(ctx, "1", undefined))).rejects.toMatchObject({ type: "OAuthAccountNotLinked", message: "This account is linked to another user." });
      await expect(completeSignIn(ctx, await request(), oauth(ctx, "9", "bob@example.com"))).rejects.toMatchObject({ type: "OAuthAccountNotLinked", message: "Another account already uses this email address." });
      await expect(completeSignIn(ctx, await request(), oauth(ctx, "9", undefined, { linkTo: "ada" }))).rejects.toMatchObject({ message: "The link was asked for by a user who is no longer signed in." });
      await account("ada", "passkey", "cred-x", "webauthn");
      const passkey = { ...oauth(ctx, "cred-x", undefined), account: { type: "webauthn" as const, provider: "passkey", providerAccountId: "cred-x" } };
      await expect(completeSignIn(ctx, await request("bob"), passkey)).rejects.toMatchObject({ type: "AccountNotLinked", message: "This account is linked to another user." });
      const no = setup({ callbacks: { signIn: () => false } });
      await expect(completeSignIn(no, await request(), oauth(no, "1", undefined))).rejects.toMatchObject({ type: "AccessDenied", message: "The signIn callback refused the sign-in." });
      const thrown = new Error("banned");
      const throwing = setup({ callbacks: { signIn: () => { throw thrown; } } });
      await expect(completeSignIn(throwing, await request(), oauth(throwing, "1", undefined))).rejects.toMatchObject({ type: "AccessDenied", message: "banned", cause: { err: thrown } });
      const nothing = setup({ callbacks: { signIn: () => { throw null; } } });
      await expect(completeSignIn(nothing, await request(), oauth(nothing, "1", undefined))).rejects.toMatchObject({ type: "AccessDenied" });
      const db = setup({ session: { strategy: "database" } });
      const caught = await completeSignIn(db, await request(), credentialsSignIn(db, "ghost")).catch((e: unknown) => e);
      expect(caught).toMatchObject({ type: "CallbackRouteError", cause: { provider: "credentials", check: "credentials-user-stored" } });
      expect((caught as Error).message).toContain("Fix: return a user the adapter has");
    });

    test("passkey refusals", async () => {
      const ctx = setup();
      await user("ada", "ada@example.com", true);
      await expect(completeSignIn(ctx, await request(), registration(ctx, "ada", true))).rejects.toMatchObject({ message: "The passkey was started by a user who is no longer signed in." });
      await expect(completeSignIn(ctx, await request("gone"), registration(ctx, "gone", true))).rejects.toMatchObject({ message: "The signed-in user no longer exists." });
      await expect(completeSignIn(ctx, await request("ada"), registration(ctx, "x", false))).rejects.toMatchObject({ message: "A new account's passkey cannot be registered while signed in as another user." });
      await expect(completeSignIn(ctx, await request(), registration(ctx, "x", false, "ada@example.com"))).rejects.toMatchObject({ message: "Another account already uses this email address." });
    });
  });

  describe("credentials", () => {
    test("with JWT sessions the signIn callback sees the user authorize returned, even when an account row names another user", async () => {
      const seen: unknown[] = [];
      const ctx = setup({ callbacks: { signIn: ({ user: u }) => (seen.push(u), true) } });
      await user("bob", "bob@example.com", true);
      await account("bob", "credentials", "ada", "credentials");
      await completeSignIn(ctx, await request(), credentialsSignIn(ctx, "ada"));
      expect(seen).toEqual([{ id: "ada", name: "Typed" }]);
    });
  });

  describe("concurrent first sign-ins", () => {
    test("of one new account end with one user", async () => {
      const ctx = setup();
      const results = await Promise.all(Array.from({ length: 4 }, async () => completeSignIn(ctx, await request(), oauth(ctx, "race", "race@example.com"))));
      expect((await pool.query(`SELECT count(*)::int AS n FROM users`)).rows[0].n).toBe(1);
      expect(results.every((r) => typeof r.redirect === "string")).toBe(true);
      expect(await accounts()).toHaveLength(1);
    });

    test("of one new address by email end with one user", async () => {
      const ctx = setup();
      await Promise.all(Array.from({ length: 4 }, async () => completeSignIn(ctx, await request(), emailSignIn(ctx, "race@example.com"))));
      expect((await pool.query(`SELECT count(*)::int AS n FROM users`)).rows[0].n).toBe(1);
    });

    test("a failed write whose undo fails too is logged", async () => {
      const failing = { ...adapter, linkAccount: () => Promise.reject(new Error("db down")), deleteUser: () => Promise.reject(new Error("db still down")) } as Adapter;
      const ctx = setup({ adapter: failing });
      await expect(completeSignIn(ctx, await request(), registration(ctx, "x", false, "x@example.com"))).rejects.toBeDefined();
      expect(errors.map(([code]) => code)).toEqual(["AdapterError"]);
    });
  });

  describe("adapters without the optional methods, and a looping one", () => {
    const without = (...methods: string[]) => Object.fromEntries(Object.entries(adapter).filter(([k]) => !methods.includes(k))) as Adapter;
    const squatUser = async () => (await pool.query(`SELECT * FROM users WHERE id = 'squat'`)).rows[0] as AdapterUser;

    test("without account lookups the accounts stay; without deleteSessions the sessions stay; without a passkey lister passkeys stay", async () => {
      await squatter();
      const a = without("getAccountByUserId", "listAccountsByUserId", "deleteSessions", "listAuthenticatorsByUserId");
      await endUnprovenAccess({ events: {}, adapter: a, providers: setup().providers }, a as Required<Adapter>, await squatUser());
      expect(await accounts()).toContain("squat:op:attacker");
      expect((await pool.query(`SELECT count(*)::int AS n FROM sessions`)).rows[0].n).toBe(1);
      expect((await pool.query(`SELECT count(*)::int AS n FROM authenticators`)).rows[0].n).toBe(1);
      const b = without("unlinkAccount");
      await endUnprovenAccess({ events: {}, adapter: b, providers: setup().providers }, b as Required<Adapter>, await squatUser());
      expect(await accounts()).toContain("squat:op:attacker");
    });

    test("a passkey already gone is not announced", async () => {
      await squatter();
      const ghost = { ...adapter, listAuthenticatorsByUserId: async (id: string) => [...(await adapter.listAuthenticatorsByUserId!(id)), { credentialID: "ghost" }] } as Adapter;
      const seen: unknown[] = [];
      await endUnprovenAccess({ events: { authenticatorRemoved: (m) => void seen.push(m.authenticator.credentialID) }, adapter: ghost }, ghost as Required<Adapter>, await squatUser());
      expect(seen).toEqual(["cred-1"]);
    });

    test("without a lister, at most 20 accounts per provider are removed from an adapter that keeps returning one", async () => {
      await squatter();
      let unlinks = 0;
      const looping = { ...without("listAccountsByUserId"), unlinkAccount: async () => void unlinks++ } as Adapter;
      await endUnprovenAccess({ events: {}, adapter: looping, providers: setup().providers }, looping as Required<Adapter>, await squatUser());
      expect(unlinks).toBe(20);
    });

    test("the account bringing the proof stays; another account at its provider goes", async () => {
      const ctx = setup();
      await user("ada", "ada@example.com", false);
      await account("ada", "op", "attacker");
      await account("ada", "op", "owner");
      await completeSignIn(ctx, await request(), oauth(ctx, "owner", "ada@example.com", { emailVerified: true }));
      expect(await accounts()).toEqual(["ada:op:owner"]);
    });
  });
});
