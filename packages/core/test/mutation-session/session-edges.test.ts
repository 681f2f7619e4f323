/**
 * Edges of the session strategies the first mutation run left open: missing optional events and
 * callbacks' inputs, boundaries of `updateAge` and expiry placed exactly with a faked `Date`,
 * log lines, and browser summaries. Real config resolution; PostgreSQL for the database cases.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { PostgresAdapter, migrate } from "@latch/pg";
import { listSessions, revokeSession, type Adapter, type AuthConfig } from "@latch/core";
import { SessionControl } from "@latch/core/sessions";
import { needService, schemaPool, services } from "@latch/testing";
import { resolveConfig } from "../../src/config/resolve.js";
import type { AuthRequest } from "../../src/http/request.js";
import { endDatabaseSession, readDatabaseSession, startDatabaseSession } from "../../src/session/index.js";
import { currentDatabaseUser, endJwtSession, readJwtSession, startJwtSession, updateJwtSession } from "../../src/session/index.js";
import { decode, earnedFields, earnedOf, encode, nowSeconds, pastAbsoluteLifetime, sessionAnswer } from "../../src/session/read.js";
import { definePlugin } from "@latch/core/plugins";
import { summarizeUserAgent } from "../../src/session/user-agent.js";
import { mintToken, openToken, sessionClaims } from "../token-format.js";


/** `startDatabaseSession` with `isNewUser: false` unless given. */

/** `startJwtSession` with `isNewUser: false` unless given. */
const startJwt = (ctx: Parameters<typeof startJwtSession>[0], r: AuthRequest, s: object) =>
  startJwtSession(ctx, r, { isNewUser: false, earned: { auth_time: Math.floor(Date.now() / 1000), amr: ["pwd"] }, ...s } as Parameters<typeof startJwtSession>[2]);

const startDatabase = (ctx: Parameters<typeof startDatabaseSession>[0], r: AuthRequest, s: object) =>
  startDatabaseSession(ctx, r, { isNewUser: false, earned: { auth_time: Math.floor(Date.now() / 1000), amr: ["pwd"] }, ...s } as Parameters<typeof startDatabaseSession>[2]);

const secret = "session-edges-secret-0123456789abcdefgh";
const url = new URL("http://localhost:3000/auth/session");
const name = "authjs.session-token";
const ada = { id: "ada", name: "Ada", email: "ada@example.com" };

function request(cookies: Record<string, string> = {}): AuthRequest {
  return { url, method: "GET", action: "session", query: {}, cookies, headers: new Headers(), jsonMode: false, request: new Request(url) };
}
const minted = (claims: Record<string, unknown>) => mintToken(claims, { secret });

afterEach(() => {
  vi.useRealTimers();
});

describe("browser summaries", () => {
  test("spaces around an unrecognised header are dropped; only spaces is no summary", () => {
    expect(summarizeUserAgent("  curl/8.5.0  ")).toBe("curl/8.5.0");
    expect(summarizeUserAgent("   ")).toBeNull();
  });
  test("a recognised browser on no known platform", () => {
    expect(summarizeUserAgent("Mozilla/5.0 Firefox/128.0")).toBe("Firefox 128");
  });
});

