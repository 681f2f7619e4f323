/**
 * getAccessToken with JWT sessions over two Latch instances (two config objects, each with its
 * own Redis connection and single-flight state) that share a real Redis through
 * `RedisRefreshLock`, against the real OpenID Provider of @latch/testing (rotating refresh
 * tokens; refresh grants counted there). No adapter: the provider's tokens live in the cookie.
 * Then the same on a redis-server of the suite's own (AOF on), stopped and restarted while
 * refreshes run.
 */
import { randomUUID } from "node:crypto";
import { spawnSync } from "node:child_process";
import { Auth, getAccessToken, type AuthConfig } from "@latch/core";
import { decode, encode } from "@latch/core/jwt";
import type { RefreshLockStore } from "@latch/core/types";
import { needService, services, startOpenIDProvider, startOwnRedis, providerSignedInBrowser, type OpenIDProvider, type OwnRedis } from "@latch/testing";
import { Redis, type RedisOptions } from "ioredis";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { RedisRefreshLock } from "../src/refresh-lock.js";

const prefix = `latch-test-${randomUUID().slice(0, 8)}:`;
const base = "http://localhost/auth";
const secret = "jwt-refresh-lock-secret-0123456789abcdef";
const cookieName = "authjs.session-token";

type Tokens = { access_token: string; refresh_token: string; expires_at: number };

/** Two instances' configs, each with its own lock store, signing in through `op`. */
function instancesOf(op: OpenIDProvider, locks: RefreshLockStore[]): AuthConfig[] {
  return locks.map((refreshLock) => ({
    secret,
    trustHost: true,
    session: { strategy: "jwt", providerTokens: true, refreshLock },
    logger: { error: () => {}, warn: () => {}, debug: () => {} },
    providers: [{ id: "op", name: "Test OP", type: "oidc", issuer: op.issuer, clientId: "latch", clientSecret: "latch-secret" }],
  }));
}

/** Signs in through `op` on `config` and gives the session cookie's `name=value`. */
async function signIn(op: OpenIDProvider, config: AuthConfig): Promise<string> {
  await op.setClient({ client_id: "latch", client_secret: "latch-secret", redirect_uris: [`${base}/callback/op`] });
  const browser = await providerSignedInBrowser((request) => Auth(request, config), base, "op");
  return `${cookieName}=${browser.cookie(base, cookieName)}`;
}

const tokenOf = async (pair: string) => (await decode({ token: pair.slice(cookieName.length + 1), secret, salt: cookieName }))!;
const providerTokens = async (pair: string) => ((await tokenOf(pair)).providerTokens as Record<string, Tokens>).op!;
/** The session cookie with the provider's access token made to look expired. */
async function expired(pair: string, changes: Partial<Tokens> = {}): Promise<string> {
  const { iat: _i, exp: _e, jti: _j, ...token } = await tokenOf(pair);
  const op = { ...(await providerTokens(pair)), expires_at: Math.floor(Date.now() / 1000) - 5, ...changes };
  return `${cookieName}=${await encode({ token: { ...token, providerTokens: { op } }, secret, salt: cookieName })}`;
}
const request = (pair: string) => new Request(`${base}/api`, { headers: { cookie: pair } });
const sessionCookie = (cookies: string[]) => cookies.find((c) => c.startsWith(`${cookieName}=`))!.split(";")[0]!;

