/**
 * Okta sign-in over OpenID Connect.
 *
 * @module providers/okta
 */
import type { OAuthUserConfig, OIDCConfig } from "./types.js";
import { userFromStandardClaims } from "./oidc-user.js";

/** The claims Okta returns for the `openid profile email` scopes (https://developer.okta.com/docs/reference/api/oidc/#claims). */
export interface OktaProfile {
  iss: string;
  ver?: number;
  /** The Okta user id. */
  sub: string;
  aud: string;
  iat: number;
  exp: number;
  jti?: string;
  auth_time?: number;
  amr?: string[];
  idp?: string;
  nonce?: string;
  at_hash?: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  middle_name?: string;
  nickname?: string;
  preferred_username?: string;
  profile?: string;
  picture?: string;
  website?: string;
  email?: string;
  email_verified?: boolean;
  gender?: string;
  birthdate?: string;
  zoneinfo?: string;
  locale?: string;
  phone_number?: string;
  updated_at?: number;
  groups?: string[];
}

/**
 * Sign in with Okta. Pass your authorization server's issuer: `https://<org>.okta.com` (the org
 * server) or `https://<org>.okta.com/oauth2/default` (a custom server); it is required.
 *
 * Add `<origin>/auth/callback/okta` to the sign-in redirect URIs of your Okta app integration.
 * `AUTH_OKTA_ID`, `AUTH_OKTA_SECRET` and `AUTH_OKTA_ISSUER` fill `clientId`, `clientSecret` and
 * `issuer` when you leave them out.
 *
 * @example
 * ```ts
 * import Okta from "@latch/core/providers/okta"
 *
 * const providers = [Okta({ issuer: "https://example.okta.com/oauth2/default" })]
 * ```
 */
export default function Okta(options: OAuthUserConfig<OktaProfile> = {}): OIDCConfig<OktaProfile> {
  return {
    id: "okta",
    name: "Okta",
    type: "oidc",
    issuer: options.issuer,
    authorization: { params: { scope: "openid profile email" } },
    profile: userFromStandardClaims,
    style: { bg: "#00297A", text: "#fff" },
    options,
  } satisfies OIDCConfig<OktaProfile>;
}