describe("JWT sessions", () => {
  const setup = (overrides: Partial<AuthConfig> = {}) => resolveConfig({ secret, trustHost: true, providers: [], ...overrides } as AuthConfig, url);

  test("a token that does not decrypt is logged with the reason", async () => {
    const logged: unknown[][] = [];
    const ctx = setup({ logger: { error: (...args) => void logged.push(args), warn: () => {}, debug: () => {} } });
    await readJwtSession(ctx, request({ [name]: "not-a-token" }));
    expect(logged).toHaveLength(1);
    const [code, error] = logged[0] as [string, Error & { cause: { err: Error } }];
    expect(code).toBe("JWTSessionError");
    expect(error.message).toBe("The session token did not decrypt or has expired.");
    expect(error.cause.err).toBeInstanceOf(Error);
  });

  test("a user without id, and a sign-in without account, with providerTokens on", async () => {
    const ctx = setup({ session: { providerTokens: true } });
    const [cookie] = await startJwt(ctx, request(), { user: { name: "No id" }, account: null });
    const { claims } = await openToken(cookie!.value, secret);
    expect(claims.sub).toBeUndefined();
    expect(claims.providerTokens).toBeUndefined();
  });

  test("a jwt callback that keeps the session id but changes its start keeps the change", async () => {
    const ctx = setup({ callbacks: { jwt: ({ token }) => ({ ...token, sat: 99 }) } });
    const read = await readJwtSession(ctx, request({ [name]: await minted({ ...sessionClaims(ada), sid: "s1", sat: 5 }) }));
    expect((await openToken(read.cookies[0]!.value, secret)).claims).toMatchObject({ sid: "s1", sat: 99 });
  });

  test("updateAge 0 re-encrypts even a token issued in the future", async () => {
    const ctx = setup({ session: { updateAge: 0 } });
    const claims = { ...sessionClaims(ada), iat: Math.floor(Date.now() / 1000) + 100 };
    expect((await readJwtSession(ctx, request({ [name]: await minted(claims) }))).cookies).toHaveLength(1);
  });

  test("a token exactly updateAge old is re-encrypted", async () => {
    const ctx = setup({ session: { updateAge: 60 } });
    const claims = sessionClaims(ada);
    const token = await minted(claims);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime((claims.iat + 60) * 1000);
    expect((await readJwtSession(ctx, request({ [name]: token }))).cookies).toHaveLength(1);
    vi.setSystemTime((claims.iat + 59) * 1000);
    expect((await readJwtSession(ctx, request({ [name]: token }))).cookies).toEqual([]);
  });

  test("without session or signOut events, reads, updates and sign-outs still work; the events get the session and token", async () => {
    const bare = setup();
    const token = await minted(sessionClaims(ada));
    expect((await updateJwtSession(bare, request({ [name]: token }), {})).session).not.toBeNull();
    expect(await endJwtSession(bare, request({ [name]: token }))).toHaveLength(1);
    const seen: unknown[] = [];
    const withEvents = setup({ events: { session: (message) => void seen.push(message) } });
    const update = await updateJwtSession(withEvents, request({ [name]: token }), {});
    expect(seen).toEqual([{ session: update.session, token: expect.objectContaining({ sub: "ada" }) }]);
  });
});

