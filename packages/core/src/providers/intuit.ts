/**
 * Intuit sign-in over OpenID Connect.
 *
 * @module providers/intuit
 */
import type { OpenIDStandardClaims } from "./internal/oidc-user.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The claims of a Intuit ID token and userinfo response (https://developer.intuit.com/app/developer/qbo/docs/develop/authentication-and-authorization/openid-connect). */
export interface IntuitProfile extends OpenIDStandardClaims {
  iss: string;
  aud: string | string[];
  exp: number;
  iat: number;
  nonce?: string;
  givenName?: string;
  familyName?: string;
  emailVerified?: boolean;
  /** The QuickBooks company the user connected, with the `com.intuit.quickbooks.accounting` scope. */
  realmid?: string;
}

/**
 * Sign in with Intuit (QuickBooks, TurboTax, Mint accounts). The ID token carries only the subject: the
 * name and address come from the userinfo endpoint (`idToken: false`), which names them `givenName`,
 * `familyName` and `email`.
 *
 * Register `<origin>/auth/callback/intuit` as the redirect URI of your Intuit app.
 * `AUTH_INTUIT_ID` and `AUTH_INTUIT_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out.
 *
 * @example
 * ```ts
 * import Intuit from "@latch/core/providers/intuit"
 *
 * const providers = [Intuit({})]
 * ```
 */
export default function Intuit(options: OAuthUserConfig<IntuitProfile> = {}): OIDCConfig<IntuitProfile> {
  return {
    id: "intuit",
    name: "Intuit",
    type: "oidc",
    [providerFlow]: loadOAuthFlow,
    issuer: "https://oauth.platform.intuit.com/op/v1",
    authorization: { params: { scope: "openid profile email" } },
    idToken: false,
    profile(profile) {
      const name = profile.name ?? [profile.givenName, profile.familyName].filter(Boolean).join(" ");
      return { id: profile.sub, name: name || null, email: profile.email ?? null, image: null };
    },
    style: { bg: "#236CFF", text: "#fff" },
    options,
  } satisfies OIDCConfig<IntuitProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Intuit itself, as `import` gives it.
export { Intuit as "module.exports" };
