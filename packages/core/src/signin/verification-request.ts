import type { Adapter, AdapterUser } from "../adapter.js";
import type { AuthContext } from "../config/context.js";
import { randomUUID } from "../crypto/index.js";
import type { Account } from "../types/entities.js";
import { askSignIn } from "./complete.js";

/**
 * Asks the `signIn` callback whether a sign-in link may be sent to `email`, with
 * `email: { verificationRequest: true }`. The callback sees the stored user with that address, or
 * the user who would be created. `false` or a throw is `AccessDenied`; a string is where to go
 * instead, passed through the `redirect` callback (OWASP: unvalidated redirects); `null` continues.
 */
export async function askVerificationRequest(
  ctx: AuthContext,
  adapter: Pick<Required<Adapter>, "getUserByEmail">,
  providerId: string,
  email: string,
): Promise<string | null> {
  const known = await adapter.getUserByEmail(email);
  const user: AdapterUser = known ?? { id: randomUUID(), email, emailVerified: null };
  const account: Account = { type: "email", provider: providerId, providerAccountId: email, userId: user.id };
  return askSignIn(ctx, { user, account, email: { verificationRequest: true } });
}
