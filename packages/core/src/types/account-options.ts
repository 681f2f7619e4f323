import type { featureCode } from "../symbols.js";
import type { FeatureCode } from "./feature.js";

/**
 * How a sign-in with an OAuth or OpenID account that is not linked yet may join an existing user
 * who has the same email address:
 * - `"never"`: it may not; the sign-in is refused with `OAuthAccountNotLinked` (as in Auth.js).
 *   A signed-in user can still link the account on purpose (`POST <base>/link/<providerId>`).
 * - `"verified-email"`: it joins that user only when the provider asserts the address verified
 *   (`email_verified: true` for OpenID Connect, the preset's own flag otherwise, see
 *   `isEmailVerified`) and the provider's id is in {@link AccountOptions.trustedProviders}.
 */
export type AccountLinking = "never" | "verified-email";

/**
 * Turns on `POST <base>/link/<providerId>` and `POST <base>/unlink/<providerId>`. Made by
 * `AccountLinks()` of `@latch/core/accounts`; its code comes into the bundle only with it.
 */
export interface AccountLinksOption {
  /** Its rows, check and hooks, for core (internal). */
  readonly [featureCode]: FeatureCode;
}

/**
 * Options of users' accounts.
 *
 * @example
 * ```ts
 * import { AccountLinks } from "@latch/core/accounts"
 * const config = {
 *   providers: [Google, GitHub],
 *   account: { linking: "verified-email", trustedProviders: ["google"], links: AccountLinks() },
 * }
 * ```
 */
export interface AccountOptions {
  /** The linking policy. Default `"never"`. */
  linking?: AccountLinking;
  /**
   * The ids of the providers whose "this address is verified" Latch believes enough to join an
   * existing user by email (policy `"verified-email"`, which needs at least one). Each must be an
   * `oauth` or `oidc` provider of `providers`. Default `[]`.
   */
  trustedProviders?: readonly string[];
  /** The link and unlink endpoints: `AccountLinks()` of `@latch/core/accounts`. Default: off. */
  links?: AccountLinksOption;
}
