/**
 * OneLogin sign-in over OpenID Connect.
 *
 * @module providers/onelogin
 */
import type { OpenIDStandardClaims } from "./internal/oidc-user.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";
import { oidcPreset } from "./internal/oidc-preset.js";

/** The claims of a OneLogin ID token and userinfo response (https://developers.onelogin.com/openid-connect). */
export interface OneLoginProfile extends OpenIDStandardClaims {
  iss: string;
  aud: string | string[];
  exp: number;
  iat: number;
  nonce?: string;
  groups?: string[];
  params?: Record<string, string>;
}

/**
 * Sign in with OneLogin. Pass the issuer, `https://<subdomain>.onelogin.com/oidc/2`; it is required.
 * Endpoints and keys come from its discovery document.
 *
 * Register `<origin>/auth/callback/onelogin` as the redirect URI of your OneLogin app.
 * `AUTH_ONELOGIN_ID` and `AUTH_ONELOGIN_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out, and `AUTH_ONELOGIN_ISSUER` fills `issuer`.
 *
 * @example
 * ```ts
 * import OneLogin from "@latch/core/providers/onelogin"
 *
 * const providers = [OneLogin({ issuer: "https://acme.onelogin.com/oidc/2" })]
 * ```
 */
export default function OneLogin(options: OAuthUserConfig<OneLoginProfile> = {}): OIDCConfig<OneLoginProfile> {
  return oidcPreset<OneLoginProfile>(options, {
    id: "onelogin",
    name: "OneLogin",
    style: { bg: "#1C1F2A", text: "#fff" },
  });
}

// `require()` of this module (CommonJS, Node 20.19+) returns OneLogin itself, as `import` gives it.
export { OneLogin as "module.exports" };
