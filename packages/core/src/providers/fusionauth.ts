/**
 * FusionAuth sign-in over OpenID Connect.
 *
 * @module providers/fusionauth
 */
import type { OpenIDStandardClaims } from "./internal/oidc-user.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";
import { oidcPreset } from "./internal/oidc-preset.js";

/** The claims of a FusionAuth ID token and userinfo response (https://fusionauth.io/docs/lifecycle/authenticate-users/oauth/tokens). */
export interface FusionAuthProfile extends OpenIDStandardClaims {
  iss: string;
  aud: string | string[];
  exp: number;
  iat: number;
  nonce?: string;
  applicationId?: string;
  roles?: string[];
  sid?: string;
  tid?: string;
}

/**
 * Sign in with FusionAuth. Pass the issuer, `https://<your FusionAuth host>`; it is required.
 * Endpoints and keys come from its discovery document.
 * With several tenants, name one with `authorization.params.tenantId`. The issuer is the one set on the
 * FusionAuth tenant; by default the instance's URL.
 *
 * Register `<origin>/auth/callback/fusionauth` as the redirect URI of your FusionAuth app.
 * `AUTH_FUSIONAUTH_ID` and `AUTH_FUSIONAUTH_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out, and `AUTH_FUSIONAUTH_ISSUER` fills `issuer`.
 *
 * @example
 * ```ts
 * import FusionAuth from "@latch/core/providers/fusionauth"
 *
 * const providers = [FusionAuth({ issuer: "https://fusionauth.example.com" })]
 * ```
 */
export default function FusionAuth(options: OAuthUserConfig<FusionAuthProfile> = {}): OIDCConfig<FusionAuthProfile> {
  return oidcPreset<FusionAuthProfile>(options, {
    id: "fusionauth",
    name: "FusionAuth",
    style: { bg: "#F58320", text: "#fff" },
  });
}

// `require()` of this module (CommonJS, Node 20.19+) returns FusionAuth itself, as `import` gives it.
export { FusionAuth as "module.exports" };
