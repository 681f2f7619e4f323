import type { RateLimitHit, RateLimitStore } from "@latch/core/rate-limit";
import type { Redis } from "ioredis";

/**
 * KEYS[1]: the counter; ARGV[1]: its window in ms. Adds one and, for a new counter, starts its
 * window; returns `{ count, ms left }`. One script, so two instances never both see a new key.
 */
const hitScript = `
local count = redis.call("INCR", KEYS[1])
local ttl = redis.call("PTTL", KEYS[1])
if ttl < 0 then
  redis.call("PEXPIRE", KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }`;

/** KEYS[1]: the counter. Returns `{ count, ms left }`, or nil when there is none. */
const getScript = `
local value = redis.call("GET", KEYS[1])
if not value then return nil end
return { tonumber(value), redis.call("PTTL", KEYS[1]) }`;

/** Options of {@link RedisRateLimitStore}. */
export interface RedisRateLimitStoreOptions {
  /** Prepended to the limiter's keys (which start with `RateLimit`'s `keyPrefix`, `latch:rl:`). Default `""`. */
  prefix?: string;
}

/**
 * Rate-limit counters in Redis, shared by every instance of the app: each count is one atomic
 * script (`INCR` and the window's expiry together), each key expires with its window. Keys hold
 * SHA-256 digests, never an address or an identifier.
 *
 * @example
 * ```ts
 * import Redis from "ioredis"
 * import { RateLimit } from "@latch/core/rate-limit"
 * import { RedisRateLimitStore } from "@latch/redis"
 * const config = { rateLimit: RateLimit({ store: RedisRateLimitStore(new Redis(process.env.REDIS_URL)) }), providers }
 * ```
 */
export function RedisRateLimitStore(redis: Redis, options: RedisRateLimitStoreOptions = {}): RateLimitStore {
  const prefix = options.prefix ?? "";
  const entry = (reply: unknown): RateLimitHit | null => {
    if (!Array.isArray(reply)) return null;
    const [count, ttl] = reply as [number, number];
    return { count: Number(count), ttl: Math.max(1, Number(ttl)) };
  };
  return {
    async hit(key, ttl) {
      return entry(await redis.eval(hitScript, 1, prefix + key, Math.max(1, Math.ceil(ttl))))!;
    },
    async get(key) {
      return entry(await redis.eval(getScript, 1, prefix + key));
    },
    async set(key, count, ttl) {
      await redis.set(prefix + key, String(count), "PX", Math.max(1, Math.ceil(ttl)));
    },
    async delete(key) {
      await redis.del(prefix + key);
    },
  };
}
