/**
 * `ApiKeys()` storing its keys in Redis, through `Auth()` and the server API, with the per-key
 * limit counted in a Redis rate-limit store shared by two instances: a key is stored as the
 * SHA-256 of its secret, read as its owner's session, limited across instances, refused once
 * revoked, and gone with its user.
 */
import { createHash, randomUUID } from "node:crypto";
import { Auth, type AuthConfig } from "@latch/core";
import { ApiKeys, createApiKey, revokeApiKey } from "@latch/core/api-keys";
import { RateLimit } from "@latch/core/rate-limit";
import Credentials from "@latch/core/providers/credentials";
import { needService, services } from "@latch/testing";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { RedisAdapter } from "../src/adapter.js";
import { RedisRateLimitStore } from "../src/index.js";

const prefix = `latch-test-${randomUUID().slice(0, 8)}:`;
const origin = "http://localhost:3000";
const user = { id: `user-${randomUUID()}`, email: `${randomUUID()}@example.com`, name: "Ada", image: null, emailVerified: null };
const owner = { type: "user", id: user.id } as const;

describe.runIf(await needService(services.redis))("API keys stored in Redis", () => {
  const redis = new Redis({ host: services.redis.host, port: services.redis.port, lazyConnect: true });
  beforeAll(async () => {
    await redis.connect();
    await RedisAdapter(redis, { prefix }).createUser!(user);
  });
  afterAll(async () => {
    const found = await redis.keys(`${prefix}*`);
    if (found.length) await redis.del(...found);
    await redis.quit();
  });

  const instance = (): AuthConfig => ({
    secret: "redis-api-keys-secret-0123456789abcdef",
    trustHost: true,
    adapter: RedisAdapter(redis, { prefix }),
    session: { strategy: "database" },
    logger: { error: () => {}, warn: () => {}, debug: () => {} },
    providers: [Credentials({ authorize: () => null })],
    rateLimit: RateLimit({ store: RedisRateLimitStore(redis, { prefix }) }),
    apiKeys: ApiKeys({ limit: { max: 4, window: 60 } }),
  });
  const read = (config: AuthConfig, key: string) => Auth(new Request(`${origin}/auth/session`, { headers: { "x-api-key": key } }), config as Omit<AuthConfig, "raw">);

  test("a key is stored hashed, read as its owner's session, limited across instances, refused once revoked", async () => {
    const [first, second] = [instance(), instance()];
    const { key, apiKey } = await createApiKey(first, owner, { name: "worker", scopes: ["jobs:run"] });
    const stored = await redis.hgetall(`${prefix}api-key:${apiKey.id}`);
    expect(JSON.parse(stored.hash!)).toBe(createHash("sha256").update(key.slice(-43)).digest("hex"));
    expect(JSON.stringify(stored)).not.toContain(key.slice(-43));
    expect(await (await read(first, key)).json()).toMatchObject({ user: { id: user.id }, apiKey: { id: apiKey.id, scopes: ["jobs:run"] } });
    for (let i = 0; i < 3; i++) expect((await read(i % 2 ? first : second, key)).status).toBe(200);
    const limited = await read(second, key);
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { error: string }).error).toBe("ApiKeyRateLimited");
    expect(await revokeApiKey(first, owner, apiKey.id)).toBe(true);
    expect((await read(first, key)).status).toBe(401);
  });

  test("deleting the user deletes the user's keys", async () => {
    const config = instance();
    const other = { ...user, id: `user-${randomUUID()}`, email: `${randomUUID()}@example.com` };
    const adapter = RedisAdapter(redis, { prefix });
    await adapter.createUser!(other);
    const { apiKey } = await createApiKey(config, { type: "user", id: other.id }, { name: "gone" });
    await adapter.deleteUser!(other.id);
    expect(await redis.exists(`${prefix}api-key:${apiKey.id}`, `${prefix}api-keys:user:${encodeURIComponent(other.id)}`)).toBe(0);
  });
});
