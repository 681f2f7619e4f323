// A new password (sign-up, reset, change): the rules of NIST SP 800-63B, then, when configured,
// the breached-password check of ASVS 5.0 §6.2.12.
import type { AuthContext } from "../../config/context.js";
import type { PasswordProvider } from "./types.js";
import { PasswordBreached, PasswordCheckUnavailable } from "./errors.js";
import { checkPassword } from "./rules.js";

/**
 * The password normalised (NFKC) as it gets hashed, or a refusal: a rule's error,
 * `PasswordBreached`, or `PasswordCheckUnavailable` when the service cannot be asked and the
 * check is set to refuse then. A service that cannot be asked is logged (the reason only, never
 * the password or its hash).
 */
export async function newPassword(ctx: Pick<AuthContext, "logger">, provider: PasswordProvider, password: string): Promise<string> {
  const normalised = await checkPassword(password, provider.rules);
  const breached = provider.breached;
  if (!breached) return normalised;
  let count: number;
  try {
    count = await breached.count(normalised);
  } catch (error) {
    if (!(error instanceof PasswordCheckUnavailable)) throw error;
    const refuse = breached.onError === "refuse";
    ctx.logger.warn(error.type, `The breached-password service could not be asked (${error.reason}); the new password was ${refuse ? "refused" : "accepted unchecked"}.`);
    if (refuse) throw error;
    return normalised;
  }
  if (count >= breached.threshold) throw new PasswordBreached();
  return normalised;
}
