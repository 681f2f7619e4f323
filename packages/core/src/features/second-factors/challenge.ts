/**
 * `GET|POST <base>/second-factor` (PROTOCOL §13): the challenge page while a sign-in waits for
 * its second factor, and the answer that completes it. Only the browser holding the waiting
 * sign-in's cookie gets anywhere, each waiting sign-in takes at most {@link maxAnswers} answers,
 * and the session cookie is issued only by a right one.
 */
import type { AdapterUser } from "../../adapter.js";
import { csrfOf, requireCsrf } from "../../security/request-checks.js";
import type { AuthContext } from "../../config/context.js";
import type { CookieContext, SecondFactorContext } from "../../config/slices.js";
import { InvalidRequest, RateLimited, SecondFactorExpired, UnknownAction } from "../../errors.js";
import type { AuthRequest } from "../../http/request.js";
import { noStore, withCookies } from "../../http/respond.js";
import { chooseLanguage } from "../../pages/language.js";
import { openSession } from "../../signin/complete.js";
import { secondFactorsCode } from "../../symbols.js";
import type { FactorKind } from "../../types/second-factor-options.js";
import type { ResponseInternal } from "../../types/response.js";
import { renderChallengePage } from "./challenge-page.js";
import { normalizeCode } from "./codes.js";
import { sendEmailCode } from "./email-code.js";
import { SecondFactorInvalid } from "./errors.js";
import { backupCodeSpent, listFactors, verifySecondFactor } from "./factors.js";
import { factorsStamp, rememberDevice, rememberMaxAge } from "./remember.js";
import { settingsOf } from "./storage.js";
import { countedAnswer } from "./wrong-answers.js";
import { allowTurn, clearPending, maxAnswers, readPending, spendTurn, type PendingSignIn } from "./step-up-state.js";
import { usableAfter } from "./step-up.js";
import { record } from "../../config/audit-record.js";

export { emailSignInAction, emailSignInPageAction } from "./email-sign-in.js";

const kinds: readonly FactorKind[] = ["totp", "backup", "email"];

function expired(message: string): SecondFactorExpired {
  return new SecondFactorExpired(`${message} Sign in again.`);
}

/** The waiting sign-in of this browser; none (missing, altered, expired cookie) is `SecondFactorExpired`. */
async function pendingOf(ctx: CookieContext, req: AuthRequest): Promise<PendingSignIn> {
  const pending = await readPending(ctx, req);
  if (!pending) throw expired("No sign-in is waiting for a second factor in this browser.");
  return pending;
}

/** The ways this user can answer after this first factor, each kind once, in the page's order. */
async function answerKinds(ctx: SecondFactorContext, pending: PendingSignIn): Promise<FactorKind[]> {
  const listed = new Set(usableAfter(pending.proof.amr, await listFactors(ctx, pending.user.id)).map((f) => f.kind));
  return kinds.filter((kind) => listed.has(kind));
}

function wantsPage(req: AuthRequest): boolean {
  return (req.headers.get("accept") ?? "").includes("text/html");
}

/**
 * `GET <base>/second-factor`: the challenge page (a browser), or `{ factors, remember }` (a
 * script). Without a waiting sign-in: the sign-in page with `error=SecondFactorExpired`.
 */
export async function challengePageAction(ctx: AuthContext, req: AuthRequest): Promise<ResponseInternal> {
  if (req.providerId !== undefined) throw new UnknownAction("GET second-factor takes no second segment here.");
  const pending = await pendingOf(ctx, req);
  const factors = await answerKinds(ctx, pending);
  // A required factor not set up yet: to the management page, which comes back here.
  if (!factors.length && pending.enrol) {
    return { redirect: `${ctx.baseUrl}/second-factor/enrol?callbackUrl=${encodeURIComponent(`${ctx.baseUrl}/second-factor`)}` };
  }
  const remember = !!ctx.secondFactor![secondFactorsCode].settings.rememberDevice;
  if (!wantsPage(req)) return { body: { factors, remember }, headers: { ...noStore } };
  const csrf = await csrfOf(ctx, req);
  const rendered = renderChallengePage({
    action: `${ctx.baseUrl}/second-factor`,
    csrfToken: csrf.token,
    callbackUrl: pending.callbackUrl,
    kinds: factors,
    backup: req.query.kind === "backup",
    remember,
    wrong: req.query.error === "SecondFactorInvalid" ? (req.query.reason === "used" ? "used" : true) : false,
    sent: req.query.sent === "email",
    theme: ctx.theme,
    language: await chooseLanguage(ctx, req.request),
  });
  return withCookies({ status: rendered.status, body: rendered.html, headers: { ...noStore } }, [csrf.cookie]);
}

/** The answer's fields: a code (with its kind, optional) and "remember", or a request for an email code. */
function answerOf(body: AuthRequest["body"]): { send: "email" } | { code: string; kind?: FactorKind; remember: boolean } {
  if (body?.send !== undefined) {
    if (body.send !== "email") throw new InvalidRequest("send must be \"email\".");
    return { send: "email" };
  }
  const { code, kind, remember } = body ?? {};
  if (typeof code !== "string" || !code.trim() || code.length > 64) throw new InvalidRequest("code must be the code to check (at most 64 characters).");
  if (kind !== undefined && !kinds.includes(kind as FactorKind)) throw new InvalidRequest("kind must be totp, backup or email.");
  return { code, kind: kind as FactorKind | undefined, remember: remember === true || remember === "true" };
}

