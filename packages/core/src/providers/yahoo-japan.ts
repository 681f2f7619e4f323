/**
 * Yahoo! JAPAN sign-in over OpenID Connect.
 *
 * @module providers/yahoo-japan
 */
import type { OpenIDStandardClaims } from "./internal/oidc-user.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";
import { oidcPreset } from "./internal/oidc-preset.js";

/** The claims of a Yahoo! JAPAN ID token and userinfo response (https://developer.yahoo.co.jp/yconnect/v2/). */
export interface YahooJapanProfile extends OpenIDStandardClaims {
  iss: string;
  aud: string | string[];
  exp: number;
  iat: number;
  nonce?: string;
}

/**
 * Sign in with Yahoo! JAPAN ID (YConnect v2). The ID token carries only the subject; the name, address
 * and picture come from the userinfo endpoint (`idToken: false`).
 *
 * Register `<origin>/auth/callback/yahoo-japan` as the redirect URI of your Yahoo! JAPAN app.
 * `AUTH_YAHOO_JAPAN_ID` and `AUTH_YAHOO_JAPAN_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out.
 *
 * @example
 * ```ts
 * import YahooJapan from "@latch/core/providers/yahoo-japan"
 *
 * const providers = [YahooJapan({})]
 * ```
 */
export default function YahooJapan(options: OAuthUserConfig<YahooJapanProfile> = {}): OIDCConfig<YahooJapanProfile> {
  return oidcPreset<YahooJapanProfile>(options, {
    id: "yahoo-japan",
    name: "Yahoo! JAPAN",
    issuer: "https://auth.login.yahoo.co.jp/yconnect/v2",
    idToken: false,
    style: { bg: "#FF0033", text: "#fff" },
  });
}

// `require()` of this module (CommonJS, Node 20.19+) returns YahooJapan itself, as `import` gives it.
export { YahooJapan as "module.exports" };
