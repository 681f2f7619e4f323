/**
 * Okta sign-in over OpenID Connect.
 *
 * @module providers/okta
 */
import type { OpenIDStandardClaims } from "./internal/oidc-user.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";
import { oidcPreset } from "./internal/oidc-preset.js";

/** The claims Okta returns for the `openid profile email` scopes (https://developer.okta.com/docs/reference/api/oidc/#claims). */
export interface OktaProfile extends OpenIDStandardClaims {
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
  return oidcPreset<OktaProfile>(options, {
    id: "okta",
    name: "Okta",
    style: { bg: "#00297A", text: "#fff" },
  });
}

// `require()` of this module (CommonJS, Node 20.19+) returns Okta itself, as `import` gives it.
export { Okta as "module.exports" };
