/**
 * `ApiKeys()` over real HTTP (node:http in front of `Auth()`), keys stored through `@latch/pg` on
 * PGlite and on the real PostgreSQL: made by a signed-in user (CSRF checked), used with
 * `x-api-key` and `Authorization: Bearer` from `fetch` requests without cookies, refused after
 * revocation and expiry, one answer for a wrong secret and an unknown id, the cache of each
 * instance (a set clock), the per-key limit, what a key may not do, and no key in any log line.
 */
import { createHash } from "node:crypto";
import { ApiKeys, verifyApiKey } from "@latch/core/api-keys";
import { BearerSessions } from "@latch/core/bearer";
import type { AuthConfig } from "@latch/core";
import type { Adapter, ApiKeyAdapter } from "@latch/core/adapters";
import { PGlite } from "@electric-sql/pglite";
import { PostgresAdapter, migrate } from "@latch/pg";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { alice, baseConfig } from "../../../../test/client.js";
import { Jar, pgEngines, serveLatch, signIn, type Engine, type LatchServer } from "../../access-tokens/test/harness.js";

const engines = await pgEngines();

const keyShape = /^latch_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/;

/** Every line any logger level wrote, as text. */
function capturingLogger(): { lines: string[]; logger: NonNullable<AuthConfig["logger"]> } {
  const lines: string[] = [];
  const write = (level: string) => (code: string, ...rest: unknown[]) =>
    void lines.push(`${level} ${code} ${rest.map((part) => (part instanceof Error ? `${part.message} ${part.stack} ${JSON.stringify(part.cause ?? null)}` : JSON.stringify(part))).join(" ")}`);
  return { lines, logger: { error: write("error"), warn: write("warn"), debug: write("debug") } };
}

/** The adapter with its API-key reads and writes counted. */
function counted(adapter: Adapter): { adapter: Adapter; reads: () => number; writes: () => number } {
  const keys = adapter as Adapter & ApiKeyAdapter;
  let reads = 0;
  let writes = 0;
  const wrapped = {
    ...keys,
    getApiKey: (id: string) => (reads++, keys.getApiKey(id)),
    updateApiKey: (...args: Parameters<ApiKeyAdapter["updateApiKey"]>) => (writes++, keys.updateApiKey(...args)),
  };
  return { adapter: wrapped, reads: () => reads, writes: () => writes };
}

