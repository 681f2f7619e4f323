/**
 * Rate limits and per-account lockout: `RateLimit()` for `AuthConfig.rateLimit`, the in-memory
 * store, and the store interface that `RedisRateLimitStore` (`@latch/adapter-redis`) implements.
 *
 * @module @latch/core/rate-limit
 */
export { RateLimit } from "./limits/factory.js";
export { MemoryRateLimitStore } from "./limits/memory-store.js";
export { defaultLimits, defaultLockout } from "./limits/defaults.js";
export { addressKey, parseIp } from "./security/ip.js";
export { clientAddressHeader, declaresAddressSource } from "./limits/client-address.js";
export { RateLimited } from "./errors.js";
export type {
  RateLimitConfig, RateLimitOptions, RateLimitRoute, RateLimitStore, RateLimitHit, RouteLimit, LockoutOptions,
  ClientAddressOptions, ClientAddressPlatform, StoreFailureMode,
} from "./types/rate-limit.js";
