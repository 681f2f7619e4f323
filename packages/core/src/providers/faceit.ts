/**
 * FACEIT sign-in over OAuth 2.
 *
 * @module providers/faceit
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The user, as FACEIT's userinfo endpoint returns it (https://docs.faceit.com/getting-started/authentication/). */
export interface FACEITProfile {
  /** The player id. */
  guid: string;
  nickname: string;
  email?: string;
  picture?: string;
  locale?: string;
  given_name?: string;
  family_name?: string;
  birthdate?: string;
  membership?: string;
}

/**
 * Sign in with FACEIT (competitive gaming). The authorization page is `accounts.faceit.com/accounts` with
 * `redirect_popup=true`; the profile is FACEIT's userinfo resource, whose id is the player's `guid`.
 *
 * Register `<origin>/auth/callback/faceit` as the redirect URI of your FACEIT app.
 * `AUTH_FACEIT_ID` and `AUTH_FACEIT_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out.
 *
 * @example
 * ```ts
 * import FACEIT from "@latch/core/providers/faceit"
 *
 * const providers = [FACEIT({})]
 * ```
 */
export default function FACEIT(options: OAuthUserConfig<FACEITProfile> = {}): OAuth2Config<FACEITProfile> {
  return {
    id: "faceit",
    name: "FACEIT",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    authorization: { url: "https://accounts.faceit.com/accounts", params: { redirect_popup: "true", scope: "openid email profile" } },
    token: "https://api.faceit.com/auth/v1/oauth/token",
    userinfo: "https://api.faceit.com/auth/v1/resources/userinfo",
    profile(profile) {
      return { id: profile.guid, name: profile.nickname, email: profile.email ?? null, image: profile.picture || null };
    },
    style: { bg: "#FF5500", text: "#fff" },
    options,
  } satisfies OAuth2Config<FACEITProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns FACEIT itself, as `import` gives it.
export { FACEIT as "module.exports" };
