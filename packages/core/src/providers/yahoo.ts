/**
 * Yahoo sign-in over OpenID Connect.
 *
 * @module providers/yahoo
 */
import type { OpenIDStandardClaims } from "./internal/oidc-user.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";
import { oidcPreset } from "./internal/oidc-preset.js";

/** The claims of a Yahoo ID token and userinfo response (https://developer.yahoo.com/oauth2/guide/openid_connect/). */
export interface YahooProfile extends OpenIDStandardClaims {
  iss: string;
  aud: string | string[];
  exp: number;
  iat: number;
  nonce?: string;
}

/**
 * Sign in with Yahoo. Scopes `profile` and `email` must be enabled on the app ("OpenID Connect
 * permissions").
 *
 * Register `<origin>/auth/callback/yahoo` as the redirect URI of your Yahoo app.
 * `AUTH_YAHOO_ID` and `AUTH_YAHOO_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out.
 *
 * @example
 * ```ts
 * import Yahoo from "@latch/core/providers/yahoo"
 *
 * const providers = [Yahoo({})]
 * ```
 */
export default function Yahoo(options: OAuthUserConfig<YahooProfile> = {}): OIDCConfig<YahooProfile> {
  return oidcPreset<YahooProfile>(options, {
    id: "yahoo",
    name: "Yahoo",
    issuer: "https://api.login.yahoo.com",
    style: { bg: "#6001D2", text: "#fff" },
  });
}

// `require()` of this module (CommonJS, Node 20.19+) returns Yahoo itself, as `import` gives it.
export { Yahoo as "module.exports" };
