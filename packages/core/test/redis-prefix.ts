/**
 * A Redis connection and a key prefix of the test file's own (a random name), whose keys are
 * deleted after the file's tests. Call it inside the `describe`.
 */
import { randomUUID } from "node:crypto";
import { services } from "@latch/testing";
import { Redis } from "ioredis";
import { afterAll } from "vitest";

/** The connection (lazy) and the prefix, `<name>-<random>:`. */
export function prefixedRedis(name: string): { redis: Redis; prefix: string } {
  const prefix = `${name}-${randomUUID().slice(0, 8)}:`;
  const redis = new Redis({ host: services.redis.host, port: services.redis.port, lazyConnect: true });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });
  return { redis, prefix };
}
