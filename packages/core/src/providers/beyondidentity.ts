/**
 * Beyond Identity sign-in over OpenID Connect.
 *
 * @module providers/beyondidentity
 */
import type { OpenIDStandardClaims } from "./internal/oidc-user.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";
import { oidcPreset } from "./internal/oidc-preset.js";

/** The claims of a Beyond Identity ID token and userinfo response (https://developer.beyondidentity.com/docs/). */
export interface BeyondIdentityProfile extends OpenIDStandardClaims {
  iss: string;
  aud: string | string[];
  exp: number;
  iat: number;
  nonce?: string;
}

/**
 * Sign in with Beyond Identity. Pass the issuer, `https://auth-<region>.beyondidentity.com/v1/tenants/<tenant>/realms/<realm>/applications/<application>`; it is required.
 * Endpoints and keys come from its discovery document.
 *
 * Register `<origin>/auth/callback/beyondidentity` as the redirect URI of your Beyond Identity app.
 * `AUTH_BEYONDIDENTITY_ID` and `AUTH_BEYONDIDENTITY_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out, and `AUTH_BEYONDIDENTITY_ISSUER` fills `issuer`.
 *
 * @example
 * ```ts
 * import BeyondIdentity from "@latch/core/providers/beyondidentity"
 *
 * const providers = [BeyondIdentity({ issuer: "https://auth-us.beyondidentity.com/v1/tenants/0001f1f460b111ad/realms/8f4e3b0d96f5c7e2/applications/a8c5e9a2-1111-4222-8333-9c1d2e3f4a5b" })]
 * ```
 */
export default function BeyondIdentity(options: OAuthUserConfig<BeyondIdentityProfile> = {}): OIDCConfig<BeyondIdentityProfile> {
  return oidcPreset<BeyondIdentityProfile>(options, {
    id: "beyondidentity",
    name: "Beyond Identity",
    style: { bg: "#5077C5", text: "#fff" },
  });
}

// `require()` of this module (CommonJS, Node 20.19+) returns BeyondIdentity itself, as `import` gives it.
export { BeyondIdentity as "module.exports" };