describe.runIf(await needService(services.postgres))("database sessions: edges", () => {
  const schema = `latch_mut_${Math.random().toString(36).slice(2, 10)}`;
  const pool = schemaPool(schema, 2);
  const adapter = PostgresAdapter(pool);
  beforeAll(async () => {
    await pool.query(`CREATE SCHEMA ${schema}`);
    await migrate(pool);
    await pool.query(`INSERT INTO users (id, name, email) VALUES ('ada', 'Ada', 'ada@example.com'), ('bob', 'Bob', 'bob@example.com')`);
  });
  beforeEach(async () => {
    await pool.query(`DELETE FROM sessions`);
  });
  afterAll(async () => {
    await pool.query(`DROP SCHEMA ${schema} CASCADE`);
    await pool.end();
  });

  let counter = 0;
  const config = (overrides: Partial<AuthConfig> = {}, session: AuthConfig["session"] = {}): AuthConfig => ({
    secret,
    trustHost: true,
    providers: [],
    adapter,
    session: { strategy: "database", generateSessionToken: () => `edge-${++counter}`, ...session },
    ...overrides,
  });
  const start = async (c: AuthConfig, user = ada) => (await startDatabase(resolveConfig(c, url), request(), { user, account: null }))[0]!.value;
  const expiresOf = async (token: string) => ((await pool.query(`SELECT expires FROM sessions WHERE "sessionToken" = $1`, [token])).rows[0]?.expires as Date | undefined);

  test("refusals say what is missing", async () => {
    const ctx = resolveConfig(config(), url);
    await expect(startDatabase({ ...ctx, adapter: undefined }, request(), { user: ada, account: null })).rejects.toThrow("The database session strategy needs an adapter.");
    await expect(startDatabase(ctx, request(), { user: { ...ada, id: "" }, account: null })).rejects.toThrow("A database session needs the user's id.");
    await expect(listSessions(config({}, { strategy: "jwt" }), "ada")).rejects.toThrow(/JWT sessions are stored nowhere/);
    await expect(listSessions(config({ adapter: undefined }), "ada")).rejects.toThrow("Session control needs an adapter.");
    await expect(revokeSession({ ...config({}, { strategy: "jwt" }) }, "ada", "1")).rejects.toThrow(/Ending JWT sessions needs session.revocation/);
  });

  test("an ipAddress function that finds nothing stores no address", async () => {
    const token = await start(config({}, { ipAddress: () => undefined }));
    expect((await pool.query(`SELECT ip FROM sessions WHERE "sessionToken" = $1`, [token])).rows[0].ip).toBeNull();
  });

  test("a session is live until the very millisecond of its expiry", async () => {
    // The idle expiry alone: the absolute lifetime (30 days by default, as maxAge) would end it first.
    const c = config({}, { updateAge: 3600, absoluteMaxAge: false });
    const token = await start(c);
    const other = await start(c);
    const expires = (await expiresOf(token))!;
    await pool.query(`UPDATE sessions SET expires = $1`, [expires]);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(expires);
    expect((await readDatabaseSession(resolveConfig(c, url), request({ [name]: token }))).session).not.toBeNull();
    vi.setSystemTime(expires.valueOf() + 1);
    expect((await readDatabaseSession(resolveConfig(c, url), request({ [name]: other }))).session).toBeNull();
  });

  test("a session extended exactly updateAge ago is extended again", async () => {
    const c = config({}, { updateAge: 60, maxAge: 600 });
    const token = await start(c);
    const expires = (await expiresOf(token))!;
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(expires.valueOf() - 600_000 + 59_999);
    expect((await readDatabaseSession(resolveConfig(c, url), request({ [name]: token }))).cookies).toEqual([]);
    vi.setSystemTime(expires.valueOf() - 600_000 + 60_000);
    expect((await readDatabaseSession(resolveConfig(c, url), request({ [name]: token }))).cookies).toHaveLength(1);
  });

  test("sign-out without a signOut event; revoking others and all without a sessionRevoked event", async () => {
    const c = config();
    const token = await start(c);
    expect(await endDatabaseSession(resolveConfig(c, url), request({ [name]: token }))).toHaveLength(1);
    expect(await expiresOf(token)).toBeUndefined();
    const { revokeOtherSessions, revokeAllSessions } = await import("@latch/core");
    await start(c, ada);
    expect(await revokeOtherSessions(c, "ada", "0")).toBe(1);
    await start(c, ada);
    expect(await revokeAllSessions(c, "ada")).toBe(1);
  });

  test("the list shows the IP kept, sorts by last seen before creation, and keeps to the user's live sessions with an id", async () => {
    const c = config({}, { control: SessionControl(), ipAddress: () => "192.0.2.9" });
    const a = await start(c);
    const b = await start(c);
    // a: created long ago, seen just now; b: created later, seen an hour ago.
    await pool.query(`UPDATE sessions SET "createdAt" = now() - interval '2 days', "lastSeenAt" = now() WHERE "sessionToken" = $1`, [a]);
    await pool.query(`UPDATE sessions SET "createdAt" = now() - interval '1 day', "lastSeenAt" = now() - interval '1 hour' WHERE "sessionToken" = $1`, [b]);
    const list = await listSessions(c, "ada");
    const idOf = async (t: string) => String((await pool.query(`SELECT id FROM sessions WHERE "sessionToken" = $1`, [t])).rows[0].id);
    expect(list.map((s) => s.id)).toEqual([await idOf(a), await idOf(b)]);
    expect(list[0]!.ip).toBe("192.0.2.9");

    // An adapter that also hands back another user's session, an expired one and one without id.
    const bobs = await start(c, { ...ada, id: "bob" });
    const loose = {
      ...adapter,
      listSessions: async (userId: string) => {
        const own = await adapter.listSessions!(userId);
        const other = await adapter.listSessions!("bob");
        return [...own, ...other, { ...own[0]!, id: undefined }, { ...own[0]!, id: "999", expires: new Date(Date.now() - 60_000) }];
      },
    } as Adapter;
    const shown = await listSessions(config({ adapter: loose }, { control: SessionControl() }), "ada");
    expect(shown.map((s) => s.id).sort()).toEqual([await idOf(a), await idOf(b)].sort());
    expect(shown.map((s) => s.id)).not.toContain(await idOf(bobs));
    await pool.query(`DELETE FROM sessions`);
  });

  test("a session expiring this very millisecond is not listed", async () => {
    const c = config({}, { control: SessionControl() });
    const token = await start(c);
    const expires = (await expiresOf(token))!;
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(expires.valueOf() - 1);
    expect(await listSessions(c, "ada")).toHaveLength(1);
    vi.setSystemTime(expires);
    expect(await listSessions(c, "ada")).toHaveLength(0);
    vi.useRealTimers();
    await pool.query(`DELETE FROM sessions`);
  });
});

