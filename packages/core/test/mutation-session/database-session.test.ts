/**
 * The database session strategy and session control, called directly with a context resolved from
 * a real config, on the real PostgreSQL (`@latch/pg`, a schema of this file's own, made once).
 * Adapter calls are counted by a Proxy over the real adapter; rows are read back with SQL.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { PostgresAdapter, migrate } from "@latch/pg";
import { SessionControl } from "@latch/core/sessions";
import { listSessions, revokeAllSessions, revokeOtherSessions, revokeSession, type Adapter, type AuthConfig } from "@latch/core";
import { needService, schemaPool, services } from "@latch/testing";
import { resolveConfig } from "../../src/config/resolve.js";
import type { AuthRequest } from "../../src/http/request.js";
import type { Cookie } from "../../src/types/cookies.js";
import {
  currentDatabaseSession,
  currentDatabaseUser,
  endDatabaseSession,
  readDatabaseSession,
  startDatabaseSession,
  updateDatabaseSession,
} from "../../src/session/index.js";
import { requestSession } from "../../src/features/session-control/control.js";
import { sessionStrategy } from "../../src/session/index.js";


/** `startDatabaseSession` with `isNewUser: false` unless given. */
const startDatabase = (ctx: Parameters<typeof startDatabaseSession>[0], r: AuthRequest, s: object) =>
  startDatabaseSession(ctx, r, { isNewUser: false, earned: { auth_time: Math.floor(Date.now() / 1000), amr: ["pwd"] }, ...s } as Parameters<typeof startDatabaseSession>[2]);

const schema = `latch_mut_${Math.random().toString(36).slice(2, 10)}`;
const url = new URL("http://localhost:3000/auth/session");
const name = "authjs.session-token";
const ada = { id: "ada", name: "Ada", email: "ada@example.com" };
const bob = { id: "bob", name: "Bob", email: "bob@example.com" };
const firefox = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";

