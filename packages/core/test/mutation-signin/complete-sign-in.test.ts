/**
 * Sign-in completion and the account-linking rules, called directly (`completeSignIn` with a
 * context resolved from a real config) on the real PostgreSQL (`@latch/pg`, a schema of this
 * file's own). Each case starts from rows written with SQL and reads the outcome back with SQL.
 */
import { beforeEach, describe, expect, test } from "vitest";
import { migratedSchemaPool } from "../postgres-schema.js";
import { PostgresAdapter } from "@latch/pg";
import Credentials from "@latch/core/providers/credentials";
import Nodemailer from "@latch/core/providers/nodemailer";
import { encode } from "@latch/core/jwt";
import type { Adapter, AuthConfig } from "@latch/core";
import { needService, services } from "@latch/testing";
import { resolveConfig } from "../../src/config/resolve.js";
import type { AuthRequest } from "../../src/http/request.js";
import { completeSignIn, type VerifiedSignIn } from "../../src/signin/complete.js";
import { storeNewAuthenticator } from "../../src/signin/link-authenticator.js";
import type { Cookie } from "../../src/types/cookies.js";
import { callbackRow } from "./callback-row.js";

const origin = "http://localhost:3000";
const secret = "complete-sign-in-secret-0123456789abcdef";
const cookieName = "authjs.session-token";
const home = `${origin}/home`;

