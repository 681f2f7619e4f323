/**
 * The one place where a verified user becomes a signed-in user, for every provider type: the
 * `signIn` callback, the account-linking rules and the user and account writes, then the gate
 * every session passes when it starts, below.
 */
import type { Adapter, AdapterUser, AuthenticationMethod } from "../adapter.js";
import type { AuthContext } from "../config/context.js";
import { pluginCodeOf } from "../config/plugin-code.js";
import { AccessDenied, CallbackRouteError, OAuthAccountNotLinked, UndeclaredSessionStart } from "../errors.js";
import type { AuthRequest } from "../http/request.js";
import { sessionStrategy } from "../session/index.js";
import { nowSeconds, type Earned } from "../session/read.js";
import type { ResponseInternal } from "../types/response.js";
import type { FactorKind } from "../types/second-factor-options.js";
import { emailUser, linkAccountUser, type LinkedUser } from "./link-user.js";
import type { FirstFactorProof, SignedIn, VerifiedSignIn } from "./types.js";

export type { FirstFactorProof, SignedIn, VerifiedSignIn } from "./types.js";

/**
 * Runs the `signIn` callback (without one the sign-in continues): `true` continues, `false` or a throw is `AccessDenied`, a string is a
 * redirect that passes the `redirect` callback like any callback URL (OWASP unvalidated redirects:
 * by default only this site's http(s) URLs; anything else goes to the site's origin).
 */
export async function askSignIn(ctx: Pick<AuthContext, "callbacks" | "origin">, params: Parameters<NonNullable<AuthContext["callbacks"]["signIn"]>>[0]): Promise<string | null> {
  if (!ctx.callbacks.signIn) return null;
  let allowed: boolean | string;
  try {
    allowed = await ctx.callbacks.signIn(params);
  } catch (error) {
    throw new AccessDenied((error as Error)?.message, { cause: { err: error as Error } });
  }
  if (allowed === false) throw new AccessDenied("The signIn callback refused the sign-in.");
  if (typeof allowed !== "string") return null;
  return ctx.callbacks.redirect({ url: allowed, baseUrl: ctx.origin });
}

async function findExistingUser(adapter: Required<Adapter>, verified: VerifiedSignIn): Promise<AdapterUser | null> {
  const { account } = verified;
  if (account.type === "email") return adapter.getUserByEmail(String(account.providerAccountId));
  return adapter.getUserByAccount({ provider: account.provider, providerAccountId: String(account.providerAccountId) });
}

async function storedUser(
  ctx: AuthContext,
  req: AuthRequest,
  adapter: Required<Adapter>,
  verified: VerifiedSignIn,
  known: AdapterUser | null,
): Promise<LinkedUser> {
  const { account, user, provider } = verified;
  if (account.type === "credentials") {
    const stored = user.id ? await adapter.getUser(String(user.id)) : null;
    if (!stored) {
      throw new CallbackRouteError(
        `The user that authorize returned (id "${user.id}") is not in the database, and database sessions belong to stored users. ` +
          "Fix: return a user the adapter has (create it with adapter.createUser first, and return its id), or use JWT sessions: session: { strategy: \"jwt\" }.",
        { cause: { provider: provider.id, check: "credentials-user-stored" } },
      );
    }
    return { user: stored, isNewUser: false };
  }
  if (account.type === "email") return emailUser(ctx, adapter, String(account.providerAccountId), known, provider.id);
  if (verified.registration) {
    const current = await sessionStrategy(ctx).current(ctx, req);
    return verified.registration.store({ ctx, adapter, profileUser: user, account, registration: verified.registration, current });
  }
  const current = await sessionStrategy(ctx).current(ctx, req);
  // An explicit link attaches to the user who asked for it, and to nobody else.
  if (verified.linkTo !== undefined && current?.id !== verified.linkTo) {
    throw new OAuthAccountNotLinked("The link was asked for by a user who is no longer signed in.");
  }
  return linkAccountUser({
    ctx,
    adapter,
    profileUser: user,
    account,
    byAccount: known,
    current,
    allowDangerousEmailAccountLinking: !!(provider as { allowDangerousEmailAccountLinking?: boolean }).allowDangerousEmailAccountLinking,
    emailVerified: verified.emailVerified,
  });
}