describe.runIf(await needService(services.redis))("getAccessToken with JWT sessions, two instances sharing a Redis refresh lock", () => {
  const connections = [0, 1].map(() => new Redis({ host: services.redis.host, port: services.redis.port, lazyConnect: true }));
  let op: OpenIDProvider;
  let instances: AuthConfig[];
  let cookie: string;

  beforeAll(async () => {
    op = await startOpenIDProvider({ accessTokenTtl: 120, rotateRefreshTokens: true });
    instances = instancesOf(op, connections.map((connection) => RedisRefreshLock(connection, { prefix })));
    cookie = await signIn(op, instances[0]!);
  });

  afterAll(async () => {
    await op?.close();
    const redis = connections[0]!;
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    for (const connection of connections) connection.disconnect();
  });

  const session = async (pair: string) => (await (await Auth(new Request(`${base}/session`, { headers: { cookie: pair } }), instances[1]!)).json()) as Record<string, unknown>;

  test("50 concurrent calls on an expired token over two instances: one refresh reaches the provider, all get the new token and a cookie with it", async () => {
    const stale = await expired(cookie);
    const old = await providerTokens(stale);
    const before = { ...op.refreshGrants };
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => getAccessToken(instances[i % 2]!, { request: request(stale), provider: "op" })));
    expect(op.refreshGrants.succeeded - before.succeeded).toBe(1);
    expect(op.refreshGrants.refused - before.refused).toBe(0);
    const fresh = results[0]!.accessToken!;
    expect(fresh).not.toBe(old.access_token);
    for (const result of results) {
      expect(result.accessToken).toBe(fresh);
      // Every caller gets the cookie to set, carrying the rotated tokens.
      const rotated = await providerTokens(sessionCookie(result.cookies));
      expect(rotated.access_token).toBe(fresh);
      expect(rotated.refresh_token).not.toBe(old.refresh_token);
    }
    // The new token works at the provider.
    expect((await fetch(op.endpoints.userinfo, { headers: { authorization: `Bearer ${fresh}` } })).status).toBe(200);
    // The store holds digests and a sealed outcome, never a token.
    const redis = connections[0]!;
    for (const key of await redis.keys(`${prefix}*`)) {
      expect(key).not.toContain(old.refresh_token);
      const value = (await redis.get(key)) ?? "";
      expect(value).not.toContain(fresh);
      expect(value).not.toContain(old.refresh_token);
    }
    cookie = sessionCookie(results[0]!.cookies);
  });

  test("a request still carrying the old cookie later reads the outcome instead of sending the used refresh token", async () => {
    const before = { ...op.refreshGrants };
    const stale = await expired(cookie);
    const first = await getAccessToken(instances[0]!, { request: request(stale), provider: "op" });
    const late = await getAccessToken(instances[1]!, { request: request(stale), provider: "op" });
    expect(op.refreshGrants.succeeded - before.succeeded).toBe(1);
    expect(op.refreshGrants.refused - before.refused).toBe(0);
    expect(late.accessToken).toBe(first.accessToken);
    cookie = sessionCookie(first.cookies);
  });

  test("a refused refresh token reaches the provider once over both instances; every caller gets RefreshTokenError and a cookie that says so", async () => {
    const stale = await expired(cookie, { refresh_token: `dead-${randomUUID()}` });
    const before = { ...op.refreshGrants };
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => getAccessToken(instances[i % 2]!, { request: request(stale), provider: "op" })));
    expect(op.refreshGrants.refused - before.refused).toBe(1);
    expect(op.refreshGrants.succeeded).toBe(before.succeeded);
    for (const result of results) {
      expect(result).toMatchObject({ accessToken: null, error: "RefreshTokenError" });
      expect(await session(sessionCookie(result.cookies))).toMatchObject({ error: "RefreshTokenError", user: { email: expect.any(String) } });
    }
  });
});

const redisServer = spawnSync("redis-server", ["--version"], { stdio: "ignore" }).status === 0;
if (!redisServer && process.env.LATCH_REQUIRE_SERVICES === "1") throw new Error("redis-server is required (LATCH_REQUIRE_SERVICES=1) but the program is not installed");
if (!redisServer) console.warn("skipped: no redis-server program to start a Redis of the suite's own");

