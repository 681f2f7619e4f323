/**
 * Redis adapter for Latch, through `ioredis`.
 *
 * @module @latch/redis
 */
export { RedisAdapter, type RedisAdapterOptions } from "./adapter.js";
export { defaultPrefix, keysFor, type Keys } from "./keys.js";
export { normalizeStoredEmails, type EmailCollision, type StoredEmailsReport } from "./stored-emails.js";
export { RedisRevocationStore, type RedisRevocationStoreOptions } from "./revocation-store.js";
export { RedisRefreshLock, type RedisRefreshLockOptions } from "./refresh-lock.js";
export { RedisRateLimitStore, type RedisRateLimitStoreOptions } from "./rate-limit-store.js";
export { withSessionCache, type SessionCacheOptions, type SessionCacheStats, type SessionCachedAdapter } from "./session-cache.js";
export { indexStoredUsers } from "./site-administration.js";
