/**
 * Rate limits on the real Redis: two Latch instances (two config objects, each with its own
 * limiter and Redis connection) share one limit; many concurrent attempts cannot pass more than
 * the limit; lockout (per account and client) is shared too; a stopped connection makes sign-in
 * fail closed.
 */
import { createHash, randomUUID } from "node:crypto";
import { Auth, setClientAddress, type AuthConfig } from "@latch/core";
import Credentials from "@latch/core/providers/credentials";
import { RateLimit, type RateLimitOptions } from "@latch/core/rate-limit";
import { needService, services } from "@latch/testing";
import { Redis } from "ioredis";
import { afterAll, describe, expect, test } from "vitest";
import { RedisRateLimitStore } from "../src/rate-limit-store.js";

const secret = "redis-rate-limit-secret-0123456789abcdef";
const origin = "http://localhost";

describe.runIf(await needService(services.redis))("rate limits on Redis", () => {
  const keyPrefix = `latch-test-rl-${randomUUID().slice(0, 8)}:`;
  const connections = [0, 1].map(() => new Redis({ host: services.redis.host, port: services.redis.port, lazyConnect: true }));
  const calls = { count: 0 };

  afterAll(async () => {
    const keys = await connections[0]!.keys(`${keyPrefix}*`);
    if (keys.length) await connections[0]!.del(...keys);
    for (const c of connections) c.disconnect();
  });

  function instance(redis: Redis, routes: RateLimitOptions["routes"] = { credentials: { ip: 10, account: 0 } }, lockout: false | { freeFailures: number } = false): Omit<AuthConfig, "raw"> {
    return {
      secret,
      trustHost: true,
      logger: { error: () => {}, warn: () => {}, debug: () => {} },
      rateLimit: RateLimit({ store: RedisRateLimitStore(redis), keyPrefix, routes, lockout }),
      providers: [Credentials({ credentials: { username: {}, password: {} }, authorize: ({ username, password }) => (calls.count++, username === "alice" && password === "wonderland" ? { id: "1" } : null) })],
    };
  }

  async function attempt(config: Omit<AuthConfig, "raw">, username: string, ip: string, password = "guess"): Promise<Response> {
    const csrf = await Auth(new Request(`${origin}/auth/csrf`), config);
    const cookie = csrf.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const request = new Request(`${origin}/auth/callback/credentials`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie },
      body: new URLSearchParams({ csrfToken, username, password }),
    });
    setClientAddress(request, ip);
    return Auth(request, config);
  }

  test("two instances sharing Redis hold one limit, also when the attempts are concurrent", async () => {
    const [a, b] = [instance(connections[0]!), instance(connections[1]!)];
    calls.count = 0;
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await attempt(i % 2 ? a : b, `user${i}`, "203.0.113.20")).status);
    expect(statuses.filter((s) => s === 302)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual(new Array(10).fill(429));
    expect(calls.count).toBe(10);

    // 60 attempts at once from another address, half through each instance: still 10.
    calls.count = 0;
    const burst = await Promise.all(Array.from({ length: 60 }, (_, i) => attempt(i % 2 ? a : b, `burst${i}`, "203.0.113.21")));
    expect(burst.filter((r) => r.status === 302)).toHaveLength(10);
    expect(calls.count).toBe(10);
    const refused = burst.find((r) => r.status === 429)!;
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(60);
  });

  test("an account locked for a network through one instance is locked there on the other; other networks are not", async () => {
    const routes = { credentials: { ip: 1000, account: 1000 } };
    const [a, b] = [instance(connections[0]!, routes, { freeFailures: 3 }), instance(connections[1]!, routes, { freeFailures: 3 })];
    for (let i = 0; i < 3; i++) expect((await attempt(a, "alice", "198.51.100.0")).status).toBe(302);
    const locked = await attempt(b, "alice", "198.51.100.0", "wonderland");
    expect(locked.status).toBe(429);
    expect(locked.headers.get("retry-after")).toBe("15");
    // The backoff is per account and client: the account's owner elsewhere is not locked out.
    expect((await attempt(b, "alice", "198.51.100.99", "wonderland")).headers.get("location")).not.toContain("error");
    // The keys hold digests, not the account or the address.
    const keys = await connections[0]!.keys(`${keyPrefix}*`);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(key).not.toMatch(/alice|198\.51|203\.0/);
    // Nor their plain digests, which trying every address or a list of names would reverse.
    const plain = ["alice", "198.51.100.0", "203.0.113.20"].map((v) => createHash("sha256").update(v).digest("hex"));
    for (const key of keys) for (const digest of plain) expect(key).not.toContain(digest);
  });

  test("with the connection gone, sign-in fails closed (503) and a fail-open route lets requests through", async () => {
    const gone = new Redis({ host: services.redis.host, port: services.redis.port, lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false });
    gone.disconnect();
    calls.count = 0;
    const closed = await attempt(instance(gone), "alice", "192.0.2.1", "wonderland");
    expect(closed.status).toBe(503);
    expect(calls.count).toBe(0);
    const open = await attempt(instance(gone, { credentials: { ip: 10, account: 0, onStoreError: "open" } }), "alice", "192.0.2.1", "wonderland");
    expect(open.status).toBe(302);
    expect(calls.count).toBe(1);
  });
});
