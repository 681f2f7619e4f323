/**
 * `getAccessToken`, the server API of upstream tokens. The refresh code (and oauth4webapi) is
 * loaded on the first call, so an app that never calls it carries none of it.
 */
import { staticConfig } from "../../config/resolve.js";
import type { AuthConfig } from "../../types/config.js";

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
export async function getAccessToken(config: AuthConfig, params: AccessTokenParams): Promise<string> {
  const { freshAccessToken } = await import("./refresh.js");
  const s = staticConfig(config);
  return freshAccessToken({ adapter: s.adapter, providers: s.mergedProviders as never }, s, params.userId, params.provider);
}
