import type { AdapterAccount } from "../adapter.js";
import type { AuthContext } from "../config/context.js";
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