describe.each(engines)("API keys stored on %s", (_name, open, available) => {
  let engine: Engine;
  let latch: LatchServer;
  const jar = new Jar();
  const { lines, logger } = capturingLogger();
  const option = ApiKeys({ limit: { max: 50, window: 60 } });
  const configOf = (overrides: Partial<AuthConfig> = {}): AuthConfig =>
    baseConfig({ adapter: PostgresAdapter(engine.db as never), session: { strategy: "database" }, apiKeys: option, logger, ...overrides });
  const made: string[] = [];

  async function csrfToken(): Promise<string> {
    const response = await fetch(`${latch.origin}/auth/csrf`, { headers: { cookie: jar.header() } });
    jar.keep(response);
    return ((await response.json()) as { csrfToken: string }).csrfToken;
  }

  /** Makes a key as the signed-in alice, through the endpoint. */
  async function create(body: Record<string, unknown>): Promise<{ key: string; apiKey: { id: string; scopes: string[] } }> {
    const response = await fetch(`${latch.origin}/auth/api-keys/create`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: jar.header() },
      body: JSON.stringify({ csrfToken: await csrfToken(), ...body }),
    });
    expect(response.status).toBe(201);
    const answer = (await response.json()) as { key: string; apiKey: { id: string; scopes: string[] } };
    made.push(answer.key);
    return answer;
  }

  const withKey = (path: string, key: string, init: RequestInit & { bearer?: boolean } = {}) =>
    fetch(`${latch.origin}/auth/${path}`, { ...init, headers: { ...(init.bearer ? { authorization: `Bearer ${key}` } : { "x-api-key": key }), ...(init.headers as Record<string, string>) } });

  beforeAll(async () => {
    if (!available) return;
    engine = await open();
    await migrate(engine.db as never);
    await engine.db.query(`INSERT INTO users (id, email, name) VALUES ($1, $2, $3)`, [alice.id, alice.email, alice.name]);
    latch = await serveLatch(configOf());
    await signIn(latch.origin, jar);
  });
  afterAll(async () => {
    if (!available) return;
    await latch.close();
    await engine.close();
  });
  afterEach(() => {
    vi.useRealTimers();
    latch.config = configOf();
  });

  test.skipIf(!available)("a key made by the signed-in user (CSRF checked) is shown once, stored as the SHA-256 of its secret, and reads alice's session from a request without cookies", async () => {
    const refused = await fetch(`${latch.origin}/auth/api-keys/create`, { method: "POST", redirect: "manual", headers: { "content-type": "application/json", cookie: jar.header() }, body: JSON.stringify({ name: "no token" }) });
    // A row that answers JSON answers a script's refusal as JSON, not with a redirect.
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: "MissingCSRF" });
    expect((await engine.db.query(`SELECT 1 FROM api_keys WHERE name = 'no token'`)).rows).toEqual([]);
    const { key, apiKey } = await create({ name: "CI", scopes: ["orders:read"] });
    expect(key).toMatch(keyShape);
    const [, id, secret] = /^latch_([0-9a-f]{16})_(.+)$/.exec(key)!;
    expect(apiKey).toMatchObject({ id, name: "CI", scopes: ["orders:read"], owner: { type: "user", id: alice.id }, expires: null, lastUsedAt: null });
    const { rows } = await engine.db.query(`SELECT * FROM api_keys WHERE id = $1`, [id]);
    expect(rows).toHaveLength(1);
    expect((rows[0] as { hash: string }).hash).toBe(createHash("sha256").update(secret!).digest("hex"));
    expect(JSON.stringify(rows)).not.toContain(secret);

    for (const bearer of [false, true]) {
      const response = await withKey("session", key, { bearer });
      expect(response.status).toBe(200);
      expect(response.headers.getSetCookie()).toEqual([]);
      expect(await response.json()).toMatchObject({ user: { id: alice.id }, apiKey: { id, name: "CI", owner: { type: "user", id: alice.id }, scopes: ["orders:read"] } });
    }
  });

  test.skipIf(!available)("the list shows names, scopes and times, never a secret or a hash", async () => {
    const { key, apiKey } = await create({ name: "listed" });
    const response = await fetch(`${latch.origin}/auth/api-keys`, { headers: { cookie: jar.header() } });
    expect(response.status).toBe(200);
    const text = await response.text();
    const { keys } = JSON.parse(text) as { keys: { id: string }[] };
    expect(keys.map((k) => k.id)).toContain(apiKey.id);
    const { rows } = await engine.db.query(`SELECT hash FROM api_keys WHERE id = $1`, [apiKey.id]);
    expect(text).not.toContain((rows[0] as { hash: string }).hash);
    expect(text).not.toContain(key.slice(-43));
    expect(text).not.toMatch(/"hash"/);
  });

  test.skipIf(!available)("a wrong secret, an unknown public id and a malformed key are answered alike: 401 InvalidApiKey", async () => {
    const { key } = await create({ name: "guessed" });
    const wrongSecret = `${key.slice(0, -43)}${"A".repeat(43)}`;
    const unknownId = `latch_${"0".repeat(16)}_${key.slice(-43)}`;
    const answers = await Promise.all([wrongSecret, unknownId, "latch_nonsense", "not-a-key"].map(async (value) => {
      const response = await withKey("session", value);
      return { status: response.status, body: await response.json() };
    }));
    for (const answer of answers) expect(answer).toEqual({ status: 401, body: { error: "InvalidApiKey", message: "The API key is not valid." } });
  });

  test.skipIf(!available)("a revoked key is refused at once on the instance that revoked it, and on another once its cache period ends (set clock); one adapter read per key per period", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const { key, apiKey } = await create({ name: "revoked" });
    const other = counted(PostgresAdapter(engine.db as never));
    const otherOption = ApiKeys();
    const otherInstance = baseConfig({ adapter: other.adapter, session: { strategy: "database" }, apiKeys: otherOption, logger });
    const onOther = async () => {
      latch.config = otherInstance;
      const response = await withKey("session", key);
      latch.config = configOf();
      return response.status;
    };
    for (let i = 0; i < 5; i++) expect(await onOther()).toBe(200);
    expect(other.reads()).toBe(1);

    const revoke = await fetch(`${latch.origin}/auth/api-keys/revoke`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: jar.header() },
      body: JSON.stringify({ csrfToken: await csrfToken(), id: apiKey.id }),
    });
    expect(await revoke.json()).toEqual({ revoked: true });
    expect((await withKey("session", key)).status).toBe(401);

    vi.setSystemTime(Date.now() + 59_000);
    expect(await onOther()).toBe(200);
    vi.setSystemTime(Date.now() + 2_000);
    expect(await onOther()).toBe(401);
    expect(other.reads()).toBe(2);
  });

  test.skipIf(!available)("a key past its expiry is refused with 401 ApiKeyExpired (set clock)", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const { key } = await create({ name: "short", expires: new Date(Date.now() + 3_600_000).toISOString() });
    expect((await withKey("session", key)).status).toBe(200);
    vi.setSystemTime(Date.now() + 3_600_001);
    const response = await withKey("session", key);
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: string }).error).toBe("ApiKeyExpired");
  });

  test.skipIf(!available)("the last-used time is written once per interval, not per request (set clock)", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const { key, apiKey } = await create({ name: "busy" });
    const store = counted(PostgresAdapter(engine.db as never));
    latch.config = baseConfig({ adapter: store.adapter, session: { strategy: "database" }, apiKeys: ApiKeys({ lastUsedInterval: 300 }), logger });
    for (let i = 0; i < 5; i++) expect((await withKey("session", key)).status).toBe(200);
    expect(store.writes()).toBe(1);
    const { rows } = await engine.db.query(`SELECT "lastUsedAt" FROM api_keys WHERE id = $1`, [apiKey.id]);
    expect((rows[0] as { lastUsedAt: Date }).lastUsedAt).not.toBeNull();
    vi.setSystemTime(Date.now() + 301_000);
    expect((await withKey("session", key)).status).toBe(200);
    expect(store.writes()).toBe(2);
  });

  test.skipIf(!available)("each key has its own limit through the rate limits' store: past it 429 ApiKeyRateLimited, another key still passes", async () => {
    const limited = ApiKeys({ limit: { max: 3, window: 60 } });
    latch.config = configOf({ apiKeys: limited });
    const { key } = await create({ name: "limited" });
    const { key: second } = await create({ name: "second" });
    for (let i = 0; i < 3; i++) expect((await withKey("session", key)).status).toBe(200);
    const refused = await withKey("session", key);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: string }).error).toBe("ApiKeyRateLimited");
    expect((await withKey("session", second)).status).toBe(200);
  });

  test.skipIf(!available)("a key may not sign in (no cookie session starts), sign out, or get a token; its request's cookies are not read", async () => {
    const { key } = await create({ name: "not allowed" });
    const csrf = await csrfToken();
    const signInWithKey = await withKey("callback/credentials", key, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header() },
      body: new URLSearchParams({ csrfToken: csrf, username: "alice", password: "wonderland" }),
    });
    expect(signInWithKey.status).toBe(403);
    expect(signInWithKey.headers.getSetCookie()).toEqual([]);
    expect(((await signInWithKey.json()) as { error: string }).error).toBe("ApiKeyNotAllowed");
    const signOut = await withKey("signout", key, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header() }, body: new URLSearchParams({ csrfToken: csrf }) });
    expect(signOut.status).toBe(403);
    // alice's cookie came with the key: the key lacks the api-keys scope, and the cookie does not stand in for it.
    const withCookie = await withKey("api-keys", key, { headers: { cookie: jar.header() } });
    expect(withCookie.status).toBe(403);
    expect(((await withCookie.json()) as { error: string }).error).toBe("ApiKeyScopeMissing");
    const session = await fetch(`${latch.origin}/auth/session`, { headers: { cookie: jar.header() } });
    expect(((await session.json()) as { user?: { email?: string } }).user?.email).toBe(alice.email);
  });

  test.skipIf(!available)("a key with the api-keys scope manages its owner's keys without a CSRF token, giving no more than it has", async () => {
    const { key } = await create({ name: "manager", scopes: ["api-keys", "orders:read"], expires: new Date(Date.now() + 86_400_000).toISOString() });
    const post = (path: string, body: object) => withKey(`api-keys/${path}`, key, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const wider = await post("create", { name: "wider", scopes: ["orders:write"] });
    expect(wider.status).toBe(403);
    expect(((await wider.json()) as { error: string }).error).toBe("ApiKeyScopeMissing");
    const longer = await post("create", { name: "longer", expires: null });
    expect(longer.status).toBe(403);
    const child = await post("create", { name: "child", scopes: ["orders:read"] });
    expect(child.status).toBe(201);
    const made = (await child.json()) as { key: string; apiKey: { id: string; expires: string } };
    expect(made.key).toMatch(keyShape);
    expect(new Date(made.apiKey.expires).getTime()).toBeLessThanOrEqual(Date.now() + 86_400_000);
    const listed = (await (await withKey("api-keys", key)).json()) as { keys: { id: string }[] };
    expect(listed.keys.map((k) => k.id)).toContain(made.apiKey.id);
    expect((await post("revoke", { id: made.apiKey.id })).status).toBe(200);
    expect((await withKey("session", made.key)).status).toBe(401);
  });

  test.skipIf(!available)("update changes name, scopes and expiry; verifyApiKey requires scopes (403 ApiKeyScopeMissing); another owner's key is not found", async () => {
    const { key, apiKey } = await create({ name: "before", scopes: ["orders:read"] });
    const update = await fetch(`${latch.origin}/auth/api-keys/update`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: jar.header() },
      body: JSON.stringify({ csrfToken: await csrfToken(), id: apiKey.id, name: "after", scopes: ["orders:read", "orders:write"] }),
    });
    expect(await update.json()).toMatchObject({ apiKey: { id: apiKey.id, name: "after", scopes: ["orders:read", "orders:write"] } });
    const config = configOf();
    const request = new Request(`${latch.origin}/api/orders`, { headers: { "x-api-key": key } });
    await expect(verifyApiKey(config, request, { scopes: ["orders:write"] })).resolves.toMatchObject({ id: apiKey.id, name: "after" });
    await expect(verifyApiKey(config, request, { scopes: ["admin"] })).rejects.toMatchObject({ type: "ApiKeyScopeMissing", status: 403 });
    await expect(verifyApiKey(config, new Request(`${latch.origin}/api/orders`))).rejects.toMatchObject({ type: "InvalidApiKey", status: 401 });
    await engine.db.query(`INSERT INTO users (id, email) VALUES ('user-2', 'bob@example.com') ON CONFLICT DO NOTHING`);
    const { createApiKey, revokeApiKey } = await import("@latch/core/api-keys");
    const bobs = await createApiKey(config, { type: "user", id: "user-2" }, { name: "bob's" });
    const foreign = await fetch(`${latch.origin}/auth/api-keys/revoke`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: jar.header() },
      body: JSON.stringify({ csrfToken: await csrfToken(), id: bobs.apiKey.id }),
    });
    expect(foreign.status).toBe(404);
    expect((await withKey("session", bobs.key)).status).toBe(200);
    expect(await revokeApiKey(config, { type: "user", id: "user-2" }, bobs.apiKey.id)).toBe(true);
    made.push(bobs.key);
  });

  test.skipIf(!available)("bad input is a 400 InvalidRequest and writes nothing", async () => {
    const before = (await engine.db.query(`SELECT count(*)::int AS n FROM api_keys`)).rows[0] as { n: number };
    for (const body of [{ name: "" }, { name: "x", scopes: "orders:read" }, { name: "x", scopes: ["has space"] }, { name: "x", expires: "2001-01-01T00:00:00Z" }, { name: "x", expires: "soon" }, { name: 5 }]) {
      const response = await fetch(`${latch.origin}/auth/api-keys/create`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: jar.header() },
        body: JSON.stringify({ csrfToken: await csrfToken(), ...body }),
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe("InvalidRequest");
    }
    expect((await engine.db.query(`SELECT count(*)::int AS n FROM api_keys`)).rows[0]).toEqual(before);
    const { createApiKey } = await import("@latch/core/api-keys");
    await expect(createApiKey(configOf(), { type: "group", id: "o1" } as never, { name: "group" })).rejects.toMatchObject({ type: "InvalidRequest" });
  });

  test.skipIf(!available)("with bearer sessions on, a bearer key is read as a key, and a database session token still as a session", async () => {
    latch.config = configOf({ session: { strategy: "database", bearer: BearerSessions() } });
    const { key } = await create({ name: "beside bearer" });
    const asKey = await withKey("session", key, { bearer: true });
    expect(((await asKey.json()) as { apiKey?: { name: string } }).apiKey?.name).toBe("beside bearer");
    const token = jar.cookies.get("authjs.session-token")!;
    const asSession = await fetch(`${latch.origin}/auth/session`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await asSession.json()) as { user?: { email?: string }; apiKey?: unknown })).toMatchObject({ user: { email: alice.email } });
  });

  test.skipIf(!available)("a session whose sign-in is more than 5 minutes old makes no key: 403 SecondFactorFreshProof for a script, the sign-in page for the form, nothing stored; a key still makes one", async () => {
    const { key } = await create({ name: "maker", scopes: ["api-keys"] });
    const stored = async () => ((await engine.db.query(`SELECT count(*)::int AS n FROM api_keys`)).rows[0] as { n: number }).n;
    const before = await stored();
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 5 * 60_000 + 1_000 });
    const refused = await fetch(`${latch.origin}/auth/api-keys/create`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: jar.header() },
      body: JSON.stringify({ csrfToken: await csrfToken(), name: "stale" }),
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: "SecondFactorFreshProof" });
    const form = await fetch(`${latch.origin}/auth/api-keys/create`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header() },
      body: new URLSearchParams({ csrfToken: await csrfToken(), name: "stale form" }),
    });
    expect(form.status).toBe(302);
    expect(form.headers.get("location")).toContain("/auth/signin");
    expect(await stored()).toBe(before);
    // The session itself still reads: only the making of a key asks for a recent sign-in.
    expect(await (await fetch(`${latch.origin}/auth/session`, { headers: { cookie: jar.header() } })).json()).toMatchObject({ user: { email: alice.email } });
    const byKey = await withKey("api-keys/create", key, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "by key" }) });
    expect(byKey.status).toBe(201);
    vi.useRealTimers();
    // A new sign-in makes keys again.
    await signIn(latch.origin, jar);
    await create({ name: "fresh again" });
  });

  test.skipIf(!available)("no key, nor its secret, is in any log line of all of the above", () => {
    expect(made.length).toBeGreaterThan(5);
    expect(lines.length).toBeGreaterThan(0);
    const logged = lines.join("\n");
    for (const key of made) {
      expect(logged).not.toContain(key);
      expect(logged).not.toContain(key.slice(-43));
    }
  });
});

