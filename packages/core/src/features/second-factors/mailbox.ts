/**
 * The mark "this user's password was set through a mailed link" (a reset): such a password is a
 * factor from the mailbox, so it never counts together with an emailed code (PROTOCOL §4). It is
 * kept as a second-factor row of its own kind, and ends with the next sign-in that did not come
 * from the mailbox.
 */
import type { AuthContext } from "../../config/context.js";
import { randomUUID } from "../../crypto/index.js";
import { rowsOf, storeOf } from "./storage.js";

/** The row kind of the mark (no secret). */
const mailboxPasswordKind = "mark:mailbox-password";

/** Marks the user's password as set through a mailed link. */
export async function markMailboxPassword(ctx: Pick<AuthContext, "adapter">, userId: string): Promise<void> {
  const now = new Date();
  await storeOf(ctx).replaceSecondFactors(userId, mailboxPasswordKind, [
    { id: randomUUID(), userId, kind: mailboxPasswordKind, secret: "", lastUsedStep: null, attempts: 0, confirmedAt: now, expires: null, createdAt: now },
  ]);
}

/** Whether the user's password was set through a mailed link since the last sign-in from elsewhere. */
export async function mailboxPassword(ctx: Pick<AuthContext, "adapter">, userId: string): Promise<boolean> {
  return (await rowsOf(storeOf(ctx), userId, mailboxPasswordKind)).length > 0;
}

/** Ends the mark (a sign-in that did not come from the mailbox); nothing to do when there is none. */
export async function forgetMailboxPassword(ctx: Pick<AuthContext, "adapter">, userId: string): Promise<void> {
  if (await mailboxPassword(ctx, userId)) await storeOf(ctx).replaceSecondFactors(userId, mailboxPasswordKind, []);
}
