import type { RefreshLockStore } from "@latch/core/types";
import type { Redis } from "ioredis";
import { defaultPrefix } from "./keys.js";

/** Options of {@link RedisRefreshLock}. */
export interface RedisRefreshLockOptions {
  /** Prepended to every key. Default `latch:` (the adapter's default, so both can share one prefix). */
  prefix?: string;
}

/**
 * KEYS[1]: the lock key; KEYS[2]: the outcome key; ARGV[1]: the holder; ARGV[2]: the outcome or
 * ""; ARGV[3]: its expiry in epoch milliseconds. Keeps the outcome, then ends the lock only when
 * ARGV[1] still holds it.
 */
const releaseScript = `
if ARGV[2] ~= "" then redis.call("SET", KEYS[2], ARGV[2], "PXAT", ARGV[3]) end
if redis.call("GET", KEYS[1]) == ARGV[1] then redis.call("DEL", KEYS[1]) end
return 1`;

/**
 * Where app instances coordinate the refresh of provider tokens kept in JWT sessions
 * (`session.refreshLock`): a lock is one key set only when absent, with an expiry (a crashed
 * holder's runs out); the outcome another key, sealed by Latch, expiring with the new access
 * token. Names are digests of refresh tokens, never the tokens.
 *
 * @example
 * ```ts
 * import Redis from "ioredis"
 * import { RedisRefreshLock } from "@latch/redis"
 * const redis = new Redis(process.env.REDIS_URL)
 * const config = { session: { strategy: "jwt", providerTokens: true, refreshLock: RedisRefreshLock(redis) }, providers: [...] }
 * ```
 */
export function RedisRefreshLock(redis: Redis, options: RedisRefreshLockOptions = {}): RefreshLockStore {
  const prefix = options.prefix ?? defaultPrefix;
  const lockKey = (name: string) => `${prefix}refresh-lock:${encodeURIComponent(name)}`;
  const outcomeKey = (name: string) => `${prefix}refresh-outcome:${encodeURIComponent(name)}`;
  return {
    async acquire(name, holder, until) {
      return (await redis.set(lockKey(name), holder, "PXAT", until.getTime(), "NX")) === "OK";
    },
    async release(name, holder, outcome, expires) {
      await redis.eval(releaseScript, 2, lockKey(name), outcomeKey(name), holder, outcome ?? "", expires.getTime());
    },
    async result(name) {
      return redis.get(outcomeKey(name));
    },
  };
}
