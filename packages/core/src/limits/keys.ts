/**
 * The keys of the limits' store. They hold no address and no identifier: only a SHA-256 keyed
 * with the first secret, so that nobody reading the store can recover them by trying every IPv4
 * address or a list of emails. Instances sharing a store share the secret, so they share the keys.
 */
import type { AuthContext } from "../config/context.js";
import { sha256Hex } from "../crypto/index.js";
import type { RateLimitState } from "../types/rate-limit.js";

/** The keyed digest of `value` (an address, an account identifier, a network, a user id). */
export const hashed = (ctx: Pick<AuthContext, "secrets">, value: string): Promise<string> => sha256Hex(`${ctx.secrets[0] ?? ""}\u0000${value}`);

/**
 * The generation of an account's backoff: every lock and failure count of the account is keyed
 * with it, so raising it (a spent reset link) lifts them all at once, on every network and device.
 */
export async function lockoutGeneration(state: RateLimitState, account: string): Promise<number> {
  return (await state.store.get(`${state.keyPrefix}gen:${account}`))?.count ?? 0;
}

/**
 * Lifts every backoff of the account `identifier` (normalised by the caller): its generation
 * becomes the time now, which no earlier key used. Kept as long as failures are remembered plus
 * the longest lock, so that no older lock outlives it. Nothing happens when rate limits or the
 * lockout are off; a store that fails is logged (the reset itself went through).
 */
export async function liftLockout(ctx: Pick<AuthContext, "secrets" | "rateLimit" | "logger">, identifier: string): Promise<void> {
  const state = ctx.rateLimit;
  if (!state?.lockout) return;
  const { memory, maxDelay } = state.lockout;
  try {
    await state.store.set(`${state.keyPrefix}gen:${await hashed(ctx, identifier)}`, Date.now(), (memory + maxDelay) * 1000);
  } catch (error) {
    ctx.logger.error("RateLimitStoreError", error as Error);
  }
}