describe.runIf(await needService(services.postgres))("completing a sign-in on PostgreSQL", () => {
  const pool = migratedSchemaPool();
  const adapter = PostgresAdapter(pool);
  let events: [string, Record<string, unknown>][] = [];
  let errors: string[] = [];

  beforeEach(async () => {
    await pool.query(`TRUNCATE users CASCADE`);
    events = [];
    errors = [];
  });

  const record = (name: string) => (message: Record<string, unknown>) => void events.push([name, message]);
  const eventNames = () => events.map(([name]) => name);

  function setup(overrides: Partial<AuthConfig> = {}) {
    const config: AuthConfig = {
      secret,
      trustHost: true,
      adapter,
      session: { strategy: "jwt" },
      providers: [
        { id: "op", name: "OP", type: "oidc", issuer: "https://op.example", clientId: "c", clientSecret: "s" },
        { id: "gh", name: "GH", type: "oauth", authorization: "https://gh.example/a", token: "https://gh.example/t", userinfo: "https://gh.example/u", clientId: "c", clientSecret: "s" },
        Credentials({ authorize: () => null }),
        Nodemailer({ sendVerificationRequest: () => {} }),
      ],
      logger: { error: (code) => void errors.push(String(code)), warn: () => {}, debug: () => {} },
      events: Object.fromEntries(
        ["signIn", "createUser", "linkAccount", "updateUser", "emailProven", "accountUnlinked", "passwordRemoved", "sessionsEnded", "authenticatorRemoved"].map((n) => [n, record(n)]),
      ),
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
    account: { type: "oidc", provider: "op", providerAccountId: sub, access_token: "at-new", refresh_token: "rt-new", expires_at: 123 },
    callbackUrl: home,
    ...more,
  });

  const users = async () => (await pool.query(`SELECT id, email, "emailVerified" FROM users ORDER BY email`)).rows as { id: string; email: string; emailVerified: Date | null }[];
  const accounts = async () => (await pool.query(`SELECT "userId", provider, "providerAccountId", access_token, refresh_token FROM accounts ORDER BY provider, "providerAccountId"`)).rows;
  const sub = async (cookies: Cookie[] | undefined) => {
    const { decode } = await import("@latch/core/jwt");
    const value = cookies?.find((c) => c.name === cookieName && c.value)?.value;
    return value ? ((await decode({ token: value, secret, salt: cookieName })) as { sub: string }).sub : undefined;
  };
  async function user(id: string, email: string, verified: boolean) {
    await pool.query(`INSERT INTO users (id, email, "emailVerified") VALUES ($1, $2, $3)`, [id, email, verified ? new Date() : null]);
  }
  async function account(userId: string, provider: string, providerAccountId: string) {
    await pool.query(`INSERT INTO accounts ("userId", type, provider, "providerAccountId", access_token) VALUES ($1, 'oidc', $2, $3, 'at-old')`, [userId, provider, providerAccountId]);
  }

  describe("the signIn callback", () => {
    test("false or a throw refuses before anything is written", async () => {
      for (const signIn of [() => false, () => { throw new Error("no"); }]) {
        const ctx = setup({ callbacks: { signIn } });
        await expect(completeSignIn(ctx, await request(), oauth(ctx, "1", "ada@example.com"))).rejects.toMatchObject({ type: "AccessDenied" });
      }
      expect(await users()).toEqual([]);
      expect(events).toEqual([]);
    });

    test("a URL sends there, with the flow's cookies and no session; it sees the stored user when there is one", async () => {
      const seen: unknown[] = [];
      const ctx = setup({ callbacks: { signIn: (p) => (seen.push(p.user), "/elsewhere") } });
      await user("ada", "ada@example.com", true);
      await account("ada", "op", "1");
      const spent: Cookie = { name: "authjs.state", value: "", options: { maxAge: 0 } };
      const answer = await completeSignIn(ctx, await request(), oauth(ctx, "1", "ada@example.com", { cookies: [spent] }));
      expect(answer).toEqual({ redirect: `${origin}/elsewhere`, cookies: [spent] });
      expect(seen).toEqual([expect.objectContaining({ id: "ada" })]);
      await completeSignIn(ctx, await request(), oauth(ctx, "2", "new@example.com"));
      expect(seen[1]).toEqual({ name: "From OP", email: "new@example.com" });
      expect(await users()).toHaveLength(1);
    });
  });

  describe("credentials", () => {
    const verified = (ctx: Ctx, id: string): VerifiedSignIn => ({
      provider: providerOf(ctx, "credentials"),
      user: { id, name: "Typed" },
      account: { type: "credentials", provider: "credentials", providerAccountId: id },
      credentials: { username: "ada" } as never,
      authorized: { id, name: "As returned" },
      callbackUrl: home,
    });

    test("JWT sessions: the user as authorize returned it, nothing stored; the event gets what authorize returned", async () => {
      const ctx = setup({ callbacks: { signIn: (p) => (p.credentials as unknown as { username: string }).username === "ada" } });
      const answer = await completeSignIn(ctx, await request(), verified(ctx, "not-stored"));
      expect(answer.redirect).toBe(home);
      expect(await sub(answer.cookies)).toBe("not-stored");
      expect(await users()).toEqual([]);
      expect(events).toEqual([["signIn", expect.objectContaining({ user: { id: "not-stored", name: "As returned" }, isNewUser: false })]]);
    });

    test("database sessions: only a stored user", async () => {
      const ctx = setup({ session: { strategy: "database" } });
      await expect(completeSignIn(ctx, await request(), verified(ctx, "ghost"))).rejects.toMatchObject({ type: "CallbackRouteError", message: expect.stringContaining('"ghost"') });
      await expect(completeSignIn(ctx, await request(), { ...verified(ctx, ""), user: { name: "no id" } })).rejects.toMatchObject({ type: "CallbackRouteError" });
      await user("ada", "ada@example.com", true);
      const answer = await completeSignIn(ctx, await request(), verified(ctx, "ada"));
      const [session] = (await pool.query(`SELECT "userId", "sessionToken" FROM sessions`)).rows;
      expect(session.userId).toBe("ada");
      expect(answer.cookies).toEqual([expect.objectContaining({ name: cookieName, value: session.sessionToken })]);
    });
  });

  describe("email", () => {
    const verified = (ctx: Ctx, email: string): VerifiedSignIn => ({
      provider: providerOf(ctx, "nodemailer"),
      user: { email },
      account: { type: "email", provider: "nodemailer", providerAccountId: email },
      callbackUrl: home,
    });

    test("a new address: a new user, verified now, sent to pages.newUser with the callback URL", async () => {
      const ctx = setup({ pages: { newUser: "/welcome?x=1" } });
      const answer = await completeSignIn(ctx, await request(), verified(ctx, "new@example.com"));
      const [created] = await users();
      expect(created).toMatchObject({ email: "new@example.com" });
      expect(created!.emailVerified).toBeInstanceOf(Date);
      expect(answer.redirect).toBe(`${origin}/welcome?x=1&callbackUrl=${encodeURIComponent(home)}`);
      expect(await sub(answer.cookies)).toBe(created!.id);
      expect(eventNames()).toEqual(["createUser", "signIn"]);
      expect(events[1]![1]).toMatchObject({ isNewUser: true, user: { id: created!.id } });
    });

    test("without pages.newUser a new user goes to the callback URL", async () => {
      const ctx = setup();
      expect((await completeSignIn(ctx, await request(), verified(ctx, "new@example.com"))).redirect).toBe(home);
    });

    test("a verified user signs in as is", async () => {
      const ctx = setup({ pages: { newUser: "/welcome" } });
      await user("ada", "ada@example.com", true);
      const answer = await completeSignIn(ctx, await request(), verified(ctx, "ada@example.com"));
      expect(answer.redirect).toBe(home);
      expect(await sub(answer.cookies)).toBe("ada");
      expect(eventNames()).toEqual(["signIn"]);
    });

    test("the first proof of an address ends what was set up before it: accounts, passkeys, password, sessions", async () => {
      const ctx = setup({ session: { strategy: "database" } });
      await user("squat", "victim@example.com", false);
      await account("squat", "op", "attacker");
      await account("squat", "gh", "attacker");
      await pool.query(`INSERT INTO accounts ("userId", type, provider, "providerAccountId") VALUES ('squat', 'webauthn', 'passkey', 'cred-1')`);
      await pool.query(`INSERT INTO authenticators ("credentialID", "userId", "providerAccountId", "credentialPublicKey", counter, "credentialDeviceType", "credentialBackedUp") VALUES ('cred-1', 'squat', 'cred-1', 'pk', 0, 'singleDevice', false)`);
      await pool.query(`INSERT INTO passwords ("userId", hash, "updatedAt") VALUES ('squat', 'h', now())`);
      await pool.query(`INSERT INTO sessions ("userId", expires, "sessionToken") VALUES ('squat', now() + interval '1 day', 'attacker-session')`);
      await completeSignIn(ctx, await request(), verified(ctx, "victim@example.com"));
      expect((await users())[0]!.emailVerified).toBeInstanceOf(Date);
      expect(await accounts()).toEqual([]);
      expect((await pool.query(`SELECT * FROM authenticators`)).rows).toEqual([]);
      expect((await pool.query(`SELECT * FROM passwords`)).rows).toEqual([]);
      expect((await pool.query(`SELECT "sessionToken" FROM sessions`)).rows.map((r) => r.sessionToken)).not.toContain("attacker-session");
      expect(eventNames()).toEqual(["authenticatorRemoved", "passwordRemoved", "accountUnlinked", "accountUnlinked", "sessionsEnded", "updateUser", "emailProven", "signIn"]);
      expect(events.find(([n]) => n === "sessionsEnded")![1]).toMatchObject({ count: 1, reason: "emailProven" });
      expect(events.find(([n]) => n === "emailProven")![1]).toMatchObject({ provider: "nodemailer", user: { id: "squat" } });
    });
  });

  describe("oauth and oidc accounts", () => {
    test("a known account signs its user in, with the fresh tokens stored", async () => {
      const ctx = setup();
      await user("ada", "ada@example.com", true);
      await account("ada", "op", "1");
      const answer = await completeSignIn(ctx, await request(), oauth(ctx, "1", "other@example.com"));
      expect(await sub(answer.cookies)).toBe("ada");
      expect(await accounts()).toEqual([{ userId: "ada", provider: "op", providerAccountId: "1", access_token: "at-new", refresh_token: "rt-new" }]);
      expect(eventNames()).toEqual(["signIn"]);
      expect(await completeSignIn(ctx, await request("ada"), oauth(ctx, "1", undefined))).toMatchObject({ redirect: home });
    });

    test("a known account without a new access token keeps the stored tokens", async () => {
      const ctx = setup();
      await user("ada", "ada@example.com", true);
      await account("ada", "op", "1");
      const verified = oauth(ctx, "1", undefined);
      delete verified.account.access_token;
      await completeSignIn(ctx, await request(), verified);
      expect((await accounts())[0]).toMatchObject({ access_token: "at-old" });
    });

    test("a known account while signed in as another user is refused", async () => {
      const ctx = setup();
      await user("ada", "ada@example.com", true);
      await user("bob", "bob@example.com", true);
      await account("ada", "op", "1");
      await expect(completeSignIn(ctx, await request("bob"), oauth(ctx, "1", undefined))).rejects.toMatchObject({ type: "OAuthAccountNotLinked" });
    });

    test("a known account asserting its unproven user's address proves it, keeping the account that brought the proof", async () => {
      const ctx = setup();
      await user("ada", "ada@example.com", false);
      await account("ada", "op", "1");
      await account("ada", "gh", "9");
      await completeSignIn(ctx, await request(), oauth(ctx, "1", "ADA@example.com ", { emailVerified: true }));
      expect((await users())[0]!.emailVerified).toBeInstanceOf(Date);
      expect((await accounts()).map((a) => `${a.provider}:${a.providerAccountId}`)).toEqual(["op:1"]);
    });

    test("without the assertion, or for another address, nothing is proven", async () => {
      const ctx = setup();
      await user("ada", "ada@example.com", false);
      await account("ada", "op", "1");
      await completeSignIn(ctx, await request(), oauth(ctx, "1", "ada@example.com", { emailVerified: false }));
      await completeSignIn(ctx, await request(), oauth(ctx, "1", "eve@example.com", { emailVerified: true }));
      await completeSignIn(ctx, await request(), oauth(ctx, "1", undefined, { emailVerified: true }));
      expect((await users())[0]!.emailVerified).toBeNull();
    });

    test("an unknown account while signed in is linked to the current user", async () => {
      const ctx = setup();
      await user("ada", "ada@example.com", false);
      const answer = await completeSignIn(ctx, await request("ada"), oauth(ctx, "7", "ada@example.com", { emailVerified: true }));
      expect(await sub(answer.cookies)).toBe("ada");
      expect(await accounts()).toEqual([expect.objectContaining({ userId: "ada", provider: "op", providerAccountId: "7" })]);
      expect((await users())[0]!.emailVerified).toBeInstanceOf(Date);
      expect(eventNames()).toEqual(["sessionsEnded", "updateUser", "emailProven", "linkAccount", "signIn"]);
    });

    test("signed in as a user who no longer exists: treated as signed out", async () => {
      const ctx = setup();
      const answer = await completeSignIn(ctx, await request("gone"), oauth(ctx, "7", "new@example.com"));
      const [created] = await users();
      expect(await sub(answer.cookies)).toBe(created!.id);
      expect(created!.id).not.toBe("gone");
    });

    test("an explicit link goes only to the user who asked for it", async () => {
      const ctx = setup();
      await user("ada", "ada@example.com", true);
      await expect(completeSignIn(ctx, await request(), oauth(ctx, "7", undefined, { linkTo: "ada" }))).rejects.toMatchObject({ type: "OAuthAccountNotLinked" });
      await expect(completeSignIn(ctx, await request("bob"), oauth(ctx, "7", undefined, { linkTo: "ada" }))).rejects.toMatchObject({ type: "OAuthAccountNotLinked" });
      await completeSignIn(ctx, await request("ada"), oauth(ctx, "7", undefined, { linkTo: "ada" }));
      expect(await accounts()).toEqual([expect.objectContaining({ userId: "ada", providerAccountId: "7" })]);
    });

    test("an unknown account with the address of an existing user is refused by default", async () => {
      const ctx = setup();
      await user("ada", "ada@example.com", true);
      await expect(completeSignIn(ctx, await request(), oauth(ctx, "7", "ada@example.com", { emailVerified: true }))).rejects.toMatchObject({ type: "OAuthAccountNotLinked" });
      expect(await accounts()).toEqual([]);
    });

    test("allowDangerousEmailAccountLinking links it", async () => {
      const ctx = setup();
      await user("ada", "ada@example.com", true);
      const provider = { ...providerOf(ctx, "op"), allowDangerousEmailAccountLinking: true };
      const answer = await completeSignIn(ctx, await request(), oauth(ctx, "7", "ada@example.com", { provider }));
      expect(await sub(answer.cookies)).toBe("ada");
      expect(await accounts()).toEqual([expect.objectContaining({ userId: "ada", providerAccountId: "7" })]);
      expect(eventNames()).toEqual(["linkAccount", "signIn"]);
    });

    test("verified-email linking: only for a trusted provider asserting the address, and it proves it", async () => {
      const ctx = setup({ account: { linking: "verified-email", trustedProviders: ["op"] } });
      await user("ada", "ada@example.com", false);
      await expect(completeSignIn(ctx, await request(), oauth(ctx, "7", "ada@example.com"))).rejects.toMatchObject({ type: "OAuthAccountNotLinked" });
      const untrusted = setup({ account: { linking: "verified-email", trustedProviders: ["gh"] } });
      await expect(completeSignIn(untrusted, await request(), oauth(untrusted, "7", "ada@example.com", { emailVerified: true }))).rejects.toMatchObject({ type: "OAuthAccountNotLinked" });
      const never = setup({ account: { linking: "never", trustedProviders: ["op"] } as never });
      await expect(completeSignIn(never, await request(), oauth(never, "7", "ada@example.com", { emailVerified: true }))).rejects.toMatchObject({ type: "OAuthAccountNotLinked" });
      await completeSignIn(ctx, await request(), oauth(ctx, "7", "ada@example.com", { emailVerified: true }));
      expect(await accounts()).toEqual([expect.objectContaining({ userId: "ada", providerAccountId: "7" })]);
      expect((await users())[0]!.emailVerified).toBeInstanceOf(Date);
    });

    test("a new account and address: a new user, verified only when asserted", async () => {
      const ctx = setup({ pages: { newUser: "/welcome" } });
      const answer = await completeSignIn(ctx, await request(), oauth(ctx, "7", "new@example.com", { emailVerified: true }));
      await completeSignIn(ctx, await request(), oauth(ctx, "8", "plain@example.com"));
      await completeSignIn(ctx, await request(), oauth(ctx, "9", undefined, { emailVerified: true }));
      const [none, fresh, plain] = await users();
      expect(fresh).toMatchObject({ email: "new@example.com" });
      expect(fresh!.emailVerified).toBeInstanceOf(Date);
      expect(plain!.emailVerified).toBeNull();
      expect(none).toMatchObject({ email: "", emailVerified: null });
      expect(answer.redirect).toBe(`${origin}/welcome?callbackUrl=${encodeURIComponent(home)}`);
      expect(await accounts()).toHaveLength(3);
      expect(eventNames().slice(0, 3)).toEqual(["createUser", "linkAccount", "signIn"]);
    });

    test("when linking the new user's account fails, the user is removed again", async () => {
      const failing = { ...adapter, linkAccount: () => Promise.reject(new Error("db down")) } as Adapter;
      const ctx = setup({ adapter: failing });
      await expect(completeSignIn(ctx, await request(), oauth(ctx, "7", "new@example.com"))).rejects.toMatchObject({ type: "AdapterError" });
      expect(await users()).toEqual([]);
    });
  });

  describe("passkey registrations", () => {
    const registration = (ctx: Ctx, userId: string, existingUser: boolean, email?: string): VerifiedSignIn => ({
      provider: providerOf(ctx, "op"),
      user: { id: userId, email, name: "Passkey" },
      account: { type: "webauthn", provider: "passkey", providerAccountId: "cred-9" },
      callbackUrl: home,
      registration: {
        authenticator: { credentialID: "cred-9", providerAccountId: "cred-9", credentialPublicKey: "pk", counter: 0, credentialDeviceType: "singleDevice", credentialBackedUp: false },
        userId,
        existingUser,
        store: storeNewAuthenticator,
      },
    });
    const authenticators = async () => (await pool.query(`SELECT "credentialID", "userId" FROM authenticators`)).rows;

    test("another passkey for the signed-in user who asked for it", async () => {
      const ctx = setup();
      await user("ada", "ada@example.com", true);
      const answer = await completeSignIn(ctx, await request("ada"), registration(ctx, "ada", true));
      expect(await sub(answer.cookies)).toBe("ada");
      expect(await authenticators()).toEqual([{ credentialID: "cred-9", userId: "ada" }]);
      expect(await accounts()).toEqual([expect.objectContaining({ userId: "ada", provider: "passkey", providerAccountId: "cred-9" })]);
      expect(eventNames()).toEqual(["linkAccount", "signIn"]);
      expect(events[1]![1]).toMatchObject({ isNewUser: false });
    });

    test("refused when the user who asked is no longer the one signed in, or is gone", async () => {
      const ctx = setup();
      await user("ada", "ada@example.com", true);
      await expect(completeSignIn(ctx, await request(), registration(ctx, "ada", true))).rejects.toMatchObject({ type: "AccountNotLinked" });
      await expect(completeSignIn(ctx, await request("bob"), registration(ctx, "ada", true))).rejects.toMatchObject({ type: "AccountNotLinked" });
      await expect(completeSignIn(ctx, await request("gone"), registration(ctx, "gone", true))).rejects.toMatchObject({ type: "AccountNotLinked" });
      expect(await authenticators()).toEqual([]);
      expect(await accounts()).toEqual([]);
    });

    test("when storing the passkey fails, its account is unlinked again", async () => {
      const failing = { ...adapter, createAuthenticator: () => Promise.reject(new Error("db down")) } as Adapter;
      const ctx = setup({ adapter: failing });
      await user("ada", "ada@example.com", true);
      await expect(completeSignIn(ctx, await request("ada"), registration(ctx, "ada", true))).rejects.toBeDefined();
      expect(await accounts()).toEqual([]);
    });

    test("a new user's passkey: nobody signed in, an address nobody has; the user unverified", async () => {
      const ctx = setup({ pages: { newUser: "/welcome" } });
      await user("ada", "ada@example.com", true);
      await expect(completeSignIn(ctx, await request("ada"), registration(ctx, "new-id", false, "new@example.com"))).rejects.toMatchObject({ type: "AccountNotLinked" });
      await expect(completeSignIn(ctx, await request(), registration(ctx, "new-id", false, "ada@example.com"))).rejects.toMatchObject({ type: "AccountNotLinked" });
      const answer = await completeSignIn(ctx, await request(), registration(ctx, "new-id", false, "new@example.com"));
      expect(answer.redirect).toBe(`${origin}/welcome?callbackUrl=${encodeURIComponent(home)}`);
      expect((await users()).find((u) => u.id === "new-id")).toEqual({ id: "new-id", email: "new@example.com", emailVerified: null });
      expect(await authenticators()).toEqual([{ credentialID: "cred-9", userId: "new-id" }]);
      expect(eventNames()).toEqual(["createUser", "linkAccount", "signIn"]);
    });

    test("a new user without an address; a failed write removes the user again", async () => {
      const ctx = setup();
      await completeSignIn(ctx, await request(), registration(ctx, "anon", false));
      expect((await users())[0]).toEqual({ id: "anon", email: "", emailVerified: null });
      await pool.query(`TRUNCATE users CASCADE`);
      const failing = setup({ adapter: { ...adapter, createAuthenticator: () => Promise.reject(new Error("db down")) } as Adapter });
      await expect(completeSignIn(failing, await request(), registration(failing, "anon", false))).rejects.toBeDefined();
      expect(await users()).toEqual([]);
    });
  });
});
