/**
 * Duende IdentityServer sign-in over OpenID Connect.
 *
 * @module providers/duende-identity-server6
 */
import type { OpenIDStandardClaims } from "./internal/oidc-user.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";
import { oidcPreset } from "./internal/oidc-preset.js";

/** The claims of a Duende IdentityServer ID token and userinfo response (https://docs.duendesoftware.com/identityserver/). */
export interface DuendeIdentityServer6Profile extends OpenIDStandardClaims {
  iss: string;
  aud: string | string[];
  exp: number;
  iat: number;
  nonce?: string;
}

/**
 * Sign in with Duende IdentityServer. Pass the issuer, `https://<your IdentityServer>`; it is required.
 * Endpoints and keys come from its discovery document.
 *
 * Register `<origin>/auth/callback/duende-identity-server6` as the redirect URI of your Duende IdentityServer app.
 * `AUTH_DUENDE_IDENTITY_SERVER6_ID` and `AUTH_DUENDE_IDENTITY_SERVER6_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out, and `AUTH_DUENDE_IDENTITY_SERVER6_ISSUER` fills `issuer`.
 *
 * @example
 * ```ts
 * import DuendeIdentityServer6 from "@latch/core/providers/duende-identity-server6"
 *
 * const providers = [DuendeIdentityServer6({ issuer: "https://identity.example.com" })]
 * ```
 */
export default function DuendeIdentityServer6(options: OAuthUserConfig<DuendeIdentityServer6Profile> = {}): OIDCConfig<DuendeIdentityServer6Profile> {
  return oidcPreset<DuendeIdentityServer6Profile>(options, {
    id: "duende-identity-server6",
    name: "Duende IdentityServer",
    style: { bg: "#1E3B70", text: "#fff" },
  });
}

// `require()` of this module (CommonJS, Node 20.19+) returns DuendeIdentityServer6 itself, as `import` gives it.
export { DuendeIdentityServer6 as "module.exports" };
