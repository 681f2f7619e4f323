// `<base>/password/forgot` and `<base>/password/reset`: a link to choose a new password, sent to
// the address; the answer never says whether the address has an account.
import { callbackUrlOf } from "../../security/request-checks.js";
import { withCookies } from "../../http/respond.js";
import type { AuthContext } from "../../config/context.js";
import type { SecondFactorContext } from "../../config/slices.js";
import { hashPassword } from "./hash.js";
import { EmailSignInError, InvalidRequest, Verification } from "../../errors.js";
import type { AuthRequest } from "../../http/request.js";
import { signInPageUrl } from "../../http/urls.js";
import { chooseLanguage } from "../../pages/language.js";
import { newPassword as newPasswordOf } from "./new-password.js";
import { normalizeEmail } from "../../security/email-address.js";
import { secondFactorsCode } from "../../symbols.js";
import type { ResponseInternal } from "../../types/response.js";
import { backToPage, passwordPage } from "./page.js";
import { ruleRefusal } from "./refusal.js";
import { liftLockout } from "../../limits/keys.js";
import { bodyAddress, bodyString, emailTransport, endSessions, issueToken, passwordScope, provePasswordAddress, sendPasswordEmail, spendToken } from "./scope.js";
import { passwordSendTimes } from "./send-time.js";
import { verifyRequestUrl } from "./sign-up.js";

/** What `second-factors/step-up.ts` offers the reset (loaded through the option). */
interface MailboxMark {
  markMailboxPassword(ctx: Pick<AuthContext, "adapter">, userId: string): Promise<void>;
}

/** `GET /password/forgot`: the page asking for the address. */
export function forgotPage(ctx: AuthContext, req: AuthRequest): Promise<ResponseInternal> {
  return passwordPage(ctx, req, passwordScope(ctx).provider, "forgot");
}

/**
 * `POST /password/forgot` (CSRF-checked) with `email`: an address with a user gets a reset link
 * (1 h, single use). Every address gets the same answer: a redirect to "check your email"; an
 * address without a user waits about as long as sending took lately.
 */
export async function forgot(ctx: AuthContext, req: AuthRequest): Promise<ResponseInternal> {
  const { provider, adapter } = passwordScope(ctx);
  const address = bodyAddress(req);
  const transport = emailTransport(ctx, provider);
  const { cookies } = await callbackUrlOf(ctx, req);
  const user = await adapter.getUserByEmail(address);
  if (user) {
    const language = await chooseLanguage(ctx, req.request);
    const { token, expires, undo } = await issueToken(ctx, adapter, "password-reset", address);
    const link = new URL(`${ctx.baseUrl}/password/reset`);
    link.search = new URLSearchParams({ token, email: address }).toString();
    try {
      await sendPasswordEmail(ctx, transport, language, address, "reset", link.toString(), expires);
    } catch (error) {
      await undo().catch((undoError) => ctx.logger.error("AdapterError", undoError));
      throw new EmailSignInError("Sending the password reset email failed.", { cause: { err: error as Error, providerId: provider.id } });
    }
  } else {
    // Nothing to send: take about as long as a send would have.
    await passwordSendTimes.waitLikeASend(transport.id);
  }
  return withCookies({ redirect: verifyRequestUrl(ctx, provider.id, "reset") }, cookies);
}

/** `GET /password/reset?token&email`: the page asking for the new password. The token is not spent here. */
export function resetPage(ctx: AuthContext, req: AuthRequest): Promise<ResponseInternal> {
  const { token, email } = req.query;
  if (!token || !email) throw new Verification("The reset link lacks its token or email address.");
  return passwordPage(ctx, req, passwordScope(ctx).provider, "reset", { token, email });
}

/**
 * `POST /password/reset` (CSRF-checked) with `token`, `email`, `password`. The rules first (a
 * refusal goes back to the page, the token still usable); then the token is spent, the address
 * counts as proven (PROTOCOL §6), the password is replaced, every session of the user ends, and
 * the browser goes to the sign-in page with `?reset=1`, not signed in.
 */
export async function reset(ctx: SecondFactorContext & Pick<AuthContext, "baseUrl" | "origin" | "secrets" | "session" | "jwt" | "events" | "logger" | "pages" | "rateLimit">, req: AuthRequest): Promise<ResponseInternal> {
  const { provider, adapter } = passwordScope(ctx);
  const token = bodyString(req, "token");
  const email = bodyString(req, "email");
  const password = bodyString(req, "password");
  let normalised: string;
  try {
    normalised = await newPasswordOf(ctx, provider, password);
  } catch (error) {
    return backToPage(ctx, "reset", { token, email, error: ruleRefusal(error) });
  }
  let address: string;
  try {
    address = normalizeEmail(email);
  } catch {
    throw new InvalidRequest("The email field is not an email address.");
  }
  const hash = await hashPassword(normalised, provider.hashParameters);
  if (!(await spendToken(ctx, adapter, "password-reset", address, token))) {
    throw new Verification("The reset link is not valid, was already used or has expired.", { cause: { retryPath: "password/forgot" } });
  }
  let user = await adapter.getUserByEmail(address);
  if (!user) throw new Verification("The account of this reset link no longer exists.");
  // The link proves the address: what was set before the proof (the old password included) goes.
  if (!user.emailVerified) user = await provePasswordAddress(ctx, user, provider.id, false);
  await adapter.setPassword({ userId: user.id, hash, updatedAt: new Date() });
  // A password set through a mailed link is a factor from the mailbox (PROTOCOL §4): with second
  // factors on, it never counts together with an emailed code until a sign-in from elsewhere.
  const secondFactors = ctx.secondFactor?.[secondFactorsCode];
  if (secondFactors) await ((await secondFactors.stepUp()) as MailboxMark).markMailboxPassword(ctx, user.id);
  // The spent link lifts every backoff of the account (PROTOCOL §4, "Lockout").
  await liftLockout(ctx, address);
  await endSessions(ctx, user.id);
  await ctx.events.passwordReset?.({ user });
  return { redirect: signInPageUrl(ctx, { reset: "1" }) };
}