describe("how a session was earned, read back from a token or a stored session", () => {
  test("well-formed auth_time and amr: the known methods once each, mfa_time only when there is one", () => {
    expect(earnedOf({ auth_time: 100.7, amr: ["pwd", "bogus", 5, "pwd", "otp"] })).toStrictEqual({ auth_time: 100, amr: ["pwd", "otp"] });
    expect(earnedOf({ auth_time: 100, mfa_time: 200.5, amr: ["pwd", "otp", "mfa"] })).toStrictEqual({ auth_time: 100, mfa_time: 200, amr: ["pwd", "otp", "mfa"] });
    expect(earnedOf({ auth_time: 100, mfa_time: 0, amr: [] })).toStrictEqual({ auth_time: 100, amr: [] });
  });

  test.each([
    ["no record", null],
    ["no record at all", undefined],
    ["no auth_time", { amr: ["pwd"] }],
    ["auth_time 0", { auth_time: 0, amr: ["pwd"] }],
    ["a negative auth_time", { auth_time: -5, amr: ["pwd"] }],
    ["an infinite auth_time", { auth_time: Infinity, amr: ["pwd"] }],
    ["auth_time as text", { auth_time: "100", amr: ["pwd"] }],
    ["no amr", { auth_time: 100 }],
    ["amr not a list", { auth_time: 100, amr: "pwd" }],
  ])("%s: nothing earned", (_what, record) => {
    expect(earnedOf(record as Record<string, unknown> | null | undefined)).toBeNull();
  });

  test("a malformed mfa_time is no second factor", () => {
    for (const mfa_time of [0, -1, Infinity, "200", null]) {
      expect(earnedOf({ auth_time: 100, mfa_time, amr: ["pwd"] })).toStrictEqual({ auth_time: 100, amr: ["pwd"] });
    }
  });

  test("the fields to store: mfa_time only with a second factor, amr a copy", () => {
    const amr = ["pwd" as const];
    const fields = earnedFields({ auth_time: 100, amr });
    expect(fields).toStrictEqual({ auth_time: 100, amr: ["pwd"] });
    expect(fields.amr).not.toBe(amr);
    expect(earnedFields({ auth_time: 100, mfa_time: 200, amr })).toStrictEqual({ auth_time: 100, mfa_time: 200, amr: ["pwd"] });
  });

  test("now in whole seconds", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(1_700_000_000_999);
    expect(nowSeconds()).toBe(1_700_000_000);
  });
});

describe("the absolute lifetime", () => {
  test("ends a session exactly absoluteMaxAge after its auth_time", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(1_000_000 * 1000);
    expect(pastAbsoluteLifetime({ absoluteMaxAge: 60 }, { auth_time: 1_000_000 - 60 })).toBe(true);
    expect(pastAbsoluteLifetime({ absoluteMaxAge: 60 }, { auth_time: 1_000_000 - 59.5 })).toBe(true);
    expect(pastAbsoluteLifetime({ absoluteMaxAge: 60 }, { auth_time: 1_000_000 - 59 })).toBe(false);
  });

  test("off, or without a well-formed auth_time, never", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(1_000_000 * 1000);
    expect(pastAbsoluteLifetime({ absoluteMaxAge: false }, { auth_time: 1 })).toBe(false);
    expect(pastAbsoluteLifetime({ absoluteMaxAge: undefined } as never, { auth_time: 1 })).toBe(false);
    for (const record of [null, undefined, {}, { auth_time: 0 }, { auth_time: -10 }, { auth_time: "1" }, { auth_time: Number.NaN }]) {
      expect(pastAbsoluteLifetime({ absoluteMaxAge: 60 }, record as Record<string, unknown> | null | undefined)).toBe(false);
    }
  });

  test("a JWT session past it reads as none, and its cookie is cleared", async () => {
    const ctx = resolveConfig({ secret, trustHost: true, providers: [], session: { absoluteMaxAge: 3600 } } as AuthConfig, url);
    const old = await minted({ ...sessionClaims(ada), auth_time: Math.floor(Date.now() / 1000) - 3600, amr: ["pwd"] });
    const read = await readJwtSession(ctx, request({ [name]: old }));
    expect(read.session).toBeNull();
    expect(read.cookies).toEqual([expect.objectContaining({ name, value: "", options: expect.objectContaining({ maxAge: 0 }) })]);
    const fresh = await minted({ ...sessionClaims(ada), auth_time: Math.floor(Date.now() / 1000) - 3500, amr: ["pwd"] });
    expect((await readJwtSession(ctx, request({ [name]: fresh }))).session).not.toBeNull();
  });
});

