/**
 * `@latch/oidc-provider/redis` on the real Redis, under a random key prefix removed afterwards: the
 * durable-store suite, and the keys' expiry equal to the models'.
 */
import { randomUUID } from "node:crypto";
import { needService, services, redisKeysUnder } from "@latch/testing";
import { Redis } from "ioredis";
import { describe, expect, test } from "vitest";
import { redisStorage } from "../src/redis.js";
import { durableStorageSuite } from "./durable-storage.js";


async function openRedis() {
  const redis = new Redis({ host: services.redis.host, port: services.redis.port });
  const prefix = `latch-test-oauth-${randomUUID().slice(0, 8)}:`;
  return { redis, prefix };
}

describe.runIf(await needService(services.redis))("Redis", () => {
  durableStorageSuite("redisStorage", async () => {
    const { redis, prefix } = await openRedis();
    return {
      storage: redisStorage(redis, { prefix }),
      async dump() {
        const parts: string[] = [];
        for (const key of await redisKeysUnder(redis, prefix)) {
          const type = await redis.type(key);
          const value = type === "hash" ? await redis.hgetall(key) : type === "set" ? await redis.smembers(key) : await redis.get(key);
          parts.push(key, JSON.stringify(value));
        }
        return parts.join("\n");
      },
      async close() {
        const keys = await redisKeysUnder(redis, prefix);
        if (keys.length > 0) await redis.del(...keys);
        expect(await redisKeysUnder(redis, prefix)).toEqual([]);
        await redis.quit();
      },
    };
  });

  test("a model's key, its pointers and its grant's set expire with it", async () => {
    const { redis, prefix } = await openRedis();
    try {
      const Models = redisStorage(redis, { prefix })({ secret: "redis-expiry-secret-0123456789abcdef" });
      await new Models("DeviceCode").upsert("device-1", { jti: "device-1", userCode: "ABCD-EFGH", grantId: "g-1" }, 300);
      await new Models("AccessToken").upsert("token-1", { jti: "token-1", grantId: "g-1" }, 600);
      const keys = await redisKeysUnder(redis, prefix);
      expect(keys).toHaveLength(4);
      for (const key of keys) {
        const ttl = await redis.ttl(key);
        expect(ttl).toBeGreaterThan(key.includes(":m:AccessToken:") || key.endsWith(":g:g-1") ? 590 : 290);
        expect(ttl).toBeLessThanOrEqual(key.includes(":m:AccessToken:") || key.endsWith(":g:g-1") ? 600 : 300);
      }
    } finally {
      const keys = await redisKeysUnder(redis, prefix);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
  });
});
