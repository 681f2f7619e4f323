// `<base>/email/change` and the two links it mails (ASVS 5.0 §7.5.1): a signed-in user who proves
// again that it is them asks to change their sign-in address; the link sent to the new address
// makes the change, the notice sent to the old one carries a link that cancels it.
import type { AdapterUser } from "../../adapter.js";
import type { AuthContext } from "../../config/context.js";
import type { LanguageContext, SessionReadContext } from "../../config/slices.js";
import { randomHex, sha256Hex } from "../../crypto/index.js";
import { EmailSignInError, InvalidRequest, Verification } from "../../errors.js";
import type { AuthRequest } from "../../http/request.js";
import { signInPageUrl } from "../../http/urls.js";
import { chooseLanguage } from "../../pages/language.js";
import { SecondFactorAttempts } from "../second-factors/errors.js";
import { normalizeEmail } from "../../security/email-address.js";
import { requestSession } from "../session-control/control.js";
import type { ResponseInternal } from "../../types/response.js";
import { callbackUrlOf } from "../../security/request-checks.js";
import { withCookies } from "../../http/respond.js";
import { backToPage, passwordPage } from "./page.js";
import { reauthenticated, reauthenticationKind } from "./reauthentication.js";
import { bodyAddress, emailTransport, endSessions, issueToken, passwordScope, sendPasswordEmail, spendToken, type EndpointAdapter } from "./scope.js";
import { passwordSendTimes } from "./send-time.js";
import { verifyRequestUrl } from "./sign-up.js";

const changePath = (ctx: Pick<AuthContext, "baseUrl">) => `${ctx.baseUrl}/email/change`;

/** What a pending change's token is stored under: its user and the new address (`latch:email-change:<user id>:<address>`). */
const pendingOf = (userId: string, address: string) => `${userId}:${address}`;

/**
 * The cancel link's token, derived one way from the confirmation link's token and the address the
 * notice went to. One stored row holds the hash of this value: the confirmation link spends it by
 * deriving it, the cancel link by giving it, so whichever comes first ends the change, and the old
 * address cannot confirm. Once the address has changed, a change asked for from the previous one
 * no longer derives: its notice went to an address that is no longer the account's.
 */
const cancelTokenOf = (confirmToken: string, noticeTo: string): Promise<string> => sha256Hex(`latch:email-change-cancel:${noticeTo}:${confirmToken}`);

/** An optional string field of the body, at most `max` characters. */
function optionalField(req: AuthRequest, name: string, max = 1024): string | undefined {
  const value = req.body?.[name];
  if (value === undefined) return undefined;
  if (typeof value !== "string" || value.length > max) throw new InvalidRequest(`${name} must be a string of at most ${max} characters.`);
  return value;
}

/** `GET /email/change`: the page for a signed-in user, asking for the proof this user gives; otherwise the sign-in page, coming back here. */
export async function emailChangePage(ctx: AuthContext, req: AuthRequest): Promise<ResponseInternal> {
  const { provider, adapter } = passwordScope(ctx);
  const current = await requestSession(ctx, req);
  if (!current) return { redirect: signInPageUrl(ctx, { callbackUrl: changePath(ctx) }) };
  const kind = await reauthenticationKind(ctx, adapter, current.userId);
  return passwordPage(ctx, req, provider, "emailChange", { proof: kind === "recent" ? undefined : kind });
}

function link(ctx: Pick<AuthContext, "baseUrl">, step: "confirm" | "cancel", query: Record<string, string>): string {
  const url = new URL(`${changePath(ctx)}/${step}`);
  url.search = new URLSearchParams(query).toString();
  return url.toString();
}

/**
 * `POST /email/change` (CSRF-checked, signed in) with `email` (the new address) and the proof of
 * `reauthentication.ts` (`currentPassword` or `code`). A missing or wrong proof goes back to the
 * page (`?error=CredentialsSignin&code=invalid_login` for a password, `?error=SecondFactorFreshProof`
 * otherwise). A free address gets the confirmation link (24 h, single use) and the current address
 * a notice with the cancel link; an address another account has gets nothing, and the answer is
 * the same redirect to "check your email" either way.
 */
export async function requestEmailChange(ctx: AuthContext, req: AuthRequest): Promise<ResponseInternal> {
  const scope = passwordScope(ctx);
  const { provider, adapter } = scope;
  const current = await requestSession(ctx, req);
  const user = current && (await adapter.getUser(current.userId));
  if (!current || !user) return { redirect: signInPageUrl(ctx, { callbackUrl: changePath(ctx) }) };
  const address = bodyAddress(req);
  const given = { password: optionalField(req, "currentPassword"), code: optionalField(req, "code", 100) };
  let outcome: Awaited<ReturnType<typeof reauthenticated>>;
  try {
    outcome = await reauthenticated(ctx, scope, req, user, given);
  } catch (error) {
    if (error instanceof SecondFactorAttempts) return backToPage(ctx, "emailChange", { error: error.type });
    throw error;
  }
  if (!outcome.proven) {
    return backToPage(ctx, "emailChange", outcome.kind === "password" ? { error: "CredentialsSignin", code: "invalid_login" } : { error: "SecondFactorFreshProof" });
  }
  const transport = emailTransport(ctx, provider);
  const { cookies } = await callbackUrlOf(ctx, req);
  if (await adapter.getUserByEmail(address)) {
    // Taken (by another account or this one): nothing is sent, and the answer takes about as long as the two emails would.
    await passwordSendTimes.waitLikeASend(transport.id);
    await passwordSendTimes.waitLikeASend(transport.id);
  } else {
    await sendChangeEmails(ctx, adapter, transport, req, user, address);
  }
  return withCookies({ redirect: verifyRequestUrl(ctx, provider.id, "email-change") }, cookies);
}

