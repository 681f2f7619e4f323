/**
 * Vipps MobilePay sign-in over OpenID Connect.
 *
 * @module providers/vipps
 */
import type { OpenIDStandardClaims } from "./internal/oidc-user.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The claims of a Vipps MobilePay Login userinfo response (https://developer.vippsmobilepay.com/docs/APIs/login-api/). */
export interface VippsProfile extends OpenIDStandardClaims {
  iss: string;
  aud: string | string[];
  exp: number;
  iat: number;
  nonce?: string;
  /** Stable user id, also in `sub`. */
  sid?: string;
  phone_number_verified?: boolean;
  address?: { street_address?: string; postal_code?: string; region?: string; country?: string; formatted?: string; address_type?: string };
  other_addresses?: unknown[];
  nin?: string;
  accounts?: Array<{ account_name: string; account_number: string; bank_name: string }>;
}

/** What {@link Vipps} accepts: the usual OAuth options, and the environment. */
export interface VippsUserConfig extends OAuthUserConfig<VippsProfile> {
  /** Use the test environment (`https://apitest.vipps.no/access-management-1.0/access/`). */
  test?: boolean;
}

/**
 * Sign in with Vipps MobilePay Login (Norway, Denmark, Finland). Scopes `openid name email phoneNumber`;
 * the profile comes from the userinfo endpoint (`idToken: false`), as Vipps releases the user's details
 * there. `test: true` uses the test environment; the issuer ends in a slash, as Vipps publishes it.
 *
 * Register `<origin>/auth/callback/vipps` as the redirect URI of your Vipps MobilePay app.
 * `AUTH_VIPPS_ID` and `AUTH_VIPPS_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out, and `AUTH_VIPPS_ISSUER` fills `issuer`.
 *
 * @example
 * ```ts
 * import Vipps from "@latch/core/providers/vipps"
 *
 * const providers = [Vipps({ test: true })]
 * ```
 */
export default function Vipps(options: VippsUserConfig = {}): OIDCConfig<VippsProfile> {
  return {
    id: "vipps",
    name: "Vipps MobilePay",
    type: "oidc",
    [providerFlow]: loadOAuthFlow,
    issuer: options.issuer ?? `https://${options.test ? "apitest" : "api"}.vipps.no/access-management-1.0/access/`,
    authorization: { params: { scope: "openid name email phoneNumber" } },
    idToken: false,
    profile(profile) {
      return { id: profile.sub, name: profile.name ?? null, email: profile.email ?? null, image: null };
    },
    style: { bg: "#FF5B24", text: "#fff" },
    options,
  } satisfies OIDCConfig<VippsProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Vipps itself, as `import` gives it.
export { Vipps as "module.exports" };
