/**
 * The revocation of JWT sessions (`JwtRevocation`) over the real Redis store, driven directly:
 * each answer of `isRevoked`, the cache (its period, its bound, which entry goes first), what
 * revoking writes, and the server API on JWT sessions. Store calls are counted by a wrapper over
 * the real store; only `Date` is faked, to place the cache period exactly.
 */
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { revokeAllSessions, revokeOtherSessions, revokeSession, type AuthConfig, type RevocationStore } from "@latch/core";
import { JwtRevocation } from "@latch/core/revocation";
import { needService, services } from "@latch/testing";
import { Redis } from "ioredis";
import { RedisRevocationStore } from "../src/revocation-store.js";

const prefix = `latch-mut-revocation-${randomUUID().slice(0, 8)}:`;

describe.runIf(await needService(services.redis))("JwtRevocation on Redis", () => {
  const redis = new Redis({ host: services.redis.host, port: services.redis.port });
  const real = RedisRevocationStore(redis, { prefix });
  const checks: string[] = [];
  const store: RevocationStore = {
    revokeSession: (...args) => real.revokeSession(...args),
    revokeUser: (...args) => real.revokeUser(...args),
    check: (userId, sessionId) => (checks.push(`${userId}/${sessionId}`), real.check(userId, sessionId)),
  };
  let now = 0;

  beforeEach(() => {
    checks.length = 0;
    now = Date.now();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(now);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  const user = () => `user-${randomUUID().slice(0, 8)}`;
  const at = (seconds: number) => vi.setSystemTime(now + seconds * 1000);

  test("new sessions get a random id and their start", () => {
    const claims = JwtRevocation({ store }).newSessionClaims();
    expect(claims.sid).toMatch(/^[0-9a-f-]{36}$/);
    expect(claims.sat).toBe(now);
    expect(JwtRevocation({ store }).cacheSeconds).toBe(30);
  });

  test("a token without a subject is never revoked and costs no store call", async () => {
    expect(await JwtRevocation({ store }).isRevoked({ sid: "s" })).toBe(false);
    expect(checks).toEqual([]);
  });

  test("one revoked session is refused at once by the instance that revoked it; the others live", async () => {
    const u = user();
    const revocation = JwtRevocation({ store, cacheSeconds: 600 });
    expect(await revocation.isRevoked({ sub: u, sid: "a", sat: now })).toBe(false);
    await revocation.revokeSession(u, "a", 100);
    expect(await revocation.isRevoked({ sub: u, sid: "a", sat: now })).toBe(true);
    expect(await revocation.isRevoked({ sub: u, sid: "b", sat: now })).toBe(false);
    // Kept in the store for the token's life plus the cache period.
    const ttl = await redis.pttl(`${prefix}revoked:session:${u}:a`);
    expect(ttl).toBeGreaterThan(690_000);
    expect(ttl).toBeLessThanOrEqual(700_000);
  });

  test("the cache answers for cacheSeconds, then the store is asked again", async () => {
    const u = user();
    const revocation = JwtRevocation({ store, cacheSeconds: 10 });
    const token = { sub: u, sid: "a", sat: now };
    expect(await revocation.isRevoked(token)).toBe(false);
    at(9.999);
    expect(await revocation.isRevoked(token)).toBe(false);
    expect(checks).toHaveLength(1);
    // Another instance revokes: this one learns it once its answer is 10 s old.
    await JwtRevocation({ store }).revokeSession(u, "a", 100);
    expect(await revocation.isRevoked(token)).toBe(false);
    at(10);
    expect(await revocation.isRevoked(token)).toBe(true);
    expect(checks).toHaveLength(2);
  });

  test("cacheSeconds 0 asks the store every time", async () => {
    const revocation = JwtRevocation({ store, cacheSeconds: 0 });
    const token = { sub: user(), sid: "a", sat: now };
    await revocation.isRevoked(token);
    await revocation.isRevoked(token);
    expect(checks).toHaveLength(2);
  });

  test("the cache holds cacheSize answers; the one stored longest ago goes first", async () => {
    const u = user();
    const revocation = JwtRevocation({ store, cacheSeconds: 10, cacheSize: 2 });
    const ask = (sid: string) => revocation.isRevoked({ sub: u, sid, sat: now });
    await ask("a");
    at(5);
    await ask("b");
    at(11);
    await ask("a"); // a's answer expired: asked again, now the newest entry
    await ask("c"); // the cache is full: b (stored longest ago) goes
    checks.length = 0;
    await ask("a");
    expect(checks).toEqual([]);
    await ask("b");
    expect(checks).toEqual([`${u}/b`]);
  });

  test("sign out everywhere: sessions started up to the mark are refused, the one spared and later ones are not", async () => {
    const u = user();
    const revocation = JwtRevocation({ store, cacheSeconds: 600 });
    const kept = { sub: u, sid: "kept", sat: now - 1000 };
    const other = { sub: u, sid: "other", sat: now - 1000 };
    const sameMs = { sub: u, sid: "same", sat: now };
    expect(await revocation.isRevoked(other)).toBe(false);
    await revocation.revokeUser(u, "kept", 100);
    expect(await revocation.isRevoked(other)).toBe(true);
    expect(await revocation.isRevoked(sameMs)).toBe(true);
    expect(await revocation.isRevoked(kept)).toBe(false);
    expect(await revocation.isRevoked({ sub: u, sid: "later", sat: now + 1 })).toBe(false);
    // Without a start, the issue time stands in (seconds); without either, the token is older than any mark.
    expect(await revocation.isRevoked({ sub: u, sid: "x", iat: Math.floor(now / 1000) - 1 })).toBe(true);
    expect(await revocation.isRevoked({ sub: u, sid: "y", iat: Math.floor(now / 1000) + 1 })).toBe(false);
    expect(await revocation.isRevoked({ sub: u, sid: "z" })).toBe(true);
    // A token without a session id is judged by the mark alone.
    expect(await revocation.isRevoked({ sub: u, sat: now - 1 })).toBe(true);
    expect(await revocation.isRevoked({ sub: u, sat: now + 1 })).toBe(false);
    const ttl = await redis.pttl(`${prefix}revoked:user:${u}`);
    expect(ttl).toBeGreaterThan(690_000);
    expect(ttl).toBeLessThanOrEqual(700_000);
  });

  test("revoking a user empties this instance's cache of that user only", async () => {
    const [u, v] = [user(), user()];
    const revocation = JwtRevocation({ store, cacheSeconds: 600 });
    await revocation.isRevoked({ sub: u, sid: "a", sat: now - 1 });
    await revocation.isRevoked({ sub: v, sid: "a", sat: now - 1 });
    await revocation.revokeUser(u, null, 100);
    checks.length = 0;
    expect(await revocation.isRevoked({ sub: u, sid: "a", sat: now - 1 })).toBe(true);
    expect(await revocation.isRevoked({ sub: v, sid: "a", sat: now - 1 })).toBe(false);
    expect(checks).toEqual([`${u}/a`]);
  });

  test("a token without sid is not 'revoked' by a revoked empty session id", async () => {
    const u = user();
    const revocation = JwtRevocation({ store, cacheSeconds: 0 });
    await redis.set(`${prefix}revoked:session:${u}:`, "1");
    expect(await revocation.isRevoked({ sub: u, sat: now })).toBe(false);
  });

  test("the server API on JWT sessions goes through the revocation, with counts unknown", async () => {
    const events: unknown[] = [];
    const config: AuthConfig = {
      secret: "mutation-revocation-secret-0123456789ab",
      providers: [],
      session: { strategy: "jwt", maxAge: 100, revocation: JwtRevocation({ store, cacheSeconds: 5 }) },
      events: { sessionRevoked: (message) => void events.push(message) },
    };
    const u = user();
    expect(await revokeSession(config, u, "s1")).toBe(true);
    expect(await redis.pttl(`${prefix}revoked:session:${u}:s1`)).toBeGreaterThan(100_000);
    expect(await revokeOtherSessions(config, u, "s2")).toBeNull();
    expect(JSON.parse((await redis.get(`${prefix}revoked:user:${u}`))!)).toEqual({ validAfter: now, except: "s2" });
    expect(await revokeAllSessions(config, u)).toBeNull();
    expect(JSON.parse((await redis.get(`${prefix}revoked:user:${u}`))!)).toEqual({ validAfter: now, except: null });
    expect(events).toEqual([
      { userId: u, scope: "session", sessionId: "s1", count: 1 },
      { userId: u, scope: "others", count: null },
      { userId: u, scope: "all", count: null },
    ]);
  });

  test("a session id that is not a string counts as none; a token without one is checked under the empty id", async () => {
    const u = user();
    const revocation = JwtRevocation({ store, cacheSeconds: 0 });
    await revocation.revokeSession(u, "5", 100);
    expect(await revocation.isRevoked({ sub: u, sid: 5 as never, sat: now })).toBe(false);
    checks.length = 0;
    expect(await revocation.isRevoked({ sub: u, sat: now })).toBe(false);
    expect(checks).toEqual([`${u}/`]);
  });

  test("with no mark for the user, a token without start or issue time is not revoked", async () => {
    expect(await JwtRevocation({ store, cacheSeconds: 0 }).isRevoked({ sub: user(), sid: "x" })).toBe(false);
  });
});
