import type { RevocationState, RevocationStore } from "@latch/core/types";
import type { Redis } from "ioredis";
import { defaultPrefix } from "./keys.js";

/** Options of {@link RedisRevocationStore}. */
export interface RedisRevocationStoreOptions {
  /** Prepended to every key. Default `latch:` (the adapter's default, so both can share one prefix). */
  prefix?: string;
}

/**
 * A revocation store for JWT sessions in Redis, shared by every instance of the app. A revoked
 * session is one key, a user's "valid after" mark another; both expire when no token they could
 * concern is still alive. A check reads both with one `MGET`.
 *
 * @example
 * ```ts
 * import Redis from "ioredis"
 * import { RedisRevocationStore } from "@latch/redis"
 * const redis = new Redis(process.env.REDIS_URL)
 * const config = { session: { strategy: "jwt", revocation: { store: RedisRevocationStore(redis), cacheSeconds: 30 } }, providers: [...] }
 * ```
 */
export function RedisRevocationStore(redis: Redis, options: RedisRevocationStoreOptions = {}): RevocationStore {
  const prefix = options.prefix ?? defaultPrefix;
  const part = encodeURIComponent;
  const sessionKey = (userId: string, sessionId: string) => `${prefix}revoked:session:${part(userId)}:${part(sessionId)}`;
  const userKey = (userId: string) => `${prefix}revoked:user:${part(userId)}`;
  return {
    async revokeSession(userId, sessionId, expires) {
      await redis.set(sessionKey(userId, sessionId), "1", "PXAT", expires.getTime());
    },
    async revokeUser(userId, validAfter, except, expires) {
      await redis.set(userKey(userId), JSON.stringify({ validAfter, except }), "PXAT", expires.getTime());
    },
    async check(userId, sessionId): Promise<RevocationState> {
      const [session, user] = await redis.mget(sessionId ? sessionKey(userId, sessionId) : userKey(userId), userKey(userId));
      const mark = user ? (JSON.parse(user) as { validAfter: number; except: string | null }) : null;
      return { revoked: !!sessionId && session === "1", validAfter: mark?.validAfter ?? null, except: mark?.except ?? null };
    },
  };
}