describe.runIf(redisServer)("the Redis refresh lock while its Redis stops and restarts", () => {
  let own: OwnRedis;
  let op: OpenIDProvider;
  const connections: Redis[] = [];
  /** A connection that gives up quickly while the server is away, so a stopped Redis is seen in the test's time. */
  const connect = (options: RedisOptions = {}) => {
    const connection = new Redis({ host: own.host, port: own.port, retryStrategy: () => 50, ...options });
    connections.push(connection);
    return connection;
  };
  /** A lock store that runs `after` once, right after it first takes a lock. */
  const afterFirstAcquire = (store: RefreshLockStore, after: () => Promise<void>): RefreshLockStore => {
    let done = false;
    return {
      ...store,
      async acquire(name, holder, until) {
        const taken = await store.acquire(name, holder, until);
        if (taken && !done) {
          done = true;
          await after();
        }
        return taken;
      },
    };
  };

  /** A lock store whose Redis stops just before it first records an outcome. */
  const stopsBeforeRelease = (store: RefreshLockStore): RefreshLockStore => ({
    ...store,
    async release(name, holder, outcome, expires) {
      await own.stop();
      return store.release(name, holder, outcome, expires);
    },
  });

  beforeAll(async () => {
    own = await startOwnRedis();
    op = await startOpenIDProvider({ accessTokenTtl: 120, rotateRefreshTokens: true });
  });

  afterAll(async () => {
    for (const connection of connections) connection.disconnect();
    await op?.close();
    await own?.remove();
  });

  test("Redis restarts while an instance holds the lock: AOF keeps the lock, so one grant reaches the provider and all 20 callers over two instances get its token", async () => {
    const stores = [RedisRefreshLock(connect(), { prefix }), RedisRefreshLock(connect(), { prefix })];
    const instances = instancesOf(op, [afterFirstAcquire(stores[0]!, () => own.restart()), afterFirstAcquire(stores[1]!, () => own.restart())]);
    const stale = await expired(await signIn(op, instances[0]!));
    const before = { ...op.refreshGrants };
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => getAccessToken(instances[i % 2]!, { request: request(stale), provider: "op" })));
    expect(op.refreshGrants.succeeded - before.succeeded).toBe(1);
    expect(op.refreshGrants.refused - before.refused).toBe(0);
    const fresh = results[0]!.accessToken;
    expect(fresh).toEqual(expect.any(String));
    for (const result of results) expect(result.accessToken).toBe(fresh);
  });

  test("Redis is down: no grant is sent, the call fails without writing a cookie, and the refresh succeeds once Redis is back", async () => {
    const instances = instancesOf(op, [RedisRefreshLock(connect({ maxRetriesPerRequest: 1 }), { prefix })]);
    const stale = await expired(await signIn(op, instances[0]!));
    const before = { ...op.refreshGrants };
    await own.stop();
    try {
      const refused = await getAccessToken(instances[0]!, { request: request(stale), provider: "op" });
      expect(refused).toEqual({ accessToken: null, error: "RefreshTokenError", cookies: [] });
      expect(op.refreshGrants).toEqual(before);
    } finally {
      await own.start();
    }
    const later = await getAccessToken(instances[0]!, { request: request(stale), provider: "op" });
    expect(later.accessToken).toEqual(expect.any(String));
    expect((await providerTokens(sessionCookie(later.cookies))).access_token).toBe(later.accessToken);
    expect(op.refreshGrants.succeeded - before.succeeded).toBe(1);
  });

  test("Redis goes down before the outcome is recorded: the grant is spent, and the caller that holds its tokens still gets them and their cookie", async () => {
    const store = RedisRefreshLock(connect({ maxRetriesPerRequest: 1 }), { prefix });
    const instances = instancesOf(op, [stopsBeforeRelease(store)]);
    const stale = await expired(await signIn(op, instances[0]!));
    const old = await providerTokens(stale);
    const before = { ...op.refreshGrants };
    try {
      const result = await getAccessToken(instances[0]!, { request: request(stale), provider: "op" });
      expect(op.refreshGrants.succeeded - before.succeeded).toBe(1);
      expect(result.accessToken).toEqual(expect.any(String));
      const rotated = await providerTokens(sessionCookie(result.cookies));
      expect(rotated.access_token).toBe(result.accessToken);
      expect(rotated.refresh_token).not.toBe(old.refresh_token);
    } finally {
      await own.start();
    }
  });
});
