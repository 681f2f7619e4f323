/**
 * `getAccessToken` with JWT sessions. The session's provider tokens are refreshed, and the
 * session cookie rewritten with them, by one of three ways, the first that applies:
 * - with an adapter that has the account lease (`getAccountByUserId`, `leaseAccount`,
 *   `releaseAccount`): the account row is where the tokens live, as with database sessions, and
 *   the cookie carries a copy; its lease lets exactly one instance refresh;
 * - with `session.refreshLock`: a lock named after the refresh token lets exactly one instance
 *   refresh, the others read its outcome (`refresh-lock.ts`);
 * - otherwise concurrent requests of one instance share one refresh, and instances are not
 *   coordinated: a cookie is stored nowhere they could meet.
 */
import type { Adapter } from "../../adapter.js";
import { adapterHas } from "../../config/adapter-guard.js";
import type { AuthContext } from "../../config/context.js";
import type { SessionReadContext } from "../../config/slices.js";
import type { AuthRequest } from "../../http/request.js";
import { serializeCookie } from "../../http/respond.js";
import { readLiveJwt, rewriteJwtSession } from "../../session/index.js";
import type { JWT } from "../../types/entities.js";
import type { RefreshLockStore } from "../../types/session-options.js";
import { RefreshTokenError } from "../../errors.js";
import { freshAccount } from "./refresh.js";
import {
  asRefusal, grantError, isFresh, isRefusal, oauthProvider, refreshGrant, singleFlight, storedTokens, type ProviderTokens,
} from "./refresh-grant.js";
import { refreshUnderLock } from "./refresh-lock.js";

/** What `getAccessToken` gives with JWT sessions: the token (or the error) and the cookies to set. */
export type JwtAccessToken =
  | { accessToken: string; error?: undefined; cookies: string[] }
  | { accessToken: null; error: "RefreshTokenError"; cookies: string[] };

type Fresh = ProviderTokens & { access_token: string };

const flight = singleFlight<Fresh>();

function accountLease(adapter: Adapter | undefined): boolean {
  return (["getAccountByUserId", "getAccount", "leaseAccount", "releaseAccount"] as const).every((name) => adapterHas(adapter, name));
}

/**
 * The provider's access token of the request's JWT session, refreshed when it has less than a
 * minute left. A refresh token the provider refused marks the token `error: "RefreshTokenError"`
 * (so `session.error` says it) and is not retried; another failure gives the same result
 * without a cookie (nothing is written, a later call tries again).
 */
export async function freshJwtAccessToken(
  ctx: SessionReadContext & Pick<AuthContext, "providers">,
  req: AuthRequest,
  scope: object,
  providerId: string,
  lock: RefreshLockStore | undefined,
): Promise<JwtAccessToken> {
  const provider = oauthProvider(ctx.providers, providerId);
  const token = await readLiveJwt(ctx, req);
  if (!token) throw new RefreshTokenError("The request has no valid session.");
  if (token.error === "RefreshTokenError") return { accessToken: null, error: "RefreshTokenError", cookies: [] };
  const all = (token.providerTokens ?? {}) as Record<string, ProviderTokens>;
  const entry = all[providerId];
  const byAccount = accountLease(ctx.adapter) && typeof token.sub === "string" && (await ctx.adapter!.getAccountByUserId!(token.sub, providerId)) !== null;
  if (!entry && !byAccount) {
    throw new RefreshTokenError(`The session keeps no ${providerId} tokens (set session.providerTokens and sign in with ${providerId}).`, { cause: { providerId } });
  }
  const write = async (next: JWT) => (await rewriteJwtSession(ctx, req, next)).map(serializeCookie);

  let fresh: Fresh;
  try {
    if (byAccount) fresh = await freshAccount({ adapter: ctx.adapter, providers: ctx.providers }, scope, token.sub!, providerId);
    else if (isFresh(entry)) return { accessToken: entry.access_token, cookies: [] };
    else {
      const refreshToken = entry!.refresh_token;
      if (!refreshToken) throw asRefusal(new RefreshTokenError(`The session's ${providerId} tokens have no refresh token.`, { cause: { providerId } }));
      const current = { ...entry!, refresh_token: refreshToken };
      fresh = await flight(scope, `${providerId}\u0000${refreshToken}`, async () => {
        if (lock) return refreshUnderLock(lock, provider, current);
        try {
          return storedTokens(await refreshGrant(provider, refreshToken), current);
        } catch (error) {
          throw grantError(providerId, error);
        }
      });
    }
  } catch (error) {
    if (!(error instanceof RefreshTokenError)) throw error;
    // A dead refresh token marks the session (`session.error`) until the user signs in again; a
    // passing failure (the network, a provider error) writes nothing and may be retried.
    const cookies = isRefusal(error) ? await write({ ...token, error: "RefreshTokenError" }) : [];
    return { accessToken: null, error: "RefreshTokenError", cookies };
  }
  // The cookie keeps the tokens it carried when they are still the current ones.
  if (!entry || entry.access_token === fresh.access_token) return { accessToken: fresh.access_token, cookies: [] };
  const { access_token, refresh_token, expires_at } = fresh;
  return { accessToken: access_token, cookies: await write({ ...token, providerTokens: { ...all, [providerId]: { access_token, refresh_token, expires_at } } }) };
}
