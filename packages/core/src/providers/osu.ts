/**
 * osu! sign-in over OAuth 2.
 *
 * @module providers/osu
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The user, as osu!'s `GET /api/v2/me` returns it (https://osu.ppy.sh/docs/index.html#get-own-data). */
export interface OsuProfile {
  id: number;
  username: string;
  avatar_url: string;
  country_code: string;
  default_group?: string;
  is_active?: boolean;
  is_bot?: boolean;
  is_deleted?: boolean;
  is_online?: boolean;
  is_supporter?: boolean;
  last_visit?: string | null;
  pm_friends_only?: boolean;
  profile_colour?: string | null;
  cover_url?: string;
  join_date?: string;
  playmode?: string;
}

/**
 * Sign in with osu!. Scope `identify`; osu! gives no email address.
 *
 * Register `<origin>/auth/callback/osu` as the redirect URI of your osu! app.
 * `AUTH_OSU_ID` and `AUTH_OSU_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out.
 *
 * @example
 * ```ts
 * import Osu from "@latch/core/providers/osu"
 *
 * const providers = [Osu({})]
 * ```
 */
export default function Osu(options: OAuthUserConfig<OsuProfile> = {}): OAuth2Config<OsuProfile> {
  return {
    id: "osu",
    name: "osu!",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    authorization: { url: "https://osu.ppy.sh/oauth/authorize", params: { scope: "identify" } },
    token: "https://osu.ppy.sh/oauth/token",
    userinfo: "https://osu.ppy.sh/api/v2/me",
    client: { token_endpoint_auth_method: "client_secret_post" },
    // osu!'s OAuth documents no PKCE for web apps; `state` protects the callback.
    checks: ["state"],
    profile(profile) {
      return { id: String(profile.id), name: profile.username, email: null, image: profile.avatar_url };
    },
    style: { bg: "#FF66AA", text: "#fff" },
    options,
  } satisfies OAuth2Config<OsuProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Osu itself, as `import` gives it.
export { Osu as "module.exports" };
