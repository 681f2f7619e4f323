/**
 * `@latch/oidc-provider/redis` on the real Redis, under a random key prefix removed afterwards: the
 * durable-store suite, and the keys' expiry equal to the models'.
 */
import { randomUUID } from "node:crypto";
import { needService, services, redisKeysUnder } from "@latch/testing";
import { Redis } from "ioredis";
import { describe, expect, test } from "vitest";
import { redisStorage } from "../src/redis.js";
import { digest } from "../src/sealing.js";
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

  test("a model's key, its pointers, its grant's set and its account's set of grants expire with it", async () => {
    const { redis, prefix } = await openRedis();
    try {
      const Models = redisStorage(redis, { prefix })({ secret: "redis-expiry-secret-0123456789abcdef" });
      await new Models("DeviceCode").upsert("device-1", { jti: "device-1", userCode: "ABCD-EFGH", grantId: "g-1" }, 300);
      await new Models("AccessToken").upsert("token-1", { jti: "token-1", grantId: "g-1" }, 600);
      await new Models("Grant").upsert("g-2", { jti: "g-2", accountId: "account-1" }, 600);
      await new Models("Grant").upsert("g-1", { jti: "g-1", accountId: "account-1" }, 900);
      const keys = await redisKeysUnder(redis, prefix);
      expect(keys).toHaveLength(7);
      const lasting = (key: string) => (key.includes(":m:Grant:") || key.includes(":a:") ? 900 : key.includes(":m:AccessToken:") || key.endsWith(":g:g-1") ? 600 : 300);
      for (const key of keys) {
        const ttl = await redis.ttl(key);
        // The shorter-lived grant's key expires with it, the account's set with the longest-lived grant.
        const expected = key.endsWith(`:m:Grant:${digest("g-2")}`) ? 600 : lasting(key);
        expect(ttl).toBeGreaterThan(expected - 10);
        expect(ttl).toBeLessThanOrEqual(expected);
      }
      expect(keys.filter((key) => key.includes(":a:"))).toEqual([`${prefix}a:${digest("account-1")}`]);
    } finally {
      const keys = await redisKeysUnder(redis, prefix);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
  });
});
