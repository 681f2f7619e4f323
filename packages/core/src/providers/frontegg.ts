/**
 * Frontegg sign-in over OpenID Connect.
 *
 * @module providers/frontegg
 */
import type { OpenIDStandardClaims } from "./internal/oidc-user.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";
import { oidcPreset } from "./internal/oidc-preset.js";

/** The claims of a Frontegg ID token and userinfo response (https://docs.frontegg.com/). */
export interface FronteggProfile extends OpenIDStandardClaims {
  iss: string;
  aud: string | string[];
  exp: number;
  iat: number;
  nonce?: string;
  tenantId?: string;
  tenantIds?: string[];
  roles?: string[];
}

/**
 * Sign in with Frontegg. Pass the issuer, `https://<subdomain>.frontegg.com`; it is required.
 * Endpoints and keys come from its discovery document.
 *
 * Register `<origin>/auth/callback/frontegg` as the redirect URI of your Frontegg app.
 * `AUTH_FRONTEGG_ID` and `AUTH_FRONTEGG_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out, and `AUTH_FRONTEGG_ISSUER` fills `issuer`.
 *
 * @example
 * ```ts
 * import Frontegg from "@latch/core/providers/frontegg"
 *
 * const providers = [Frontegg({ issuer: "https://acme.frontegg.com" })]
 * ```
 */
export default function Frontegg(options: OAuthUserConfig<FronteggProfile> = {}): OIDCConfig<FronteggProfile> {
  return oidcPreset<FronteggProfile>(options, {
    id: "frontegg",
    name: "Frontegg",
    style: { bg: "#4461F2", text: "#fff" },
  });
}

// `require()` of this module (CommonJS, Node 20.19+) returns Frontegg itself, as `import` gives it.
export { Frontegg as "module.exports" };
