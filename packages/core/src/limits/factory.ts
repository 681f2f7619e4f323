import { rateLimitCode, rateLimitState } from "../symbols.js";
import type { RateLimitConfig, RateLimitOptions, RateLimitStore } from "../types/rate-limit.js";
import type { ResponseInternal } from "../types/response.js";
import { addressSource } from "./client-address.js";
import { defaultLockout } from "./defaults.js";
import { routeLimits } from "./route-limits.js";
import type { LimitsState } from "./state.js";

type Limiter = import("./engine.js").Limiter;

/** The default store, memory of this process, whose code loads with the first count. */
function memoryStore(): RateLimitStore {
  let store: Promise<RateLimitStore> | undefined;
  const loaded = () => (store ??= import("./memory-store.js").then((m) => new m.MemoryRateLimitStore()));
  return {
    hit: async (key, ttl) => (await loaded()).hit(key, ttl),
    get: async (key) => (await loaded()).get(key),
    set: async (key, count, ttl) => (await loaded()).set(key, count, ttl),
    delete: async (key) => (await loaded()).delete(key),
  };
}

/**
 * Turns on rate limits and per-account lockout: pass the result as `AuthConfig.rateLimit`. The
 * limiter's code loads at the first request. Options are checked here: a bad proxy list or limit
 * throws a `TypeError` at start.
 *
 * @example
 * ```ts
 * import { RateLimit } from "@latch/core/rate-limit"
 * const config = {
 *   rateLimit: RateLimit({ routes: { credentials: { ip: 20, window: 300 } }, clientAddress: { trustedProxies: ["10.0.0.0/8"] } }),
 *   providers: [Credentials({ authorize })],
 * }
 * ```
 */
export function RateLimit(options: RateLimitOptions = {}): RateLimitConfig {
  addressSource(options.clientAddress);
  let device: Promise<typeof import("./device.js")> | undefined;
  const state = Object.freeze<LimitsState>({
    store: options.store ?? memoryStore(),
    keyPrefix: options.keyPrefix ?? "latch:rl:",
    routes: Object.freeze(routeLimits(options.routes)),
    lockout: options.lockout === false ? undefined : Object.freeze({ ...defaultLockout, ...options.lockout }),
    signedInDevice: async (ctx, req, user) => (await (device ??= import("./device.js"))).signedInDevice(ctx, req, user),
  });
  let limiter: Promise<Limiter> | undefined;
  const run: Limiter = async (ctx, req, next, subject): Promise<ResponseInternal> => {
    limiter ??= import("./engine.js").then((m) => m.createLimiter(options, state));
    return (await limiter)(ctx, req, next, subject);
  };
  return Object.freeze({ options, [rateLimitCode]: run, [rateLimitState]: state });
}
