/**
 * Keycloak sign-in over OpenID Connect.
 *
 * @module providers/keycloak
 */
import type { OpenIDStandardClaims } from "./internal/oidc-user.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";
import { oidcPreset } from "./internal/oidc-preset.js";

/** The claims of a Keycloak ID token with the default client scopes (https://www.keycloak.org/docs/latest/server_admin/#_oidc). */
export interface KeycloakProfile extends OpenIDStandardClaims {
  exp: number;
  iat: number;
  auth_time?: number;
  jti: string;
  iss: string;
  aud: string | string[];
  /** The Keycloak user id (a UUID). */
  sub: string;
  typ: string;
  azp: string;
  nonce?: string;
  session_state?: string;
  sid?: string;
  at_hash: string;
  acr?: string;
  email_verified: boolean;
  preferred_username: string;
  /** Present when a mapper adds realm or client roles. */
  realm_access?: { roles: string[] };
  resource_access?: Record<string, { roles: string[] }>;
  groups?: string[];
}

/**
 * Sign in with Keycloak. Pass the realm's issuer, `https://<host>/realms/<realm>` (Keycloak 17 and
 * later; older servers add `/auth`); it is required.
 *
 * Add `<origin>/auth/callback/keycloak` to the valid redirect URIs of your Keycloak client (client
 * authentication on). `AUTH_KEYCLOAK_ID`, `AUTH_KEYCLOAK_SECRET` and `AUTH_KEYCLOAK_ISSUER` fill
 * `clientId`, `clientSecret` and `issuer` when you leave them out.
 *
 * @example
 * ```ts
 * import Keycloak from "@latch/core/providers/keycloak"
 *
 * const providers = [Keycloak({ issuer: "https://sso.example.com/realms/acme" })]
 * ```
 */
export default function Keycloak(options: OAuthUserConfig<KeycloakProfile> = {}): OIDCConfig<KeycloakProfile> {
  return oidcPreset<KeycloakProfile>(options, {
    id: "keycloak",
    name: "Keycloak",
    style: { bg: "#4D4D4D", text: "#fff" },
  });
}

// `require()` of this module (CommonJS, Node 20.19+) returns Keycloak itself, as `import` gives it.
export { Keycloak as "module.exports" };