describe.runIf(await needService(services.postgres))("database sessions on PostgreSQL", () => {
  const pool = schemaPool(schema, 2);
  const calls: string[] = [];
  const real = PostgresAdapter(pool);
  const adapter = new Proxy(real, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => (calls.push(String(property)), (value as (...a: unknown[]) => unknown).apply(target, args));
    },
  }) as Adapter;

  beforeAll(async () => {
    await pool.query(`CREATE SCHEMA ${schema}`);
    await migrate(pool);
    for (const user of [ada, bob]) await pool.query(`INSERT INTO users (id, name, email) VALUES ($1, $2, $3)`, [user.id, user.name, user.email]);
  });
  afterAll(async () => {
    await pool.query(`DROP SCHEMA ${schema} CASCADE`);
    await pool.end();
  });
  beforeEach(async () => {
    await pool.query(`DELETE FROM sessions`);
    await pool.query(`DELETE FROM accounts`);
    calls.length = 0;
  });

  let counter = 0;
  function setup(overrides: Partial<AuthConfig> = {}, session: AuthConfig["session"] = {}) {
    const seen: [string, unknown][] = [];
    const config: AuthConfig = {
      secret: "database-session-secret-0123456789abcdef",
      trustHost: true,
      providers: [],
      adapter,
      session: { strategy: "database", generateSessionToken: () => `token-${++counter}`, ...session },
      logger: { error: () => {}, warn: () => {}, debug: () => {} },
      events: {
        session: (message) => void seen.push(["session", message]),
        signOut: (message) => void seen.push(["signOut", message]),
        sessionRevoked: (message) => void seen.push(["sessionRevoked", message]),
      },
      ...overrides,
    };
    return { config, ctx: resolveConfig(config, url), seen };
  }

  function request(cookies: Record<string, string> = {}, headers: Record<string, string> = {}): AuthRequest {
    return { url, method: "GET", action: "session", query: {}, cookies, headers: new Headers(headers), jsonMode: false, request: new Request(url, { headers }) };
  }

  const row = async (token: string) => (await pool.query(`SELECT * FROM sessions WHERE "sessionToken" = $1`, [token])).rows[0] as Record<string, unknown> | undefined;
  const cleared = (cookies: Cookie[]) => cookies.filter((c) => c.options.maxAge === 0).map((c) => c.name);

  async function started(ctx: ReturnType<typeof setup>["ctx"], user = ada, headers: Record<string, string> = {}): Promise<string> {
    const [cookie] = await startDatabase(ctx, request({}, headers), { user, account: null });
    return cookie!.value;
  }

  /** Moves a session's expiry so that it was last extended `ageSeconds` ago. */
  async function age(token: string, ageSeconds: number, maxAge = 30 * 24 * 3600) {
    await pool.query(`UPDATE sessions SET expires = $2 WHERE "sessionToken" = $1`, [token, new Date(Date.now() + (maxAge - ageSeconds) * 1000)]);
  }

  describe("start", () => {
    test("stores token, user, expiry and times; the cookie holds only the token, with the same expiry", async () => {
      const { ctx } = setup({}, { maxAge: 3600 });
      const before = Date.now();
      const [cookie, ...rest] = await startDatabase(ctx, request(), { user: ada, account: null });
      expect(rest).toEqual([]);
      expect(cookie).toMatchObject({ name, value: `token-${counter}`, options: { httpOnly: true, path: "/" } });
      const stored = (await row(cookie!.value))!;
      expect(stored.userId).toBe("ada");
      expect((stored.expires as Date).valueOf()).toBe(cookie!.options.expires!.valueOf());
      expect(cookie!.options.expires!.valueOf() - before).toBeGreaterThanOrEqual(3600 * 1000 - 1000);
      expect(cookie!.options.expires!.valueOf() - before).toBeLessThan(3600 * 1000 + 60_000);
      expect(stored.createdAt).toEqual(stored.lastSeenAt);
      expect(stored.userAgent).toBeNull();
      expect(stored.ip).toBeNull();
    });

    test("with session control the browser summary is kept; the IP only through ipAddress, at most 64 characters", async () => {
      const { ctx } = setup({}, { control: SessionControl(), ipAddress: (r) => r.headers.get("x-ip") });
      const token = await started(ctx, ada, { "user-agent": firefox, "x-ip": "9".repeat(80) });
      expect(await row(token)).toMatchObject({ userAgent: "Firefox 128 on Linux", ip: "9".repeat(64) });
      expect(await row(await started(ctx, ada, { "x-ip": "" }))).toMatchObject({ userAgent: null, ip: null });
      const off = setup().ctx;
      expect(await row(await started(off, ada, { "user-agent": firefox }))).toMatchObject({ userAgent: null });
    });

    test("no adapter, or a user without id, is refused", async () => {
      const { ctx } = setup({ adapter: undefined });
      await expect(startDatabase({ ...ctx, adapter: undefined }, request(), { user: ada, account: null })).rejects.toMatchObject({ type: "MissingAdapter" });
      await expect(startDatabase(setup().ctx, request(), { user: { ...ada, id: "" }, account: null })).rejects.toMatchObject({ type: "MissingAdapter" });
      expect((await pool.query(`SELECT count(*)::int AS n FROM sessions`)).rows[0].n).toBe(0);
    });
  });

  describe("read", () => {
    test("no cookie: nothing asked of the adapter", async () => {
      const { ctx } = setup();
      expect(await readDatabaseSession(ctx, request())).toEqual({ session: null, cookies: [] });
      expect(calls).toEqual([]);
    });

    test("a token with a control character is unknown without a query; an unknown token is cleared", async () => {
      const { ctx } = setup();
      const read = await readDatabaseSession(ctx, request({ [name]: "abc\u0000" }));
      expect(read).toEqual({ session: null, cookies: [expect.objectContaining({ name, value: "", options: expect.objectContaining({ maxAge: 0 }) })] });
      expect(calls).toEqual([]);
      expect(cleared((await readDatabaseSession(ctx, request({ [name]: "no-such-token" }))).cookies)).toEqual([name]);
      expect(calls).toEqual(["getSessionAndUser"]);
    });

    test("an expired session is deleted and its cookie cleared", async () => {
      const { ctx } = setup();
      const token = await started(ctx);
      await pool.query(`UPDATE sessions SET expires = now() - interval '1 second' WHERE "sessionToken" = $1`, [token]);
      const read = await readDatabaseSession(ctx, request({ [name]: token }));
      expect(read.session).toBeNull();
      expect(cleared(read.cookies)).toEqual([name]);
      expect(await row(token)).toBeUndefined();
      expect(await currentDatabaseUser(ctx, request({ [name]: token }))).toBeNull();
    });

    test("a session extended less than updateAge ago is read without a write", async () => {
      const { ctx, seen } = setup({ callbacks: { session: ({ session, user }) => ({ ...session, userId: user.id }) as never } }, { updateAge: 3600 });
      const token = await started(ctx);
      await age(token, 3599);
      const expires = (await row(token))!.expires as Date;
      calls.length = 0;
      const read = await readDatabaseSession(ctx, request({ [name]: token }));
      expect(calls).toEqual(["getSessionAndUser"]);
      expect(read.cookies).toEqual([]);
      expect(read.session).toMatchObject({ userId: "ada", user: { id: "ada", email: ada.email }, expires });
      expect(read.session).not.toHaveProperty("sessionToken");
      expect(JSON.stringify(read.session)).not.toContain(token);
      expect((read.session as { error?: string }).error).toBeUndefined();
      expect(seen).toEqual([["session", { session: read.session, token: undefined }]]);
    });

    test("one extended updateAge ago or more gets a new expiry, a new last-seen time and the cookie again", async () => {
      const { ctx } = setup({}, { updateAge: 3600, maxAge: 7200 });
      const token = await started(ctx);
      await age(token, 3601, 7200);
      const read = await readDatabaseSession(ctx, request({ [name]: token }));
      const stored = (await row(token))!;
      expect(read.cookies).toEqual([expect.objectContaining({ name, value: token, options: expect.objectContaining({ expires: stored.expires }) })]);
      expect((stored.expires as Date).valueOf() - (stored.lastSeenAt as Date).valueOf()).toBe(7200 * 1000);
      expect(read.session!.expires).toBe((stored.expires as Date).toISOString());
    });

    test("updateAge 0 extends at every read", async () => {
      const { ctx } = setup({}, { updateAge: 0 });
      const token = await started(ctx);
      expect((await readDatabaseSession(ctx, request({ [name]: token }))).cookies).toHaveLength(1);
    });

    test("a refused refresh on one of the user's accounts shows as session.error", async () => {
      const { ctx } = setup();
      const token = await started(ctx);
      await pool.query(`INSERT INTO accounts ("userId", type, provider, "providerAccountId", "refreshError") VALUES ('ada', 'oidc', 'op', '1', 'invalid_grant')`);
      expect((await readDatabaseSession(ctx, request({ [name]: token }))).session).toMatchObject({ error: "RefreshTokenError" });
    });
  });

  describe("update, end, current", () => {
    test("update extends the session and gives the data to the session callback", async () => {
      const { ctx } = setup({ callbacks: { session: ({ session, newSession, trigger }) => ({ ...session, echo: [trigger, newSession] }) as never } }, { maxAge: 600 });
      const token = await started(ctx);
      await age(token, 300, 600);
      const update = await updateDatabaseSession(ctx, request({ [name]: token }), { theme: "dark" });
      const stored = (await row(token))!;
      expect(update.session).toMatchObject({ echo: ["update", { theme: "dark" }], expires: stored.expires });
      expect(update.cookies).toEqual([expect.objectContaining({ name, value: token, options: expect.objectContaining({ expires: stored.expires }) })]);
      expect((stored.expires as Date).valueOf()).toBeGreaterThan(Date.now() + 590 * 1000);
      expect(await updateDatabaseSession(ctx, request(), {})).toEqual({ session: null, cookies: [] });
      const gone = await updateDatabaseSession(ctx, request({ [name]: "no-such-token" }), {});
      expect(gone.session).toBeNull();
      expect(cleared(gone.cookies)).toEqual([name]);
    });

    test("sign-out deletes the row and gives it to the signOut event", async () => {
      const { ctx, seen } = setup();
      const token = await started(ctx);
      expect(cleared(await endDatabaseSession(ctx, request({ [name]: token })))).toEqual([name]);
      expect(await row(token)).toBeUndefined();
      expect(seen).toEqual([["signOut", { session: expect.objectContaining({ sessionToken: token, userId: "ada" }) }]]);
      seen.length = 0;
      calls.length = 0;
      expect(cleared(await endDatabaseSession(ctx, request({ [name]: "bad\u0001" })))).toEqual([name]);
      expect(cleared(await endDatabaseSession(ctx, request()))).toEqual([name]);
      expect(calls).toEqual([]);
      expect(seen).toEqual([]);
    });

    test("the current user and session", async () => {
      const { ctx } = setup();
      const token = await started(ctx);
      const id = String((await row(token))!.id);
      expect(await currentDatabaseSession(ctx, request({ [name]: token }))).toEqual({ userId: "ada", sessionId: id, sessionToken: token });
      expect(await currentDatabaseUser(ctx, request({ [name]: token }))).toMatchObject({ id: "ada", earned: { amr: ["pwd"] } });
      expect(await currentDatabaseSession(ctx, request())).toBeNull();
      expect(await currentDatabaseSession(ctx, request({ [name]: "no-such-token" }))).toBeNull();
      expect(await currentDatabaseUser(ctx, request())).toBeNull();
      expect(await requestSession(ctx, request({ [name]: token }))).toEqual({ userId: "ada", sessionId: id, sessionToken: token });
      expect(sessionStrategy(ctx).read).toBe(readDatabaseSession);
      expect(sessionStrategy(setup({}, { strategy: "jwt" }).ctx).read).not.toBe(readDatabaseSession);
    });
  });

  describe("session control", () => {
    test("lists the user's live sessions, most recently seen first, the request's marked current", async () => {
      const { config, ctx } = setup({}, { control: SessionControl() });
      const older = await started(ctx, ada, { "user-agent": firefox });
      const newer = await started(ctx);
      const bobs = await started(ctx, bob);
      const expired = await started(ctx);
      await pool.query(`UPDATE sessions SET "lastSeenAt" = now() - interval '1 hour' WHERE "sessionToken" = $1`, [older]);
      await pool.query(`UPDATE sessions SET expires = now() - interval '1 second' WHERE "sessionToken" = $1`, [expired]);
      const list = await listSessions(config, "ada", { request: new Request(url, { headers: { cookie: `${name}=${older}` } }) });
      const ids = async (...tokens: string[]) => Promise.all(tokens.map(async (t) => String((await row(t))!.id)));
      expect(list.map((s) => s.id)).toEqual(await ids(newer, older));
      expect(list.map((s) => s.current)).toEqual([false, true]);
      expect(list[1]).toMatchObject({ userAgent: "Firefox 128 on Linux", ip: null });
      expect(list[1]!.createdAt).toBeInstanceOf(Date);
      expect(list[1]!.lastSeenAt!.valueOf()).toBeLessThan(list[0]!.lastSeenAt!.valueOf());
      expect(list[0]!.expires).toBeInstanceOf(Date);
      expect(JSON.stringify(list)).not.toContain("token-");
      expect((await listSessions(config, "ada")).every((s) => !s.current)).toBe(true);
      expect((await listSessions(config, "bob")).map((s) => s.id)).toEqual(await ids(bobs));
    });

    test("a session without times sorts last", async () => {
      const { config, ctx } = setup();
      const bare = await started(ctx);
      const seen = await started(ctx);
      await pool.query(`UPDATE sessions SET "createdAt" = NULL, "lastSeenAt" = NULL WHERE "sessionToken" = $1`, [bare]);
      const list = await listSessions(config, "ada");
      expect(list.map((s) => s.id)).toEqual([String((await row(seen))!.id), String((await row(bare))!.id)]);
      expect(list[1]).toMatchObject({ createdAt: null, lastSeenAt: null });
    });

    test("revoking one session: only the user's own, with the event", async () => {
      const { config, ctx, seen } = setup();
      const token = await started(ctx);
      const id = String((await row(token))!.id);
      expect(await revokeSession(config, "bob", id)).toBe(false);
      expect(await row(token)).toBeDefined();
      expect(seen).toEqual([]);
      expect(await revokeSession(config, "ada", id)).toBe(true);
      expect(await row(token)).toBeUndefined();
      expect(seen).toEqual([["sessionRevoked", { userId: "ada", scope: "session", sessionId: id, count: 1 }]]);
    });

    test("revoking the others keeps the one named; revoking all ends every one; counts in the event", async () => {
      const { config, ctx, seen } = setup();
      const keep = await started(ctx);
      const a = await started(ctx);
      const b = await started(ctx);
      const bobs = await started(ctx, bob);
      expect(await revokeOtherSessions(config, "ada", String((await row(keep))!.id))).toBe(2);
      expect(await row(keep)).toBeDefined();
      expect(await row(a)).toBeUndefined();
      expect(await row(b)).toBeUndefined();
      expect(await revokeAllSessions(config, "ada")).toBe(1);
      expect(await row(keep)).toBeUndefined();
      expect(await row(bobs)).toBeDefined();
      expect(seen).toEqual([
        ["sessionRevoked", { userId: "ada", scope: "others", count: 2 }],
        ["sessionRevoked", { userId: "ada", scope: "all", count: 1 }],
      ]);
    });

    test("JWT sessions cannot be listed; ending them needs revocation; no adapter is refused", async () => {
      const jwt = setup({}, { strategy: "jwt" }).config;
      await expect(listSessions(jwt, "ada")).rejects.toMatchObject({ type: "UnsupportedStrategy" });
      await expect(revokeSession(jwt, "ada", "1")).rejects.toMatchObject({ type: "UnsupportedStrategy" });
      await expect(revokeOtherSessions(jwt, "ada", "1")).rejects.toMatchObject({ type: "UnsupportedStrategy" });
      await expect(revokeAllSessions(jwt, "ada")).rejects.toMatchObject({ type: "UnsupportedStrategy" });
      const none = setup({ adapter: undefined }).config;
      await expect(listSessions(none, "ada")).rejects.toMatchObject({ type: "MissingAdapter" });
      await expect(revokeAllSessions(none, "ada")).rejects.toMatchObject({ type: "MissingAdapter" });
      await expect(requestSession(setup({ adapter: undefined }).ctx, request())).rejects.toMatchObject({ type: "MissingAdapter" });
    });
  });
});
