import type { Adapter, AdapterAccount } from "../adapter.js";
import { adapterHas } from "../config/adapter-guard.js";
import type { AuthContext } from "../config/context.js";
import { randomUUID } from "../crypto/index.js";
import type { Account } from "../types/entities.js";

/** The account as the adapter stores it: owned by `userId`, `providerAccountId` always a string. */
export function toAdapterAccount(account: Account, userId: string): AdapterAccount {
  return { ...account, userId, providerAccountId: String(account.providerAccountId) } as AdapterAccount;
}

/**
 * Runs `write`; when it fails, runs `undo` (whose own failure is only logged) and rethrows, so
 * that a sign-up is never left half-written (a user without its account, an account without its
 * authenticator).
 */
export async function undoOnFailure(ctx: Pick<AuthContext, "logger">, write: () => unknown, undo: () => unknown): Promise<void> {
  try {
    await write();
  } catch (error) {
    await Promise.resolve()
      .then(undo)
      .catch((undoError) => ctx.logger.error("AdapterError", undoError));
    throw error;
  }
}

/**
 * A new sign-in with an account already linked brings the provider's fresh tokens: they replace
 * the stored ones (which clears a refresh refusal recorded on the account, so `getAccessToken`
 * works again), under the account's refresh lease so that a refresh under way in another
 * instance is not overwritten. Nothing is written when the adapter has no lease or a refresh
 * holds it; a response without a refresh token keeps the stored one.
 */
export async function storeSignInTokens(adapter: Required<Adapter>, key: Pick<AdapterAccount, "provider" | "providerAccountId">, account: Account): Promise<void> {
  const holder = randomUUID();
  const { access_token, refresh_token, expires_at, id_token, scope, token_type } = account;
  if (access_token && adapterHas(adapter, "leaseAccount") && (await adapter.leaseAccount(key, holder, new Date(Date.now() + 15_000)))) {
    await adapter.releaseAccount(key, holder, { access_token, refresh_token, expires_at, id_token, scope, token_type });
  }
}
