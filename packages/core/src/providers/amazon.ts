/**
 * Amazon sign-in over OAuth 2.
 *
 * @module providers/amazon
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The customer profile, as Login with Amazon's `GET /user/profile` returns it (https://developer.amazon.com/docs/login-with-amazon/obtain-customer-profile.html). */
export interface AmazonProfile {
  /** Stable customer id, e.g. `amzn1.account.K2LI23KL2LK2`. */
  user_id: string;
  name?: string;
  email?: string;
  /** With the `postal_code` scope. */
  postal_code?: string;
}

/**
 * Sign in with Amazon (Login with Amazon). Scope `profile` gives the customer's id, name and address.
 *
 * Register `<origin>/auth/callback/amazon` as the redirect URI of your Amazon app.
 * `AUTH_AMAZON_ID` and `AUTH_AMAZON_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out.
 *
 * @example
 * ```ts
 * import Amazon from "@latch/core/providers/amazon"
 *
 * const providers = [Amazon({})]
 * ```
 */
export default function Amazon(options: OAuthUserConfig<AmazonProfile> = {}): OAuth2Config<AmazonProfile> {
  return {
    id: "amazon",
    name: "Amazon",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    authorization: { url: "https://www.amazon.com/ap/oa", params: { scope: "profile" } },
    token: "https://api.amazon.com/auth/o2/token",
    userinfo: "https://api.amazon.com/user/profile",
    profile(profile) {
      return { id: profile.user_id, name: profile.name ?? null, email: profile.email ?? null, image: null };
    },
    style: { bg: "#232F3E", text: "#fff" },
    options,
  } satisfies OAuth2Config<AmazonProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Amazon itself, as `import` gives it.
export { Amazon as "module.exports" };
