/**
 * `withSessionCache` on the real Redis in front of `@latch/pg` on the real PostgreSQL (and PGlite
 * for the conformance suite). Two "instances" are two `Auth()` configurations with their own
 * wrapper and Redis client over the same database and Redis; one browser's requests go to either.
 * Database statements are counted by a wrapper over the real pool.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { runAdapterTests } from "@latch/adapter-test";
import { Auth, type AuthConfig } from "@latch/core";
import type { Adapter } from "@latch/core/adapters";
import Credentials from "@latch/core/providers/credentials";
import { PostgresAdapter } from "@latch/pg";
import { handlerClient, needService, randomDatabaseName, schemaPool, services, redisKeysUnder } from "@latch/testing";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { migrate } from "../../adapter-pg/src/migrations.js";
import { tableReaders } from "../../adapter-pg/test/store.js";
import { withSessionCache } from "../src/session-cache.js";
import { freePort } from "@latch/testing";

const run = randomUUID().slice(0, 8);
const origin = "http://localhost:3000";
const quiet = { error: () => {}, warn: () => {}, debug: () => {} };

/** Every key under `prefix`. */

async function dropKeys(redis: Redis, prefix: string): Promise<void> {
  const found = await redisKeysUnder(redis, prefix);
  if (found.length) await redis.del(...found);
}

const ready = (client: Redis) =>
  client.status === "ready" ? Promise.resolve() : new Promise<void>((resolve) => client.once("ready", () => resolve()));

const hasRedis = await needService(services.redis);
const hasPostgres = await needService(services.postgres);
/** The restart case starts a Redis server of its own; without the binary it is skipped, saying so. */
const redisServer = spawnSync("redis-server", ["--version"]).status === 0;
if (!redisServer && /^(1|true|yes)$/i.test(process.env.LATCH_REQUIRE_SERVICES ?? "")) throw new Error("redis-server is not on the path");
if (!redisServer) console.warn("skipped: no redis-server on the path for the restart case of the session cache");

describe.runIf(hasRedis)("withSessionCache: the conformance suite over the wrapped @latch/pg on PGlite", () => {
  const prefix = `latch-sc-conf-${run}:`;
  const schema = randomDatabaseName();
  const db = new PGlite();
  const redis = new Redis({ host: services.redis.host, port: services.redis.port, lazyConnect: true });

  runAdapterTests({
    adapter: withSessionCache(PostgresAdapter(db), { client: redis, prefix }),
    db: {
      async connect() {
        await redis.connect();
        await db.query(`CREATE SCHEMA ${schema}`);
        await db.query(`SET search_path TO ${schema}`);
        await migrate(db);
      },
      async disconnect() {
        await dropKeys(redis, prefix);
        await redis.quit();
        await db.query(`DROP SCHEMA ${schema} CASCADE`);
        await db.close();
      },
      ...tableReaders(db),
    },
  });
});