/** Stores the pending change and sends its two emails; when a send fails, the change is removed again. */
async function sendChangeEmails(
  ctx: LanguageContext & Pick<AuthContext, "baseUrl" | "secrets" | "providers" | "logger" | "theme" | "secondFactor">,
  adapter: EndpointAdapter,
  transport: ReturnType<typeof emailTransport>,
  req: AuthRequest,
  user: AdapterUser,
  address: string,
): Promise<void> {
  const language = await chooseLanguage(ctx, req.request);
  const confirmToken = randomHex(32);
  const cancelToken = await cancelTokenOf(confirmToken, user.email);
  const { expires, undo } = await issueToken(ctx, adapter, "email-change", pendingOf(user.id, address), { token: cancelToken });
  const query = { email: address, user: user.id };
  try {
    await sendPasswordEmail(ctx, transport, language, address, "emailChange", link(ctx, "confirm", { ...query, token: confirmToken }), expires);
    await sendPasswordEmail(ctx, transport, language, user.email, "emailChangeNotice", link(ctx, "cancel", { ...query, token: cancelToken }), expires);
  } catch (error) {
    await undo().catch((undoError) => ctx.logger.error("AdapterError", undoError));
    throw new EmailSignInError("Sending the address change emails failed.", { cause: { err: error as Error, providerId: transport.id } });
  }
}

/** Spends the pending change a link names (`token`, `email`, `user`); `Verification` when it is wrong, used, cancelled or expired. */
async function spendLink(ctx: Pick<AuthContext, "secrets">, adapter: EndpointAdapter, req: AuthRequest, storedToken: (token: string) => Promise<string>): Promise<{ userId: string; address: string }> {
  const { token, email, user } = req.query;
  if (!token || !email || !user) throw new Verification("The link lacks its token, address or user.");
  let address: string;
  try {
    address = normalizeEmail(email);
  } catch {
    throw new Verification("The link's email address is not valid.");
  }
  if (!(await spendToken(ctx, adapter, "email-change", pendingOf(user, address), await storedToken(token)))) {
    throw new Verification("The link is not valid, was already used, was cancelled or has expired.");
  }
  return { userId: user, address };
}

/**
 * `GET /email/change/confirm?token&email&user`: spends the change, then sets the user's address
 * (verified now: the link proves it) unless another account has it by now, ends the user's other
 * sessions (the browser's own session stays when it is this user's), and goes to the sign-in page
 * with `?emailChanged=1`. Any refusal is `Verification` and changes nothing.
 */
export async function confirmEmailChange(ctx: SessionReadContext & Pick<AuthContext, "baseUrl" | "origin" | "providers" | "pages">, req: AuthRequest): Promise<ResponseInternal> {
  const { adapter } = passwordScope(ctx);
  const user = req.query.user ? await adapter.getUser(req.query.user) : null;
  if (!user) throw new Verification("The account of this link does not exist.");
  const { address } = await spendLink(ctx, adapter, req, (token) => cancelTokenOf(token, user.email));
  // The answer is the generic one of a spent link: only the new mailbox sees it, and says no more than a sign-up does.
  if (await adapter.getUserByEmail(address)) throw new Verification("The new address belongs to an account by now.");
  let changed: AdapterUser;
  try {
    changed = await adapter.updateUser({ id: user.id, email: address, emailVerified: new Date() });
  } catch (error) {
    // Taken between the check and the write (a unique address column refuses it).
    if (await adapter.getUserByEmail(address)) throw new Verification("The new address belongs to an account by now.");
    throw error;
  }
  const current = await requestSession(ctx, req);
  await endSessions(ctx, user.id, current?.userId === user.id ? (current.sessionId ?? "") : undefined);
  await ctx.events.updateUser?.({ user: changed });
  await ctx.events.emailChanged?.({ user: changed, previousEmail: user.email });
  return { redirect: signInPageUrl(ctx, { emailChanged: "1" }) };
}

/** `GET /email/change/cancel?token&email&user`: spends the change so that its confirmation link stops working; to the sign-in page with `?emailChangeCancelled=1`. */
export async function cancelEmailChange(ctx: Pick<AuthContext, "baseUrl" | "origin" | "secrets" | "providers" | "pages" | "adapter">, req: AuthRequest): Promise<ResponseInternal> {
  const { adapter } = passwordScope(ctx);
  await spendLink(ctx, adapter, req, async (token) => token);
  return { redirect: signInPageUrl(ctx, { emailChangeCancelled: "1" }) };
}
