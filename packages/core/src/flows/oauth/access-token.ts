/**
 * `getAccessToken`, the server API of upstream tokens. The refresh code (and oauth4webapi) is
 * loaded on the first call, so an app that never calls it carries none of it.
 */
import { resolveConfig, staticConfig } from "../../config/resolve.js";
import type { AuthRequest } from "../../http/request.js";
import { parseCookies } from "../../http/parse.js";
import type { AuthConfig } from "../../types/config.js";
import type { JwtAccessToken } from "./jwt-refresh.js";

export type { JwtAccessToken } from "./jwt-refresh.js";

/** Which session's provider tokens `getAccessToken` gives, with JWT sessions. */
export interface JwtAccessTokenParams {
  /** The request: its session cookie holds the provider's tokens (`session.providerTokens`). */
  request: Request;
  /** The provider id (`"github"`, `"google"`, …). */
  provider: string;
}

/** Which account's access token `getAccessToken` gives. */
export interface AccessTokenParams {
  /** The user whose linked account is meant. */
  userId: string;
  /** The provider id of the account (`"github"`, `"google"`, …). */
  provider: string;
}

/**
 * A valid access token for the user's linked OAuth/OIDC account (database accounts through the
 * adapter): the stored one while it has more than a minute left, else one refreshed with the
 * stored refresh token (oauth4webapi's refresh grant) and stored together with the rotated refresh
 * token. Concurrent calls share one refresh in an instance; across instances an account lease
 * taken before the network call lets exactly one instance reach the provider while the others
 * wait for its result. Throws `RefreshTokenError` when the account has no refresh token or the
 * provider refuses it (nothing is written then). Needs the adapter's `getAccountByUserId`,
 * `leaseAccount` and `releaseAccount` (`@latch/pg` has them).
 *
 * @example
 * ```ts
 * import { getAccessToken } from "@latch/core"
 * const token = await getAccessToken(authConfig, { userId: session.user.id, provider: "github" })
 * await fetch("https://api.github.com/user/repos", { headers: { authorization: `Bearer ${token}` } })
 * ```
 */
export async function getAccessToken(config: AuthConfig, params: AccessTokenParams): Promise<string>;
/**
 * JWT sessions (with `session.providerTokens`): the provider's access token kept in the request's
 * session token, refreshed when it has less than a minute left. The caller must send the returned
 * `cookies` (`Set-Cookie` values) with its response: they carry the rotated tokens. A refused
 * refresh gives `{ accessToken: null, error: "RefreshTokenError" }` and cookies that make
 * `session.error` `"RefreshTokenError"` until the user signs in again.
 *
 * @example
 * ```ts
 * const { accessToken, cookies } = await getAccessToken(authConfig, { request, provider: "google" })
 * for (const cookie of cookies) response.headers.append("set-cookie", cookie)
 * ```
 */
export async function getAccessToken(config: AuthConfig, params: JwtAccessTokenParams): Promise<JwtAccessToken>;
export async function getAccessToken(config: AuthConfig, params: AccessTokenParams | JwtAccessTokenParams): Promise<string | JwtAccessToken> {
  if ("request" in params) {
    const { freshJwtAccessToken } = await import("./jwt-refresh.js");
    const { request } = params;
    const url = new URL(request.url);
    const ctx = resolveConfig(config, url);
    const req: AuthRequest = { url, method: "GET", action: "session", query: {}, cookies: parseCookies(request.headers.get("cookie")), headers: request.headers, jsonMode: false, request };
    return freshJwtAccessToken(ctx, req, staticConfig(config), params.provider, config.session?.refreshLock);
  }
  const { freshAccessToken } = await import("./refresh.js");
  const s = staticConfig(config);
  return freshAccessToken({ adapter: s.adapter, providers: s.mergedProviders as never }, s, params.userId, params.provider);
}
