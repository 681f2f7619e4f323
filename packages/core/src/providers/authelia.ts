/**
 * Authelia sign-in over OpenID Connect.
 *
 * @module providers/authelia
 */
import type { OpenIDStandardClaims } from "./internal/oidc-user.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";
import { oidcPreset } from "./internal/oidc-preset.js";

/** The claims of a Authelia ID token and userinfo response (https://www.authelia.com/integration/openid-connect/introduction/). */
export interface AutheliaProfile extends OpenIDStandardClaims {
  iss: string;
  aud: string | string[];
  exp: number;
  iat: number;
  nonce?: string;
  groups?: string[];
}

/**
 * Sign in with Authelia. Pass the issuer, `https://auth.<your domain>`; it is required.
 * Endpoints and keys come from its discovery document.
 *
 * Register `<origin>/auth/callback/authelia` as the redirect URI of your Authelia client (its `redirect_uris`).
 * `AUTH_AUTHELIA_ID` and `AUTH_AUTHELIA_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out, and `AUTH_AUTHELIA_ISSUER` fills `issuer`.
 *
 * @example
 * ```ts
 * import Authelia from "@latch/core/providers/authelia"
 *
 * const providers = [Authelia({ issuer: "https://auth.example.com" })]
 * ```
 */
export default function Authelia(options: OAuthUserConfig<AutheliaProfile> = {}): OIDCConfig<AutheliaProfile> {
  return oidcPreset<AutheliaProfile>(options, {
    id: "authelia",
    name: "Authelia",
    style: { bg: "#1A73E8", text: "#fff" },
  });
}

// `require()` of this module (CommonJS, Node 20.19+) returns Authelia itself, as `import` gives it.
export { Authelia as "module.exports" };
