/**
 * Whether the request's session proved presence recently enough to change the user's factors
 * without a code (PROTOCOL §4): only a second factor given less than {@link freshWindow} ago, as
 * the session recorded it (`mfa_time`), counts. A session's age never does: a session started by
 * a first factor alone, by a remembered browser, by re-authenticating in a browser that already
 * held a session, or one without the fields (older, or stored by an adapter that does not declare
 * them) has earned nothing fresh, and the action asks for a code in the same request. Nor does a
 * session whose sign-in counted a factor from the mailbox (`mbx`): these actions concern the
 * user's app and backup codes, and the mailbox never stands in for them.
 */
import type { AuthContext } from "../../config/context.js";
import type { AuthRequest } from "../../http/request.js";
import { nowSeconds, type Earned } from "../../session/read.js";
import { sessionStrategy } from "../../session/index.js";

/** What the request's session earned, when it is `userId`'s; `null` otherwise or when it recorded nothing. */
export async function earnedBy(ctx: AuthContext, req: AuthRequest, userId: string): Promise<Earned | null> {
  const current = await sessionStrategy(ctx).current(ctx, req);
  return current?.id === userId ? current.earned : null;
}

/** How long a second factor counts as a fresh proof, in seconds. */
export const freshWindow = 5 * 60;

/**
 * True when the request's session belongs to `userId`, its second factor was given within
 * {@link freshWindow}, and none of its factors came from the mailbox.
 */
export async function freshSecondFactor(ctx: AuthContext, req: AuthRequest, userId: string): Promise<boolean> {
  const earned = await earnedBy(ctx, req, userId);
  const mfaTime = earned && !earned.amr.includes("mbx") ? earned.mfa_time : undefined;
  return mfaTime !== undefined && nowSeconds() - mfaTime < freshWindow;
}

/** How long a first factor counts as a recent sign-in, in seconds. */
export const recentSignIn = 5 * 60;

/**
 * True when the request's session belongs to `userId` and its last first factor was given less
 * than {@link recentSignIn} ago, as the session recorded it (`auth_time`, PROTOCOL §4). The
 * session's age never counts: re-authenticating in a browser that holds a session keeps its
 * `auth_time`, and a session without the fields has earned nothing. What a change of the sign-in
 * address asks of a user without factors or password, and what making an API key asks of everyone.
 */
export async function signedInRecently(ctx: AuthContext, req: AuthRequest, userId: string): Promise<boolean> {
  const earned = await earnedBy(ctx, req, userId);
  return !!earned && nowSeconds() - earned.auth_time < recentSignIn;
}
