/**
 * IdentityServer4 sign-in over OpenID Connect.
 *
 * @module providers/identity-server4
 */
import type { OpenIDStandardClaims } from "./internal/oidc-user.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";
import { oidcPreset } from "./internal/oidc-preset.js";

/** The claims of a IdentityServer4 ID token and userinfo response (https://identityserver4.readthedocs.io/). */
export interface IdentityServer4Profile extends OpenIDStandardClaims {
  iss: string;
  aud: string | string[];
  exp: number;
  iat: number;
  nonce?: string;
}

/**
 * Sign in with IdentityServer4. Pass the issuer, `https://<your IdentityServer>`; it is required.
 * Endpoints and keys come from its discovery document.
 * IdentityServer4 is out of support; Duende IdentityServer (`duende-identity-server6`) is its successor.
 *
 * Register `<origin>/auth/callback/identity-server4` as the redirect URI of your IdentityServer4 app.
 * `AUTH_IDENTITY_SERVER4_ID` and `AUTH_IDENTITY_SERVER4_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out, and `AUTH_IDENTITY_SERVER4_ISSUER` fills `issuer`.
 *
 * @example
 * ```ts
 * import IdentityServer4 from "@latch/core/providers/identity-server4"
 *
 * const providers = [IdentityServer4({ issuer: "https://demo.identityserver.example" })]
 * ```
 */
export default function IdentityServer4(options: OAuthUserConfig<IdentityServer4Profile> = {}): OIDCConfig<IdentityServer4Profile> {
  return oidcPreset<IdentityServer4Profile>(options, {
    id: "identity-server4",
    name: "IdentityServer4",
    style: { bg: "#2B6CB0", text: "#fff" },
  });
}

// `require()` of this module (CommonJS, Node 20.19+) returns IdentityServer4 itself, as `import` gives it.
export { IdentityServer4 as "module.exports" };
