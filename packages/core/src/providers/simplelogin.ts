/**
 * SimpleLogin sign-in over OpenID Connect.
 *
 * @module providers/simplelogin
 */
import type { OpenIDStandardClaims } from "./internal/oidc-user.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The claims of a SimpleLogin ID token (https://simplelogin.io/docs/siwsl/). */
export interface SimpleLoginProfile extends OpenIDStandardClaims {
  iss: string;
  aud: string | string[];
  exp: number;
  iat: number;
  nonce?: string;
  /** The user's avatar URL; SimpleLogin also sends it as `avatar_url`. */
  avatar_url?: string | null;
  client?: string;
}

/**
 * Sign in with SimpleLogin (Proton's email alias service). The address may be an alias the user picked
 * for your site.
 *
 * Register `<origin>/auth/callback/simplelogin` as the redirect URI of your SimpleLogin app.
 * `AUTH_SIMPLELOGIN_ID` and `AUTH_SIMPLELOGIN_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out.
 *
 * @example
 * ```ts
 * import SimpleLogin from "@latch/core/providers/simplelogin"
 *
 * const providers = [SimpleLogin({})]
 * ```
 */
export default function SimpleLogin(options: OAuthUserConfig<SimpleLoginProfile> = {}): OIDCConfig<SimpleLoginProfile> {
  return {
    id: "simplelogin",
    name: "SimpleLogin",
    type: "oidc",
    [providerFlow]: loadOAuthFlow,
    issuer: "https://app.simplelogin.io",
    authorization: { params: { scope: "openid profile email" } },
    profile(profile) {
      return { id: profile.sub, name: profile.name ?? null, email: profile.email ?? null, image: profile.avatar_url ?? profile.picture ?? null };
    },
    style: { bg: "#E3156A", text: "#fff" },
    options,
  } satisfies OIDCConfig<SimpleLoginProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns SimpleLogin itself, as `import` gives it.
export { SimpleLogin as "module.exports" };
