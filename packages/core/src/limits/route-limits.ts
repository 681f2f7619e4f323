import type { RateLimitOptions, RateLimitRoute, RouteLimit } from "../types/rate-limit.js";
import { defaultLimits } from "./defaults.js";

/**
 * The routes' limits: the defaults with the app's overrides; a route set to `false` has none.
 * Throws a `TypeError` naming a limit that is not a whole number.
 */
export function routeLimits(routes: RateLimitOptions["routes"] = {}): Partial<Record<RateLimitRoute, RouteLimit>> {
  const out: Partial<Record<RateLimitRoute, RouteLimit>> = {};
  for (const [route, limit] of Object.entries(defaultLimits) as [RateLimitRoute, RouteLimit][]) {
    const override = routes[route];
    if (override === false) continue;
    const merged = { ...limit, ...override };
    for (const key of ["ip", "account", "window"] as const) {
      if (!Number.isInteger(merged[key]) || merged[key] < 0) throw new TypeError(`rateLimit.routes.${route}.${key} must be a whole number.`);
    }
    if (merged.window < 1) throw new TypeError(`rateLimit.routes.${route}.window must be at least 1 second.`);
    out[route] = merged;
  }
  return out;
}

