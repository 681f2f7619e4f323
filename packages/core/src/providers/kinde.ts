/**
 * Kinde sign-in over OpenID Connect.
 *
 * @module providers/kinde
 */
import type { OpenIDStandardClaims } from "./internal/oidc-user.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";
import { oidcPreset } from "./internal/oidc-preset.js";

/** The claims of a Kinde ID token and userinfo response (https://docs.kinde.com/). */
export interface KindeProfile extends OpenIDStandardClaims {
  iss: string;
  aud: string | string[];
  exp: number;
  iat: number;
  nonce?: string;
  org_code?: string;
  updated_at?: number;
}

/**
 * Sign in with Kinde. Pass the issuer, `https://<business>.kinde.com`; it is required.
 * Endpoints and keys come from its discovery document.
 *
 * Register `<origin>/auth/callback/kinde` as the redirect URI of your Kinde app.
 * `AUTH_KINDE_ID` and `AUTH_KINDE_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out, and `AUTH_KINDE_ISSUER` fills `issuer`.
 *
 * @example
 * ```ts
 * import Kinde from "@latch/core/providers/kinde"
 *
 * const providers = [Kinde({ issuer: "https://acme.kinde.com" })]
 * ```
 */
export default function Kinde(options: OAuthUserConfig<KindeProfile> = {}): OIDCConfig<KindeProfile> {
  return oidcPreset<KindeProfile>(options, {
    id: "kinde",
    name: "Kinde",
    style: { bg: "#0F0F0F", text: "#fff" },
  });
}

// `require()` of this module (CommonJS, Node 20.19+) returns Kinde itself, as `import` gives it.
export { Kinde as "module.exports" };