describe("the session token's codec and the JWT read", () => {
  const salt = name;

  test("empty secrets are passed over; none left is refused with the reason", async () => {
    const token = await encode({ token: { sub: "ada" }, secret: ["", secret], salt });
    expect((await openToken(token, secret)).claims.sub).toBe("ada");
    expect(await decode({ token, secret: ["", secret], salt })).toMatchObject({ sub: "ada" });
    await expect(encode({ token: { sub: "ada" }, secret: "", salt })).rejects.toThrow(new TypeError("A secret is required to encode or decode a session token."));
    await expect(decode({ token, secret: [""], salt })).rejects.toThrow("A secret is required to encode or decode a session token.");
  });

  test("decode of no token is null", async () => {
    expect(await decode({ token: "", secret, salt })).toBeNull();
    expect(await decode({ token: undefined, secret, salt })).toBeNull();
  });

  test("a custom decode is not asked about a request without a session cookie", async () => {
    const asked: unknown[] = [];
    const ctx = resolveConfig({ secret, trustHost: true, providers: [], jwt: { decode: async (params) => (asked.push(params.token), null) } } as AuthConfig, url);
    expect((await readJwtSession(ctx, request())).session).toBeNull();
    expect((await readJwtSession(ctx, request({ [name]: "" }))).session).toBeNull();
    expect(asked).toEqual([]);
  });

  test("a refused refresh of the provider's tokens shows as session.error; no error, no field", async () => {
    const ctx = resolveConfig({ secret, trustHost: true, providers: [] } as AuthConfig, url);
    const failed = await readJwtSession(ctx, request({ [name]: await minted({ ...sessionClaims(ada), error: "RefreshTokenError" }) }));
    expect(failed.session).toStrictEqual({ user: { name: "Ada", email: "ada@example.com", image: undefined }, expires: expect.any(String), error: "RefreshTokenError" });
    const other = await readJwtSession(ctx, request({ [name]: await minted({ ...sessionClaims(ada), error: "SomethingElse" }) }));
    expect(other.session).not.toHaveProperty("error");
    const fine = await readJwtSession(ctx, request({ [name]: await minted(sessionClaims(ada)) }));
    expect(fine.session).not.toHaveProperty("error");
  });

  test("sign-out with revocation revokes only a token with both a user and a session id", async () => {
    const revoked: unknown[][] = [];
    const revocation = {
      cacheSeconds: 0,
      newSessionClaims: () => ({ sid: "new", sat: 1 }),
      isRevoked: async () => false,
      revokeSession: async (...args: unknown[]) => void revoked.push(args),
      revokeUser: async () => {},
    };
    const ctx = resolveConfig({ secret, trustHost: true, providers: [], session: { revocation } } as AuthConfig, url);
    expect(await endJwtSession(ctx, request())).toHaveLength(1);
    const { sub: _sub, ...withoutUser } = sessionClaims(ada);
    await endJwtSession(ctx, request({ [name]: await minted({ ...withoutUser, sid: "s0" }) }));
    await endJwtSession(ctx, request({ [name]: await minted(sessionClaims(ada)) }));
    expect(revoked).toEqual([]);
    await endJwtSession(ctx, request({ [name]: await minted({ ...sessionClaims(ada), sid: "s1" }) }));
    expect(revoked).toEqual([["ada", "s1", ctx.jwt.maxAge]]);
  });

  test("sign-out without revocation of a token that carries a session id clears the cookie", async () => {
    const ctx = resolveConfig({ secret, trustHost: true, providers: [] } as AuthConfig, url);
    expect(await endJwtSession(ctx, request({ [name]: await minted({ ...sessionClaims(ada), sid: "s1" }) }))).toEqual([
      expect.objectContaining({ name, value: "" }),
    ]);
  });
});

