/**
 * The step-up: once a first factor vouched for a user who has a second factor (or must have one),
 * the sign-in waits — no session — until the challenge page gets a valid code.
 */
import type { AdapterUser } from "../../adapter.js";
import type { AuthContext } from "../../config/context.js";
import type { CookieContext, SecondFactorContext } from "../../config/slices.js";
import type { AuthRequest } from "../../http/request.js";
import type { SignedIn } from "../../signin/complete.js";
import { secondFactorsCode } from "../../symbols.js";
import type { ResponseInternal } from "../../types/response.js";
import { listFactors } from "./factors.js";
import { factorsStamp, isRemembered } from "./remember.js";
import { startPending } from "./step-up-state.js";

export { forgetMailboxPassword, mailboxPassword, markMailboxPassword } from "./mailbox.js";
export { readPending } from "./step-up-state.js";

/** Factors a user enrolled (an emailed code is a way to answer, not something enrolled). */
export function enrolled(factors: readonly { kind: string }[]): boolean {
  return factors.some((f) => f.kind === "totp" || f.kind === "backup");
}

/**
 * The factors that may follow a first factor whose methods are `amr`. An emailed code comes from
 * the mailbox, and the mailbox never counts twice (PROTOCOL §4): it is left out after a first
 * factor from the mailbox (an email link, an emailed code, a password set through a mailed link:
 * `mbx`), where it would prove nothing new, and for every user who has a factor that is not the
 * mailbox (an app or backup codes), where it would let whoever reads the mail past that factor.
 * Such a user is asked for the app or a backup code; a user with neither and a first factor from
 * the mailbox has no second factor to give.
 */
export function usableAfter<F extends { kind: string }>(amr: readonly string[], factors: readonly F[]): F[] {
  const mailboxCountsOnce = amr.includes("mbx") || enrolled(factors);
  return mailboxCountsOnce ? factors.filter((f) => f.kind !== "email") : [...factors];
}

async function isRequired(ctx: Pick<AuthContext, "secondFactor">, user: AdapterUser): Promise<boolean> {
  const { required } = ctx.secondFactor![secondFactorsCode].settings;
  return typeof required === "function" ? !!(await required(user)) : required;
}

/**
 * A user who must set up a factor and has none: the sign-in waits (no session) while the
 * management page, which the waiting state opens for that user, sets one up; its "Continue" leads
 * back to the challenge, where the new app's next code completes the sign-in.
 */
async function toEnrolment(ctx: CookieContext & Pick<AuthContext, "baseUrl" | "adapter">, req: AuthRequest, signedIn: SignedIn, userId: string): Promise<ResponseInternal> {
  const pending = await startPending(ctx, req, { ...pendingOf(signedIn, userId), enrol: true });
  const enrol = new URL(`${ctx.baseUrl}/second-factor/enrol`);
  enrol.searchParams.set("callbackUrl", `${ctx.baseUrl}/second-factor`);
  return { redirect: enrol.toString(), cookies: [...(signedIn.cookies ?? []), ...pending] };
}

function pendingOf(signedIn: SignedIn, userId: string) {
  return {
    user: { ...signedIn.user, id: userId },
    ...(signedIn.eventUser !== signedIn.user && { eventUser: signedIn.eventUser }),
    account: signedIn.account,
    profile: signedIn.profile,
    isNewUser: signedIn.isNewUser,
    callbackUrl: signedIn.callbackUrl,
    proof: signedIn.proof,
  };
}

/**
 * Decides whether `signedIn` must wait for a second factor, and if so holds it: the pending
 * state (sealed cookie + server-side record of the first allowed answer) and a redirect to
 * `<base>/second-factor`, with no session cookie. `null` lets the sign-in complete now: the user
 * has no factor and none is required, or this browser is remembered for the user's factors.
 * (A request signed in as that user already never gets here: see the gate in `signin/complete.ts`.)
 * A user who must have a factor but has no way to answer waits too, and is sent to
 * `<base>/second-factor/enrol` to set one up.
 */
export async function holdSignIn(ctx: CookieContext & SecondFactorContext & Pick<AuthContext, "baseUrl">, req: AuthRequest, signedIn: SignedIn): Promise<ResponseInternal | null> {
  const { settings } = ctx.secondFactor![secondFactorsCode];
  const userId = signedIn.user.id === undefined || signedIn.user.id === null ? undefined : String(signedIn.user.id);
  // A credentials user made up by `authorize` (JWT sessions, no stored user) has no stored factors.
  if (userId === undefined) return null;
  // A first factor that proved a second one too (a plugin's identity provider the app trusts to
  // say so: `mfa` among its methods) owes none.
  if (signedIn.proof.amr.includes("mfa")) return null;
  const factors = usableAfter(signedIn.proof.amr, await listFactors(ctx, userId));
  if (!enrolled(factors)) {
    const user = { ...signedIn.user, id: userId } as AdapterUser;
    if (!(await isRequired(ctx, user))) return null;
    if (!factors.length) return toEnrolment(ctx, req, signedIn, userId);
  }
  if (settings.rememberDevice && (await isRemembered(ctx, req, userId, await factorsStamp(factors)))) return null;
  const pending = await startPending(ctx, req, pendingOf(signedIn, userId));
  // A client without cookies (bearer sessions) carries the waiting sign-in itself, and answers with it.
  if (req.withoutAmbientCredential && req.headers.get("x-auth-return-token") === "1") {
    const token = pending.filter((cookie) => cookie.value).map((cookie) => cookie.value).join("");
    return { body: { secondFactor: { token, factors: [...new Set(factors.map((factor) => factor.kind))] } }, headers: { "Cache-Control": "private, no-cache, no-store" } };
  }
  return { redirect: `${ctx.baseUrl}/second-factor`, cookies: [...(signedIn.cookies ?? []), ...pending] };
}
