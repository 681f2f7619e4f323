/**
 * getAccessToken with the Redis adapter against the real OpenID Provider of @latch/testing
 * (rotating refresh tokens, refresh grants counted there): two Latch instances, each with its own
 * Redis connection and config, share one Redis, as two app servers would. The browser's requests
 * to the app go straight to `Auth()`; those to the provider go over HTTP.
 */
import { randomUUID } from "node:crypto";
import { Auth, getAccessToken, RefreshTokenError, type AuthConfig } from "@latch/core";
import { createBrowser, followProviderSignIn, needService, services, startOpenIDProvider, type OpenIDProvider } from "@latch/testing";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { RedisAdapter } from "../src/adapter.js";
import { keysFor } from "../src/keys.js";

const prefix = `latch-test-${randomUUID().slice(0, 8)}:`;
const base = "http://localhost/auth";
const account = { sub: `op-${randomUUID()}`, email: "rosa@example.com", email_verified: true, name: "Rosa" };

describe.runIf(await needService(services.redis))("getAccessToken with the Redis adapter", () => {
  const connections = [0, 1].map(() => new Redis({ host: services.redis.host, port: services.redis.port, lazyConnect: true }));
  const redis = connections[0]!;
  let op: OpenIDProvider;
  let instances: AuthConfig[];
  let userId: string;
  let accountKey: string;
  let browser: ReturnType<typeof createBrowser>;

  beforeAll(async () => {
    op = await startOpenIDProvider({ accounts: [account], accessTokenTtl: 120, rotateRefreshTokens: true });
    await op.setClient({ client_id: "latch", client_secret: "latch-secret", redirect_uris: [`${base}/callback/op`] });
    instances = connections.map((connection) => ({
      secret: "redis-access-token-secret-0123456789",
      trustHost: true,
      adapter: RedisAdapter(connection, { prefix }),
      logger: { error: () => {}, warn: () => {}, debug: () => {} },
      providers: [{ id: "op", name: "Test OP", type: "oidc", issuer: op.issuer, clientId: "latch", clientSecret: "latch-secret" }],
    }));
    const app = (input: string | URL | Request, init?: RequestInit) => {
      const request = new Request(input, init);
      return request.url.startsWith(base) ? Auth(request, instances[0]!) : fetch(request);
    };
    browser = createBrowser({ fetch: app as typeof fetch });
    await signIn();
    const user = await RedisAdapter(redis, { prefix }).getUserByAccount!({ provider: "op", providerAccountId: account.sub });
    userId = user!.id;
    accountKey = keysFor(prefix).account("op", account.sub);
  });

  afterAll(async () => {
    await op?.close();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    for (const connection of connections) connection.disconnect();
  });

  async function signIn() {
    await followProviderSignIn(browser, base, "op");
  }
  const session = async () => (await (await browser.fetch(`${base}/session`)).json()) as { user?: unknown; error?: string } | null;

  const stored = async () => JSON.parse((await redis.get(accountKey))!) as { access_token: string; refresh_token: string; expires_at: number };
  const expire = async (changes: Record<string, unknown> = {}) =>
    redis.set(accountKey, JSON.stringify({ ...(await stored()), expires_at: Math.floor(Date.now() / 1000) - 5, ...changes }));

  test("50 concurrent calls on an expired token over two instances: one refresh reaches the provider, all get the new token", async () => {
    expect((await stored()).refresh_token).toBeTruthy();
    await expire();
    const old = await stored();
    const before = { ...op.refreshGrants };
    const tokens = await Promise.all(Array.from({ length: 50 }, (_, i) => getAccessToken(instances[i % 2]!, { userId, provider: "op" })));
    expect(op.refreshGrants.succeeded - before.succeeded).toBe(1);
    expect(op.refreshGrants.refused - before.refused).toBe(0);
    const after = await stored();
    expect(new Set(tokens)).toEqual(new Set([after.access_token]));
    expect(after.access_token).not.toBe(old.access_token);
    expect(after.refresh_token).not.toBe(old.refresh_token);
    expect(await redis.exists(keysFor(prefix).accountLease("op", account.sub))).toBe(0);
  });

  test("a refused refresh token: one request reaches the provider, every caller gets RefreshTokenError, the session says so, no token is written", async () => {
    await expire({ refresh_token: "not-a-refresh-token" });
    const before = await stored();
    expect(await session()).not.toHaveProperty("error");
    const grants = { ...op.refreshGrants };
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => getAccessToken(instances[i % 2]!, { userId, provider: "op" })));
    for (const result of results) expect((result as PromiseRejectedResult).reason).toBeInstanceOf(RefreshTokenError);
    // The lease holder recorded the refusal; the other instance read it instead of asking again.
    expect(op.refreshGrants.refused - grants.refused).toBe(1);
    const after = await stored();
    expect(after).toEqual({ ...before, refreshError: "invalid_grant" });
    await expect(getAccessToken(instances[1]!, { userId, provider: "op" })).rejects.toBeInstanceOf(RefreshTokenError);
    expect(op.refreshGrants.refused - grants.refused).toBe(1);
    expect(await session()).toMatchObject({ user: { email: "rosa@example.com" }, error: "RefreshTokenError" });
  });

  test("signing in again stores the provider's new tokens, which ends the refusal", async () => {
    await signIn();
    const renewed = await stored();
    expect(renewed.refresh_token).not.toBe("not-a-refresh-token");
    expect(renewed).not.toHaveProperty("refreshError");
    expect(await redis.scard(keysFor(prefix).userRefusedAccounts(userId))).toBe(0);
    expect(await session()).not.toHaveProperty("error");
  });
});