describe("the answer of /session", () => {
  const found = { session: { user: { name: "Ada" }, expires: "2030-01-01T00:00:00.000Z" }, cookies: [], userId: "ada" };

  test("a plugin's session hook adds its fields; a plugin without the shared code, or none, adds nothing", async () => {
    const roles = definePlugin({ id: "roles", hooks: { session: async ({ userId }) => ({ role: userId === "ada" ? "admin" : "member" }) } });
    const withHook = resolveConfig({ secret, trustHost: true, providers: [], plugins: [roles] } as AuthConfig, url);
    expect((await sessionAnswer(withHook, async () => found)).body).toEqual({ user: { name: "Ada", role: "admin" }, expires: found.session.expires });
    const plain = resolveConfig({ secret, trustHost: true, providers: [] } as AuthConfig, url);
    const bare = { ...plain, plugins: [{ id: "bare", hooks: { session: async () => ({ role: "x" }) } }] } as unknown as typeof plain;
    expect((await sessionAnswer(bare, async () => found)).body).toEqual(found.session);
    expect((await sessionAnswer(plain, async () => found)).body).toEqual(found.session);
  });

  test("a read that fails is logged and answers null, with the failure's status when given", async () => {
    const logged: unknown[] = [];
    const ctx = resolveConfig({ secret, trustHost: true, providers: [], logger: { error: (code) => void logged.push(code), warn: () => {}, debug: () => {} } } as AuthConfig, url);
    const failing = async () => {
      throw new Error("store down");
    };
    const withStatus = await sessionAnswer(ctx, failing, 500);
    expect(withStatus.status).toBe(500);
    expect(withStatus.body).toBeNull();
    expect(withStatus.headers).toMatchObject({ "Cache-Control": "private, no-cache, no-store" });
    expect(await sessionAnswer(ctx, failing)).not.toHaveProperty("status");
    expect(logged).toHaveLength(2);
  });
});

describe("what a stored session earned, as the gate reads it", () => {
  const stored = { sessionToken: "t1", userId: "ada", expires: new Date(Date.now() + 3_600_000), auth_time: 100, mfa_time: 200, amr: ["pwd", "otp", "mfa"] };
  const adapterDeclaring = (sessionFields: string[]) =>
    ({
      sessionFields,
      getSessionAndUser: async (token: string) => (token === "t1" ? { session: { ...stored }, user: { id: "ada", email: "ada@example.com", emailVerified: null } } : null),
      deleteSession: async () => null,
    }) as unknown as Adapter;
  const current = (sessionFields: string[]) =>
    currentDatabaseUser(resolveConfig({ secret, trustHost: true, providers: [], adapter: adapterDeclaring(sessionFields), session: { strategy: "database", absoluteMaxAge: false } } as AuthConfig, url), request({ [name]: "t1" }));

  test("all three fields declared: all three read back", async () => {
    expect(await current(["auth_time", "mfa_time", "amr"])).toStrictEqual({ id: "ada", earned: { auth_time: 100, mfa_time: 200, amr: ["pwd", "otp", "mfa"] } });
  });

  test("mfa_time not declared: no second factor, whatever the adapter returns", async () => {
    expect(await current(["auth_time", "amr"])).toStrictEqual({ id: "ada", earned: { auth_time: 100, amr: ["pwd", "otp", "mfa"] } });
  });

  test("auth_time or amr not declared: nothing earned", async () => {
    expect(await current(["amr", "mfa_time"])).toStrictEqual({ id: "ada", earned: null });
    expect(await current(["auth_time", "mfa_time"])).toStrictEqual({ id: "ada", earned: null });
    expect(await current([])).toStrictEqual({ id: "ada", earned: null });
  });
});
