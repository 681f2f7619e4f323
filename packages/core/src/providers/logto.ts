/**
 * Logto sign-in over OpenID Connect.
 *
 * @module providers/logto
 */
import type { OpenIDStandardClaims } from "./internal/oidc-user.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";
import { oidcPreset } from "./internal/oidc-preset.js";

/** The claims of a Logto ID token and userinfo response (https://docs.logto.io/). */
export interface LogtoProfile extends OpenIDStandardClaims {
  iss: string;
  aud: string | string[];
  exp: number;
  iat: number;
  nonce?: string;
  username?: string;
}

/**
 * Sign in with Logto. Pass the issuer, `https://<tenant>.logto.app/oidc`; it is required.
 * Endpoints and keys come from its discovery document.
 *
 * Register `<origin>/auth/callback/logto` as the redirect URI of your Logto app.
 * `AUTH_LOGTO_ID` and `AUTH_LOGTO_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out, and `AUTH_LOGTO_ISSUER` fills `issuer`.
 *
 * @example
 * ```ts
 * import Logto from "@latch/core/providers/logto"
 *
 * const providers = [Logto({ issuer: "https://acme123.logto.app/oidc" })]
 * ```
 */
export default function Logto(options: OAuthUserConfig<LogtoProfile> = {}): OIDCConfig<LogtoProfile> {
  return oidcPreset<LogtoProfile>(options, {
    id: "logto",
    name: "Logto",
    style: { bg: "#5D34F2", text: "#fff" },
  });
}

// `require()` of this module (CommonJS, Node 20.19+) returns Logto itself, as `import` gives it.
export { Logto as "module.exports" };
