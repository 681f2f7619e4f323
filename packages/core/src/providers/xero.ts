/**
 * Xero sign-in over OpenID Connect.
 *
 * @module providers/xero
 */
import type { OpenIDStandardClaims } from "./internal/oidc-user.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The claims of a Xero ID token (https://developer.xero.com/documentation/guides/oauth2/sign-in/). */
export interface XeroProfile extends OpenIDStandardClaims {
  iss: string;
  aud: string | string[];
  exp: number;
  iat: number;
  nonce?: string;
  xero_userid?: string;
  session_state?: string;
  global_session_id?: string;
}

/**
 * Sign in with Xero (accounting; "Sign In with Xero"). The id is Xero's `xero_userid`, stable across
 * the user's organisations.
 *
 * Register `<origin>/auth/callback/xero` as the redirect URI of your Xero app.
 * `AUTH_XERO_ID` and `AUTH_XERO_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out.
 *
 * @example
 * ```ts
 * import Xero from "@latch/core/providers/xero"
 *
 * const providers = [Xero({})]
 * ```
 */
export default function Xero(options: OAuthUserConfig<XeroProfile> = {}): OIDCConfig<XeroProfile> {
  return {
    id: "xero",
    name: "Xero",
    type: "oidc",
    [providerFlow]: loadOAuthFlow,
    issuer: "https://identity.xero.com",
    authorization: { params: { scope: "openid profile email" } },
    profile(profile) {
      const name = profile.name ?? [profile.given_name, profile.family_name].filter(Boolean).join(" ");
      return { id: profile.xero_userid ?? profile.sub, name: name || null, email: profile.email ?? null, image: null };
    },
    style: { bg: "#13B5EA", text: "#fff" },
    options,
  } satisfies OIDCConfig<XeroProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Xero itself, as `import` gives it.
export { Xero as "module.exports" };
