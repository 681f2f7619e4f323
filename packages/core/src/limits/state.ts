import { rateLimitState } from "../symbols.js";
import type { Cookie, CookiesOptions } from "../types/cookies.js";
import type { RateLimitConfig, RateLimitState } from "../types/rate-limit.js";

/** What the device cookie is read and sealed with (the resolved config's fields). */
export interface DeviceContext {
  readonly useSecureCookies: boolean;
  readonly cookies: CookiesOptions;
  readonly secrets: readonly string[];
}

/** The state of `RateLimit()` in the resolved config: the options' state, and the device cookie's code. */
export interface LimitsState extends RateLimitState {
  /** The device cookie a sign-in that just succeeded sets while failed sign-ins back off (its code loads with the first). */
  readonly signedInDevice: (
    ctx: DeviceContext,
    req: { cookies: Readonly<Record<string, string | undefined>>; body?: Readonly<Record<string, unknown>> },
    user: { email?: string | null },
  ) => Promise<Cookie[]>;
}

/** The state of the app's `RateLimit()`, or `undefined` when rate limits are off. */
export function limitsState(rateLimit: RateLimitConfig | false | undefined): LimitsState | undefined {
  // RateLimit() made it (the symbol is core's own), so it is the state with the device's code.
  return rateLimit ? (rateLimit[rateLimitState] as LimitsState) : undefined;
}
