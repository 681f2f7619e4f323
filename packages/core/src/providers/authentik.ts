/**
 * authentik sign-in over OpenID Connect.
 *
 * @module providers/authentik
 */
import type { OpenIDStandardClaims } from "./internal/oidc-user.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";
import { oidcPreset } from "./internal/oidc-preset.js";

/** The claims of authentik's default scope mappings (https://docs.goauthentik.io/docs/add-secure-apps/providers/oauth2/). */
export interface AuthentikProfile extends OpenIDStandardClaims {
  iss: string;
  /** Depends on the provider's "subject mode": a hashed id by default. */
  sub: string;
  aud: string;
  exp: number;
  iat: number;
  auth_time: number;
  acr?: string;
  amr?: string[];
  c_hash?: string;
  at_hash?: string;
  nonce?: string;
  sid?: string;
  groups?: string[];
}

/**
 * Sign in with authentik. Pass the application's issuer,
 * `https://<host>/application/o/<application-slug>/` (with its trailing slash); it is required.
 *
 * Add `<origin>/auth/callback/authentik` to the redirect URIs of the OAuth2/OpenID provider.
 * `AUTH_AUTHENTIK_ID`, `AUTH_AUTHENTIK_SECRET` and `AUTH_AUTHENTIK_ISSUER` fill `clientId`,
 * `clientSecret` and `issuer` when you leave them out.
 *
 * @example
 * ```ts
 * import Authentik from "@latch/core/providers/authentik"
 *
 * const providers = [Authentik({ issuer: "https://auth.example.com/application/o/my-app/" })]
 * ```
 */
export default function Authentik(options: OAuthUserConfig<AuthentikProfile> = {}): OIDCConfig<AuthentikProfile> {
  return oidcPreset<AuthentikProfile>(options, {
    id: "authentik",
    name: "authentik",
    style: { bg: "#FD4B2D", text: "#fff" },
  });
}

// `require()` of this module (CommonJS, Node 20.19+) returns Authentik itself, as `import` gives it.
export { Authentik as "module.exports" };
