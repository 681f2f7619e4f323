import type { Adapter, AdapterUser } from "../adapter.js";
import type { AuthContext } from "../config/context.js";
import { pluginCodeOf } from "../config/plugin-code.js";
import type { InternalProvider } from "../config/providers.js";
import { AccessDenied, CallbackRouteError, OAuthAccountNotLinked } from "../errors.js";
import type { AuthRequest } from "../http/request.js";
import { sessionStrategy } from "../session/index.js";
import type { ResponseInternal } from "../types/response.js";
import { emailUser, linkAccountUser, type LinkedUser } from "./link-user.js";
import { firstFactorProof, openSession } from "./gate.js";
import type { SignedIn, VerifiedSignIn } from "./types.js";

export type { SignedIn, VerifiedSignIn } from "./types.js";

/**
 * Runs the `signIn` callback (without one the sign-in continues): `true` continues, `false` or a throw is `AccessDenied`, a string is a
 * redirect that passes the `redirect` callback like any callback URL (OWASP unvalidated redirects:
 * by default only this site's http(s) URLs; anything else goes to the site's origin).
 */
export async function askSignIn(ctx: AuthContext, params: Parameters<NonNullable<AuthContext["callbacks"]["signIn"]>>[0]): Promise<string | null> {
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
 * writes, then the sign-in gate (`gate.ts`), which may hold the sign-in until a second factor
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
