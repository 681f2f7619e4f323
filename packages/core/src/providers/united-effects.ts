/**
 * United Effects sign-in over OpenID Connect.
 *
 * @module providers/united-effects
 */
import type { OpenIDStandardClaims } from "./internal/oidc-user.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";
import { oidcPreset } from "./internal/oidc-preset.js";

/** The claims of a United Effects ID token and userinfo response (https://docs.unitedeffects.com/). */
export interface UnitedEffectsProfile extends OpenIDStandardClaims {
  iss: string;
  aud: string | string[];
  exp: number;
  iat: number;
  nonce?: string;
}

/**
 * Sign in with United Effects. Pass the issuer, `https://auth.unitedeffects.com/<authGroupId>`; it is required.
 * Endpoints and keys come from its discovery document.
 *
 * Register `<origin>/auth/callback/united-effects` as the redirect URI of your United Effects app.
 * `AUTH_UNITED_EFFECTS_ID` and `AUTH_UNITED_EFFECTS_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out, and `AUTH_UNITED_EFFECTS_ISSUER` fills `issuer`.
 *
 * @example
 * ```ts
 * import UnitedEffects from "@latch/core/providers/united-effects"
 *
 * const providers = [UnitedEffects({ issuer: "https://auth.unitedeffects.com/acme-group" })]
 * ```
 */
export default function UnitedEffects(options: OAuthUserConfig<UnitedEffectsProfile> = {}): OIDCConfig<UnitedEffectsProfile> {
  return oidcPreset<UnitedEffectsProfile>(options, {
    id: "united-effects",
    name: "United Effects",
    style: { bg: "#23394B", text: "#fff" },
  });
}

// `require()` of this module (CommonJS, Node 20.19+) returns UnitedEffects itself, as `import` gives it.
export { UnitedEffects as "module.exports" };
