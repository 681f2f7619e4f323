/**
 * Roblox sign-in over OpenID Connect.
 *
 * @module providers/roblox
 */
import type { OpenIDStandardClaims } from "./internal/oidc-user.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The claims of a Roblox ID token (https://create.roblox.com/docs/cloud/reference/oauth2). */
export interface RobloxProfile extends OpenIDStandardClaims {
  iss: string;
  aud: string | string[];
  exp: number;
  iat: number;
  nonce?: string;
  /** The Roblox user id, also in `sub`. */
  nickname?: string;
  /** Profile page URL. */
  profile?: string;
  created_at?: number;
}

/**
 * Sign in with Roblox. Scope `openid profile`: Roblox gives the user id, display name, username and
 * avatar, never an email address. Its issuer ends in a slash, as Roblox publishes it.
 *
 * Register `<origin>/auth/callback/roblox` as the redirect URI of your Roblox app.
 * `AUTH_ROBLOX_ID` and `AUTH_ROBLOX_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out.
 *
 * @example
 * ```ts
 * import Roblox from "@latch/core/providers/roblox"
 *
 * const providers = [Roblox({})]
 * ```
 */
export default function Roblox(options: OAuthUserConfig<RobloxProfile> = {}): OIDCConfig<RobloxProfile> {
  return {
    id: "roblox",
    name: "Roblox",
    type: "oidc",
    [providerFlow]: loadOAuthFlow,
    issuer: "https://apis.roblox.com/oauth/",
    authorization: { params: { scope: "openid profile" } },
    profile(profile) {
      return { id: profile.sub, name: profile.nickname ?? profile.name ?? profile.preferred_username ?? null, email: null, image: profile.picture ?? null };
    },
    style: { bg: "#000", text: "#fff" },
    options,
  } satisfies OIDCConfig<RobloxProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Roblox itself, as `import` gives it.
export { Roblox as "module.exports" };