/**
 * The one place where a verified user becomes a signed-in user, for every provider type: the
 * `signIn` callback (before anything is written), the account-linking rules and user/account
 * writes, then the sign-in gate (below), which may hold the sign-in until a second factor
 * passes (no session before it) and records on the session how it was earned.
 */
export async function completeSignIn(ctx: AuthContext, req: AuthRequest, verified: VerifiedSignIn): Promise<ResponseInternal> {
  const { account, profile, credentials } = verified;
  const adapter = ctx.adapter as Required<Adapter> | undefined;
  const useAdapter = !!adapter && (account.type !== "credentials" || ctx.session.strategy === "database");
  const known = useAdapter && account.type !== "credentials" ? await findExistingUser(adapter!, verified) : null;

  const redirectTo = await askSignIn(ctx, { user: known ?? verified.user, account, profile, credentials });
  if (redirectTo) return { redirect: redirectTo, cookies: verified.cookies };
  // The plugins' before-sign-in hooks, like the callback, run before any user or account is written.
  if (ctx.plugins) await pluginCodeOf(ctx.plugins)?.beforeSignIn(ctx, req, { user: known ?? verified.user, account, profile });

  let linked: LinkedUser = { user: { ...verified.user, id: verified.user.id ?? crypto.randomUUID() } as AdapterUser, isNewUser: false };
  if (useAdapter) linked = await storedUser(ctx, req, adapter!, verified, known);

  const user = account.type === "credentials" && !useAdapter ? verified.user : linked.user;
  const signedIn: SignedIn = {
    user,
    eventUser: account.type === "credentials" ? (verified.authorized ?? verified.user) : linked.user,
    account,
    profile,
    isNewUser: linked.isNewUser,
    callbackUrl: verified.callbackUrl,
    cookies: verified.cookies,
    proof: await firstFactorProof(ctx, verified, user.id === undefined || user.id === null ? undefined : String(user.id)),
  };
  return openSession(ctx, req, signedIn);
}

// The gate every session passes when it starts (PROTOCOL §4, "How a session was earned"): the
// callback of every provider type, `verify-email`, the emailed-code sign-in, `link/<id>`, passkey
// registration, and the completion of a second-factor challenge. It decides whether a second
// factor is owed and records on the session how it was earned (`auth_time`, `mfa_time`, `amr`).
//
// Three rules live here and nowhere else:
// - a second factor is asked for by the step-up of `SecondFactors()`, for every fresh sign-in;
// - re-authenticating in a browser that holds a session of the same user keeps what that session
//   earned (its `auth_time` and `mfa_time`): a first factor never makes a session look stronger;
// - a factor that came from the mailbox carries `mbx`; a sign-in that came from elsewhere clears
//   the user's "password set through a mailed link" mark.

/** What `features/second-factors/step-up.ts` offers (loaded through the option, never imported here). */
interface StepUp {
  holdSignIn(ctx: AuthContext, req: AuthRequest, signedIn: SignedIn): Promise<ResponseInternal | null>;
  mailboxPassword(ctx: AuthContext, userId: string): Promise<boolean>;
  forgetMailboxPassword(ctx: AuthContext, userId: string): Promise<void>;
}

async function stepUpOf(ctx: Pick<AuthContext, "features">): Promise<StepUp | undefined> {
  return (await ctx.features.find((feature) => feature.stepUp)?.stepUp!()) as StepUp | undefined;
}

/** The RFC 8176 methods of a first factor by account type, when the flow named none. */
const methodsByType: Record<string, AuthenticationMethod[]> = { oauth: [], oidc: [], email: ["mbx"], credentials: ["pwd"], webauthn: ["hwk"] };

/**
 * What the first factor of `verified` proved, now. A password set through a mailed link (reset)
 * counts as a factor from the mailbox until a sign-in that did not come from the mailbox.
 */
export async function firstFactorProof(ctx: AuthContext, verified: VerifiedSignIn, userId: string | undefined): Promise<FirstFactorProof> {
  const amr = [...(verified.methods ?? methodsByType[verified.account.type] ?? [])];
  if (verified.password && userId !== undefined && !amr.includes("mbx") && (await (await stepUpOf(ctx))?.mailboxPassword(ctx, userId))) amr.push("mbx");
  return { auth_time: nowSeconds(), amr };
}