describe.runIf(hasRedis && hasPostgres)("withSessionCache: two instances over one PostgreSQL and one Redis", () => {
  const prefix = `latch-sc-${run}:`;
  const schema = randomDatabaseName();
  const pool = schemaPool(schema);
  const statements: string[] = [];
  const counted = { query: (sql: string, params?: unknown[]) => (statements.push(sql), pool.query(sql, params)) };
  const redisA = new Redis({ host: services.redis.host, port: services.redis.port });
  const redisB = new Redis({ host: services.redis.host, port: services.redis.port });
  /** Ends every session of a user in SQL: a method the wrapper does not know. */
  const grown = (client: typeof counted) => ({
    ...PostgresAdapter(client),
    async endSessionsOf(userId: string) {
      await client.query(`DELETE FROM sessions WHERE "userId" = $1`, [userId]);
    },
  });
  const adapterA = withSessionCache(grown(counted), { client: redisA, prefix });
  const adapterB = withSessionCache(grown(counted), { client: redisB, prefix });
  const people = new Map<string, { id: string; name: string; email: string }>();

  const config = (adapter: Adapter): AuthConfig => ({
    secret: "session-cache-test-secret-0123456789abcdef",
    trustHost: true,
    adapter,
    session: { strategy: "database", maxAge: 3600, updateAge: 1800 },
    logger: quiet,
    providers: [Credentials({ authorize: ({ email }) => people.get(email as string) ?? null })],
  });
  const instances = { a: config(adapterA), b: config(adapterB), uncached: config(PostgresAdapter(counted)) };

  /** A browser of one whose requests go to the instance `on` names at the time. */
  function visitor() {
    const state = { on: "a" as keyof typeof instances };
    const client = handlerClient((request) => Auth(request, instances[state.on]), { origin });
    return {
      on(instance: keyof typeof instances) {
        state.on = instance;
        return this;
      },
      signIn: (email: string) => client.post("/auth/callback/credentials", { callbackUrl: `${origin}/home`, email }),
      signOut: () => client.post("/auth/signout", { callbackUrl: `${origin}/` }),
      session: () => client.session() as Promise<{ user: { name: string; email: string } } | null>,
      token: () => client.browser.cookie(`${origin}/`, "authjs.session-token") ?? "",
    };
  }

  /** `GET /session` on one instance with the session cookie `token`, as JSON (never a 5xx). */
  async function replay(token: string, instance: keyof typeof instances): Promise<unknown> {
    const answer = await Auth(new Request(`${origin}/auth/session`, { headers: { cookie: `authjs.session-token=${token}` } }), instances[instance]);
    expect(answer.status).toBe(200);
    return answer.json();
  }

  async function person() {
    const user = { id: randomUUID(), name: "Ada", email: `ada-${randomUUID().slice(0, 8)}@example.com` };
    await PostgresAdapter(pool).createUser!({ ...user, emailVerified: null });
    people.set(user.email, user);
    return user;
  }

  /** Statements run by `action`. */
  async function statementsOf(action: () => Promise<unknown>): Promise<string[]> {
    const before = statements.length;
    await action();
    return statements.slice(before);
  }

  beforeAll(async () => {
    await pool.query(`CREATE SCHEMA ${schema}`);
    await migrate(pool);
  });
  afterAll(async () => {
    await dropKeys(redisA, prefix);
    redisA.disconnect();
    redisB.disconnect();
    await pool.query(`DROP SCHEMA ${schema} CASCADE`);
    await pool.end();
  });

  test("signed in on one, read on the other: one database read fills, every read after costs none", async () => {
    const user = await person();
    const ada = visitor();
    expect((await ada.signIn(user.email)).headers.get("location")).toBe(`${origin}/home`);
    const miss = await statementsOf(async () => expect(await ada.on("b").session()).toMatchObject({ user: { email: user.email } }));
    expect(miss).toHaveLength(1);
    expect(miss[0]).toMatch(/JOIN users/);
    for (const instance of ["b", "a", "b"] as const) {
      expect(await statementsOf(async () => expect(await ada.on(instance).session()).toMatchObject({ user: { email: user.email } }))).toEqual([]);
    }
    // Without the cache, every read is a database read.
    for (let read = 0; read < 3; read++) {
      expect(await statementsOf(() => ada.on("uncached").session())).toHaveLength(1);
    }
    expect(adapterB.sessionCacheStats.hits).toBeGreaterThanOrEqual(2);
  });

  test("signed out on one: the other refuses the session at once", async () => {
    const user = await person();
    const ada = visitor();
    await ada.signIn(user.email);
    const token = ada.token();
    expect(await ada.on("b").session()).toMatchObject({ user: { email: user.email } });
    expect(await ada.on("b").session()).toMatchObject({ user: { email: user.email } });
    expect((await ada.on("a").signOut()).status).toBe(302);
    // The cookie the browser dropped, sent again to the other instance.
    expect(await replay(token, "b")).toBeNull();
  });

  test("a user updated on one is seen by the other at once", async () => {
    const user = await person();
    const ada = visitor();
    await ada.signIn(user.email);
    expect(await ada.on("b").session()).toMatchObject({ user: { name: "Ada" } });
    expect(await ada.on("b").session()).toMatchObject({ user: { name: "Ada" } });
    await adapterA.updateUser!({ id: user.id, name: "Ada Lovelace" });
    expect(await ada.on("b").session()).toMatchObject({ user: { name: "Ada Lovelace" } });
  });

  test("a user deleted on one is signed out on the other at once", async () => {
    const user = await person();
    const ada = visitor();
    await ada.signIn(user.email);
    expect(await ada.on("b").session()).toMatchObject({ user: { email: user.email } });
    await adapterA.deleteUser!(user.id);
    expect(await ada.on("b").session()).toBeNull();
  });

  test("every session of a user ended on one (deleteSessions) is refused by the other", async () => {
    const user = await person();
    const phone = visitor();
    const laptop = visitor();
    await phone.signIn(user.email);
    await laptop.signIn(user.email);
    expect(await phone.on("b").session()).not.toBeNull();
    expect(await laptop.on("b").session()).not.toBeNull();
    await adapterA.deleteSessions!(user.id);
    expect(await phone.on("b").session()).toBeNull();
    expect(await laptop.on("b").session()).toBeNull();
  });

  test("a method the cache does not know ends every cached session it could have touched", async () => {
    const user = await person();
    const ada = visitor();
    await ada.signIn(user.email);
    expect(await ada.on("b").session()).not.toBeNull();
    expect(await ada.on("b").session()).not.toBeNull();
    await adapterA.endSessionsOf(user.id);
    expect(await ada.on("b").session()).toBeNull();
  });

  test("evicted entries refill from the database: no one is signed out", async () => {
    const user = await person();
    const ada = visitor();
    await ada.signIn(user.email);
    expect(await ada.on("b").session()).not.toBeNull();
    // Only the cache's entries, then every key of the cache (generations, epoch, write counter).
    await redisA.del(...(await redisKeysUnder(redisA, `${prefix}sc:session:`)));
    expect(await statementsOf(async () => expect(await ada.on("a").session()).toMatchObject({ user: { email: user.email } }))).toHaveLength(1);
    await dropKeys(redisA, prefix);
    expect(await statementsOf(async () => expect(await ada.on("b").session()).toMatchObject({ user: { email: user.email } }))).toHaveLength(1);
    expect(await statementsOf(async () => expect(await ada.on("a").session()).toMatchObject({ user: { email: user.email } }))).toEqual([]);
    // An evicted user generation is never a match: the entry is read again from the database.
    await redisA.del(...(await redisKeysUnder(redisA, `${prefix}sc:user:`)));
    expect(await statementsOf(() => ada.on("b").session())).toHaveLength(1);
  });

  test("entries are keyed by the token's SHA-256 and hold no token, expire with the session at the latest and bring dates back as dates", async () => {
    const user = await person();
    const sessionToken = randomUUID();
    const expires = new Date(Date.now() + 60_000);
    await adapterA.updateUser!({ id: user.id, emailVerified: new Date() });
    await adapterA.createSession!({ sessionToken, userId: user.id, expires });
    const first = await adapterA.getSessionAndUser!(sessionToken);
    const digest = createHash("sha256").update(sessionToken).digest("hex");
    const keys = await redisKeysUnder(redisA, prefix);
    expect(keys.some((key) => key.includes(sessionToken))).toBe(false);
    expect(keys).toContain(`${prefix}sc:session:${digest}`);
    expect(await redisA.pexpiretime(`${prefix}sc:session:${digest}`)).toBe(expires.getTime());
    // Nor does the entry: the read gives back the token it was asked with.
    expect(Object.values(await redisA.hgetall(`${prefix}sc:session:${digest}`)).filter((value) => value.includes(sessionToken))).toEqual([]);
    const hits = adapterB.sessionCacheStats.hits;
    const cached = await adapterB.getSessionAndUser!(sessionToken);
    expect(adapterB.sessionCacheStats.hits).toBe(hits + 1);
    expect(cached).toEqual(first);
    expect(cached!.session.expires).toBeInstanceOf(Date);
    expect(cached!.user.emailVerified).toBeInstanceOf(Date);
    // A short ttl bounds a long session's entry.
    const short = withSessionCache(PostgresAdapter(pool), { client: redisA, prefix, ttl: 5 });
    await short.updateSession!({ sessionToken, expires: new Date(Date.now() + 3_600_000) });
    await short.getSessionAndUser!(sessionToken);
    expect(await redisA.pttl(`${prefix}sc:session:${digest}`)).toBeLessThanOrEqual(5000);
  });

  test("a session past its expiry is never served from the cache", async () => {
    const user = await person();
    const sessionToken = randomUUID();
    await adapterA.createSession!({ sessionToken, userId: user.id, expires: new Date(Date.now() + 400) });
    expect(await adapterA.getSessionAndUser!(sessionToken)).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await replay(sessionToken, "b")).toBeNull();
  });

  test("a write made while a miss reads the database keeps that read out of the cache", async () => {
    const user = await person();
    const sessionToken = randomUUID();
    await adapterA.createSession!({ sessionToken, userId: user.id, expires: new Date(Date.now() + 60_000) });
    // The database answers the miss, then the user is renamed on the other instance before the fill.
    const pg = PostgresAdapter(counted);
    let meanwhile: (() => Promise<unknown>) | null = async () => adapterB.updateUser!({ id: user.id, name: "Renamed" });
    const slow = withSessionCache(
      {
        ...pg,
        async getSessionAndUser(token: string) {
          const found = await pg.getSessionAndUser!(token);
          const write = meanwhile;
          meanwhile = null;
          await write?.();
          return found;
        },
      },
      { client: redisA, prefix },
    );
    expect((await slow.getSessionAndUser!(sessionToken))!.user.name).toBe("Ada");
    expect(slow.sessionCacheStats.fills).toBe(0);
    expect((await adapterB.getSessionAndUser!(sessionToken))!.user.name).toBe("Renamed");
    expect((await slow.getSessionAndUser!(sessionToken))!.user.name).toBe("Renamed");
  });

  test("an entry whose session has ended by the app's clock is not served, even while Redis keeps it", async () => {
    const user = await person();
    const sessionToken = randomUUID();
    const expires = new Date(Date.now() + 60_000);
    await adapterA.createSession!({ sessionToken, userId: user.id, expires });
    await adapterA.getSessionAndUser!(sessionToken);
    const { hits, misses } = adapterA.sessionCacheStats;
    expect(await adapterA.getSessionAndUser!(sessionToken)).not.toBeNull();
    expect(adapterA.sessionCacheStats.hits).toBe(hits + 1);
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(expires.getTime() + 1000);
      await adapterA.getSessionAndUser!(sessionToken);
      expect(adapterA.sessionCacheStats).toMatchObject({ hits: hits + 1, misses: misses + 1 });
    } finally {
      vi.useRealTimers();
    }
  });

  test("a frozen adapter is wrapped too, and a copy of the wrapped adapter ({ ...adapter }) still ends what it writes", async () => {
    const user = await person();
    const copy = { ...withSessionCache(Object.freeze(PostgresAdapter(counted)), { client: redisA, prefix }) };
    const sessionToken = randomUUID();
    await copy.createSession!({ sessionToken, userId: user.id, expires: new Date(Date.now() + 60_000) });
    expect(await copy.getSessionAndUser!(sessionToken)).not.toBeNull();
    expect(await statementsOf(async () => adapterB.getSessionAndUser!(sessionToken))).toEqual([]);
    await copy.deleteSession!(sessionToken);
    expect(await adapterB.getSessionAndUser!(sessionToken)).toBeNull();
  });

  test("Redis unreachable: sessions are read from the database, sign-out works, nothing fails", async () => {
    const closed = await freePort();
    const down = new Redis({ host: "127.0.0.1", port: closed, retryStrategy: () => 200, maxRetriesPerRequest: 0 });
    down.on("error", () => {});
    const errors: unknown[] = [];
    const adapter = withSessionCache(PostgresAdapter(counted), { client: down, prefix, onError: (error) => errors.push(error) });
    instances.uncached = config(adapter);
    try {
      const user = await person();
      const ada = visitor().on("uncached");
      expect((await ada.signIn(user.email)).headers.get("location")).toBe(`${origin}/home`);
      for (let read = 0; read < 3; read++) {
        expect(await statementsOf(async () => expect(await ada.session()).toMatchObject({ user: { email: user.email } }))).toHaveLength(1);
      }
      expect(adapter.sessionCacheStats.fallbacks).toBe(3);
      expect((await ada.signOut()).status).toBe(302);
      expect(adapter.sessionCacheStats.failedInvalidations).toBe(1);
      expect(await ada.session()).toBeNull();
    } finally {
      instances.uncached = config(PostgresAdapter(counted));
      down.disconnect();
    }
  });

  test.runIf(redisServer)("a sign-out while Redis is down leaves no stale entry when it is back, even with its data kept", async () => {
    const own = await ownRedis();
    const a = new Redis({ host: "127.0.0.1", port: own.port, retryStrategy: () => 100, maxRetriesPerRequest: 0 });
    const b = new Redis({ host: "127.0.0.1", port: own.port, retryStrategy: () => 100, maxRetriesPerRequest: 0 });
    a.on("error", () => {});
    b.on("error", () => {});
    const cachedA = withSessionCache(PostgresAdapter(counted), { client: a, prefix });
    const cachedB = withSessionCache(PostgresAdapter(counted), { client: b, prefix });
    const saved = { a: instances.a, b: instances.b };
    instances.a = config(cachedA);
    instances.b = config(cachedB);
    try {
      await Promise.all([ready(a), ready(b)]);
      const user = await person();
      const ada = visitor();
      await ada.signIn(user.email);
      const token = ada.token();
      expect(await ada.on("b").session()).not.toBeNull();
      expect(cachedB.sessionCacheStats.fills).toBe(1);
      expect(await statementsOf(() => ada.on("b").session())).toEqual([]);
      await own.stop();
      // Down: the read goes to the database; the sign-out is done there, its invalidation fails.
      expect(await ada.on("b").session()).not.toBeNull();
      expect((await ada.on("a").signOut()).status).toBe(302);
      expect(cachedA.sessionCacheStats.failedInvalidations).toBe(1);
      await own.start();
      await Promise.all([ready(a), ready(b)]);
      // The entry came back with the data, but it is not served.
      expect(await redisKeysUnder(a, `${prefix}sc:session:`)).toHaveLength(1);
      expect(await replay(token, "b")).toBeNull();
      expect(await replay(token, "a")).toBeNull();
    } finally {
      instances.a = saved.a;
      instances.b = saved.b;
      a.disconnect();
      b.disconnect();
      await own.stop();
      own.remove();
    }
  }, 30_000);
});

/** A Redis server of this test's own, on a free port, that keeps its data across a restart (AOF). */
async function ownRedis() {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "latch-sc-redis-"));
  let child: ChildProcess | null = null;
  async function start() {
    child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--appendonly", "yes", "--appendfsync", "always", "--save", ""], { stdio: "ignore" });
    for (let attempt = 0; attempt < 100; attempt++) {
      const probe = new Redis({ host: "127.0.0.1", port, retryStrategy: () => null, lazyConnect: true, maxRetriesPerRequest: 0 });
      probe.on("error", () => {});
      const answered = await probe.connect().then(() => probe.ping(), () => null);
      probe.disconnect();
      if (answered === "PONG") return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`redis-server did not start on port ${port}`);
  }
  async function stop() {
    const running = child;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGTERM");
    await exited;
    child = null;
  }
  await start();
  return { port, start, stop, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