describe("ApiKeys() at start", () => {
  test("an adapter without the API-key methods is refused with MissingAdapterMethods naming them", async () => {
    const { Auth } = await import("@latch/core");
    const db = new PGlite();
    const { createApiKey: _a, getApiKey: _b, ...rest } = PostgresAdapter(db) as Adapter & ApiKeyAdapter;
    const { lines, logger } = capturingLogger();
    const response = await Auth(new Request("http://localhost:3000/auth/session"), baseConfig({ adapter: rest, apiKeys: ApiKeys(), logger }) as Omit<AuthConfig, "raw">);
    expect(response.status).toBe(500);
    expect(lines.join("\n")).toMatch(/MissingAdapterMethods.*createApiKey, getApiKey/);
    await db.close();
  });

  test("with JWT sessions, a key made through the server API reads its owner's session from Auth() too", async () => {
    const { Auth } = await import("@latch/core");
    const { createApiKey } = await import("@latch/core/api-keys");
    const db = new PGlite();
    await migrate(db);
    await db.query(`INSERT INTO users (id, email) VALUES ($1, $2)`, [alice.id, alice.email]);
    const config = baseConfig({ adapter: PostgresAdapter(db), session: { strategy: "jwt" }, apiKeys: ApiKeys({ prefix: "acme" }) });
    const { key, apiKey } = await createApiKey(config, { type: "user", id: alice.id }, { name: "jwt app" });
    expect(key).toMatch(/^acme_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    const response = await Auth(new Request("http://localhost:3000/auth/session", { headers: { authorization: `Bearer ${key}` } }), config as Omit<AuthConfig, "raw">);
    expect(await response.json()).toMatchObject({ user: { id: alice.id }, apiKey: { id: apiKey.id, name: "jwt app" } });
    const latchShaped = await Auth(new Request("http://localhost:3000/auth/session", { headers: { "x-api-key": `latch_${key.slice(5)}` } }), config as Omit<AuthConfig, "raw">);
    expect(latchShaped.status).toBe(401);
    await db.close();
  });

  test("with a list of scopes, a key asking for another is refused and nothing is stored; a list of the wrong shape is refused at start", async () => {
    const { Auth } = await import("@latch/core");
    const { createApiKey, updateApiKey } = await import("@latch/core/api-keys");
    const db = new PGlite();
    await migrate(db);
    await db.query(`INSERT INTO users (id, email) VALUES ($1, $2)`, [alice.id, alice.email]);
    const config = baseConfig({ adapter: PostgresAdapter(db), session: { strategy: "database" }, apiKeys: ApiKeys({ scopes: ["deploy", "orders:read"] }) });
    const owner = { type: "user", id: alice.id } as const;
    await expect(createApiKey(config, owner, { name: "too much", scopes: ["deploy", "admin"] })).rejects.toMatchObject({ type: "InvalidRequest" });
    expect((await db.query(`SELECT 1 FROM api_keys`)).rows).toEqual([]);
    const { apiKey } = await createApiKey(config, owner, { name: "listed", scopes: ["orders:read"] });
    await expect(updateApiKey(config, owner, apiKey.id, { scopes: ["admin"] })).rejects.toMatchObject({ type: "InvalidRequest" });
    expect((await db.query<{ scopes: string[] }>(`SELECT scopes FROM api_keys`)).rows[0]!.scopes).toEqual(["orders:read"]);
    const { lines, logger } = capturingLogger();
    const refused = await Auth(new Request("http://localhost:3000/auth/session"), baseConfig({ adapter: PostgresAdapter(db), apiKeys: ApiKeys({ scopes: ["no spaces"] }), logger }) as Omit<AuthConfig, "raw">);
    expect(refused.status).toBe(500);
    expect(lines.join("\n")).toMatch(/InvalidApiKeys.*scopes/);
    await db.close();
  });

  test("while off, the endpoints are not served, and an x-api-key header is no credential", async () => {
    const { Auth } = await import("@latch/core");
    const config = baseConfig() as Omit<AuthConfig, "raw">;
    const list = await Auth(new Request("http://localhost:3000/auth/api-keys"), config);
    expect(list.status).toBe(400);
    expect(((await list.json()) as { message: string }).message).toBe("Cannot parse the action at /auth/api-keys (an opt-in feature's endpoints answer only while it is configured).");
    const session = await Auth(new Request("http://localhost:3000/auth/session", { headers: { "x-api-key": `latch_${"a".repeat(16)}_${"b".repeat(43)}` } }), config);
    expect(session.status).toBe(200);
    expect(await session.json()).toBeNull();
  });
});