/** The RFC 8176 methods of a second factor: every kind is a one-time code; an emailed one came from the mailbox. */
function secondFactorMethods(kind: FactorKind): AuthenticationMethod[] {
  return kind === "email" ? ["otp", "mbx"] : ["otp"];
}

function union(...lists: readonly AuthenticationMethod[][]): AuthenticationMethod[] {
  return [...new Set(lists.flat())];
}

/** The user's id as stored, or `undefined` for a user made up by `authorize` without one. */
function userIdOf(signedIn: SignedIn): string | undefined {
  const { id } = signedIn.user;
  return id === undefined || id === null ? undefined : String(id);
}

/**
 * Decides how the session of `signedIn` starts, and starts it (or holds it for its second factor).
 * `answered` is the second factor the challenge just accepted; without it this is a first factor.
 */
export async function openSession(ctx: AuthContext, req: AuthRequest, signedIn: SignedIn, answered?: FactorKind): Promise<ResponseInternal> {
  // Only an endpoint whose row declares it starts sessions: the registry is the list of them.
  if (!req.row?.startsSession) throw new UndeclaredSessionStart(req.action);
  const { proof } = signedIn;
  const userId = userIdOf(signedIn);
  // A feature may refuse the session, by any way in (`Admin()`: a banned user starts none).
  for (const feature of ctx.features) await feature.beforeSessionStart?.(ctx, userId, req);
  // A site administrator acting as the user: no factor of the user was given, none is asked for.
  if (signedIn.impersonation) return startSession(ctx, req, signedIn, { auth_time: proof.auth_time, amr: [] });
  const stepUp = await stepUpOf(ctx);
  let earned: Earned;
  if (answered) {
    earned = { auth_time: proof.auth_time, mfa_time: nowSeconds(), amr: union(proof.amr, secondFactorMethods(answered), ["mfa"]) };
  } else {
    const current = userId === undefined ? null : await sessionStrategy(ctx).current(ctx, req);
    if (current && current.id === userId) {
      // Already signed in as this user (adding a passkey, linking an account, or the password
      // given again): the new session keeps what the old one earned and gains no second factor.
      const before = current.earned;
      return startSession(ctx, req, signedIn, {
        auth_time: before?.auth_time ?? proof.auth_time,
        ...(before?.mfa_time !== undefined && { mfa_time: before.mfa_time }),
        amr: union(before?.amr ?? [], proof.amr),
      });
    }
    const held = stepUp ? await stepUp.holdSignIn(ctx, req, signedIn) : null;
    if (held) return held;
    earned = { auth_time: proof.auth_time, amr: [...proof.amr] };
  }
  // A sign-in with a factor that did not come from the mailbox ends the mailbox mark of the password.
  const fromElsewhere = !proof.amr.includes("mbx") || (answered !== undefined && answered !== "email");
  if (stepUp && userId !== undefined && fromElsewhere) await stepUp.forgetMailboxPassword(ctx, userId);
  return startSession(ctx, req, signedIn, earned);
}

/**
 * Starts the session of a user the sign-in is complete for, fires the `signIn` event, and
 * redirects (to `pages.newUser` for a new user). Only {@link openSession} calls it.
 */
async function startSession(ctx: AuthContext, req: AuthRequest, signedIn: SignedIn, earned: Earned): Promise<ResponseInternal> {
  const { user, account, profile, isNewUser, impersonation } = signedIn;
  const sessionCookies = await sessionStrategy(ctx).start(ctx, req, { user, account, profile, isNewUser, earned, impersonation });
  await ctx.events.signIn?.({ user: signedIn.eventUser, account, profile, isNewUser });
  if (ctx.plugins) await pluginCodeOf(ctx.plugins)?.afterSignIn(ctx, req, { user, account, isNewUser }, sessionCookies);

  const redirect = isNewUser && ctx.pages.newUser
    ? withQuery(new URL(ctx.pages.newUser, ctx.origin), { callbackUrl: signedIn.callbackUrl })
    : signedIn.callbackUrl;
  // The device cookie matters to the backoff only: its code comes with `RateLimit()`.
  const device = ctx.rateLimit?.lockout ? await ctx.rateLimit.signedInDevice(ctx, req, user) : [];
  return { redirect, cookies: [...(signedIn.cookies ?? []), ...sessionCookies, ...device] };
}

function withQuery(url: URL, query: Record<string, string>): string {
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}
