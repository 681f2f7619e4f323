/**
 * Counts a mail an action is about to send, where the request itself names neither the address
 * nor the user (the challenge's emailed code goes to the waiting user's address): per address in
 * the same bucket as requests that name it, and per user. Past either limit the action stops with
 * `RateLimited`, which the limiter answers with 429; a store that fails refuses too (mail fails
 * closed). Nothing is counted when rate limits are off.
 */
import type { AuthContext } from "../config/context.js";
import { RateLimited } from "../errors.js";
import type { RateLimitRoute } from "../types/rate-limit.js";
import { hashed } from "./keys.js";
import { accountKey } from "./routes.js";

/**
 * Counts one request of `route` for `subject` (an organization, say) against the route's
 * `account` number; throws `RateLimited` past it or when the store fails.
 */
export async function countFor(ctx: Pick<AuthContext, "rateLimit" | "secrets" | "logger">, route: RateLimitRoute, subject: string): Promise<void> {
  const state = ctx.rateLimit;
  const limit = state?.routes[route];
  if (!state || !limit?.account) return;
  let hit;
  try {
    hit = await state.store.hit(`${state.keyPrefix}${route}:subject:${await hashed(ctx, subject)}`, limit.window * 1000);
  } catch (error) {
    ctx.logger.error("RateLimitStoreError", error as Error);
    throw new RateLimited(`${route}: the rate limit store failed.`, 30);
  }
  if (hit.count > limit.account) throw new RateLimited(`${route}: too many requests.`, Math.ceil(hit.ttl / 1000));
}

/** Counts one mail of `route` to `address` for `userId`; throws `RateLimited` past a limit. */
export async function countMail(ctx: Pick<AuthContext, "rateLimit" | "secrets" | "logger">, route: RateLimitRoute, address: string, userId: string): Promise<void> {
  const state = ctx.rateLimit;
  const limit = state?.routes[route];
  if (!state || !limit?.account) return;
  const window = limit.window * 1000;
  const account = accountKey(address);
  const keys = [
    ...(account === undefined ? [] : [`${state.keyPrefix}${route}:account:${await hashed(ctx, account)}`]),
    `${state.keyPrefix}${route}:user:${await hashed(ctx, `user:${userId}`)}`,
  ];
  for (const key of keys) {
    let hit;
    try {
      hit = await state.store.hit(key, window);
    } catch (error) {
      ctx.logger.error("RateLimitStoreError", error as Error);
      throw new RateLimited(`${route}: the rate limit store failed; no mail is sent.`, 30);
    }
    if (hit.count > limit.account) throw new RateLimited(`${route}: too many mails for this address or user.`, Math.ceil(hit.ttl / 1000));
  }
}