/** Back to the challenge page with `query` (the browser keeps its waiting sign-in). */
function backToChallenge(ctx: Pick<AuthContext, "baseUrl">, query: Record<string, string>): ResponseInternal {
  const url = new URL(`${ctx.baseUrl}/second-factor`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return { redirect: url.toString() };
}

/** The user of the waiting sign-in, as stored now (a user deleted meanwhile ends the wait). */
async function storedUser(ctx: Pick<AuthContext, "adapter">, pending: PendingSignIn): Promise<AdapterUser> {
  const user = await ctx.adapter?.getUser?.(pending.user.id);
  if (!user) throw expired("The user of the waiting sign-in no longer exists.");
  return user;
}

/** The pending user as the session and events see it (dates come back from the seal as text). */
function revived(user: PendingSignIn["user"]): PendingSignIn["user"] {
  const { emailVerified } = user as { emailVerified?: unknown };
  return typeof emailVerified === "string" ? ({ ...user, emailVerified: new Date(emailVerified) } as PendingSignIn["user"]) : user;
}

/**
 * `POST <base>/second-factor` (CSRF-checked): `{ code, kind?, remember? }` completes the waiting
 * sign-in when the code is right (the session cookie is set only now) and redirects to its
 * callback URL; `{ send: "email" }` emails a code. Each answer spends one of the waiting sign-in's
 * {@link maxAnswers} turns on the server before anything is checked; with none left the answer is
 * refused unchecked (`SecondFactorExpired`), and so is every answer of a user past the cap on
 * wrong codes (`RateLimited`, `wrong-answers.ts`). A wrong code fires `secondFactorFailed` and goes back
 * to the challenge page with `error=SecondFactorInvalid`.
 */
export async function challengeAnswerAction(ctx: AuthContext, req: AuthRequest): Promise<ResponseInternal> {
  try {
    return await completeChallenge(ctx, req);
  } catch (error) {
    if (!(error instanceof SecondFactorInvalid)) throw error;
    return backToChallenge(ctx, { error: error.type, ...(error.kind === "backup" && { kind: "backup" }), ...(error.reused && { reason: "used" }) });
  }
}

/** Checks the answer and completes the waiting sign-in; a wrong code is {@link SecondFactorInvalid}. */
async function completeChallenge(ctx: AuthContext, req: AuthRequest): Promise<ResponseInternal> {
  if (req.providerId !== undefined) throw new UnknownAction("POST second-factor takes no second segment here.");
  await requireCsrf(ctx, req);
  const answer = answerOf(req.body);
  const pending = await pendingOf(ctx, req);
  const user = await storedUser(ctx, pending);
  const offered = await answerKinds(ctx, pending);
  if ("send" in answer ? !offered.includes("email") : answer.kind !== undefined && !offered.includes(answer.kind)) {
    throw new InvalidRequest(`${"send" in answer ? "email" : answer.kind} codes are not a way this sign-in can be answered.`);
  }
  const turn = await spendTurn(ctx, pending.nonce);
  if (!turn) throw expired(`This sign-in took its ${maxAnswers} answers, was completed, or expired.`);
  // Whatever happens after the turn is spent (a wrong code, a mail that fails), the next answer
  // gets the next turn, up to the last; only a right code ends the wait.
  let passed: FactorKind | false = false;
  try {
    if ("send" in answer) {
      await sendEmailCode(ctx, user, "second-factor", req.request);
      return backToChallenge(ctx, { sent: "email" });
    }
    // Without a kind, a 6-digit code may be the app's or an emailed one: only the offered ones are tried.
    const tried = answer.kind ? [answer.kind] : /^\d{6}$/.test(normalizeCode(answer.code)) ? offered.filter((k) => k !== "backup") : ["backup" as const];
    const outcome = await countedAnswer(ctx, user, req.request, async () => {
      for (const kind of tried) {
        if ((await verifySecondFactor(ctx, user, { code: answer.code, kind })).ok) {
          passed = kind;
          return true;
        }
      }
      return false;
    });
    // 429 with Retry-After from the limiter (the sign-in page with `error=RateLimited` without limits).
    if (outcome === "locked") throw new RateLimited("Too many wrong second-factor codes for this user; none is checked until the window ends.", settingsOf(ctx).wrongAnswers.window);
  } finally {
    if (!passed && turn.turn + 1 < maxAnswers) await allowTurn(ctx, pending.nonce, turn.turn + 1, turn.expires);
  }
  if (!passed) {
    ctx.logger.warn("SecondFactorInvalid", "A wrong second-factor code was given.");
    await ctx.events.secondFactorFailed?.({ userId: user.id, kind: answer.kind ?? null });
    // A backup code given a second time is named as such (a typo would not match a spent one).
    const reused = answer.kind !== "totp" && answer.kind !== "email" && (await backupCodeSpent(ctx, user, answer.code));
    throw new SecondFactorInvalid(reused ? "The backup code was already used." : "The second-factor code is not right.", reused ? "backup" : answer.kind, reused);
  }

  await record(ctx, { action: "secondFactor.used", actorUserId: user.id, subjectUserId: user.id, details: { kind: passed } });
  const { settings } = ctx.secondFactor![secondFactorsCode];
  const started = await openSession(ctx, req, {
    user: revived(pending.user),
    eventUser: pending.eventUser ?? revived(pending.user),
    account: pending.account,
    profile: pending.profile,
    isNewUser: pending.isNewUser,
    callbackUrl: pending.callbackUrl,
    proof: pending.proof,
  }, passed);
  const signedIn = withCookies(started, clearPending(ctx, req));
  if (!answer.remember || !settings.rememberDevice) return signedIn;
  // One device cookie: the sign-in may have set it already (this browser now knows the account).
  const maxAge = rememberMaxAge(settings.rememberDevice.maxAge);
  const stamp = await factorsStamp(await listFactors(ctx, user.id));
  return { ...signedIn, cookies: await rememberDevice(ctx, req, signedIn.cookies ?? [], user.id, stamp, maxAge) };
}
