/**
 * Casdoor sign-in over OpenID Connect.
 *
 * @module providers/casdoor
 */
import type { OpenIDStandardClaims } from "./internal/oidc-user.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";
import { oidcPreset } from "./internal/oidc-preset.js";

/** The claims of a Casdoor ID token and userinfo response (https://casdoor.org/docs/how-to-connect/oidc-client). */
export interface CasdoorProfile extends OpenIDStandardClaims {
  iss: string;
  aud: string | string[];
  exp: number;
  iat: number;
  nonce?: string;
  owner?: string;
  tag?: string;
}

/**
 * Sign in with a Casdoor server (self-hosted). Pass its URL as `issuer`, e.g. `https://door.example.com`;
 * it is required.
 *
 * Register `<origin>/auth/callback/casdoor` as the redirect URI of your Casdoor app.
 * `AUTH_CASDOOR_ID` and `AUTH_CASDOOR_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out, and `AUTH_CASDOOR_ISSUER` fills `issuer`.
 *
 * @example
 * ```ts
 * import Casdoor from "@latch/core/providers/casdoor"
 *
 * const providers = [Casdoor({ issuer: "https://door.example.com" })]
 * ```
 */
export default function Casdoor(options: OAuthUserConfig<CasdoorProfile> = {}): OIDCConfig<CasdoorProfile> {
  return oidcPreset<CasdoorProfile>(options, {
    id: "casdoor",
    name: "Casdoor",
    style: { bg: "#2F6FED", text: "#fff" },
  });
}

// `require()` of this module (CommonJS, Node 20.19+) returns Casdoor itself, as `import` gives it.
export { Casdoor as "module.exports" };
