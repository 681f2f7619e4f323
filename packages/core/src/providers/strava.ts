/**
 * Strava sign-in over OAuth 2.
 *
 * @module providers/strava
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The authenticated athlete (https://developers.strava.com/docs/reference/#api-models-DetailedAthlete). */
export interface StravaProfile {
  /** Numeric athlete id. */
  id: number;
  username: string | null;
  resource_state: number;
  firstname: string;
  lastname: string;
  bio: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  sex: "M" | "F" | null;
  premium: boolean;
  summit: boolean;
  created_at: string;
  updated_at: string;
  badge_type_id: number;
  weight: number | null;
  /** URL of a 124px picture. */
  profile_medium: string;
  /** URL of a 60px picture. */
  profile: string;
  friend: null;
  follower: null;
}

/**
 * Sign in with Strava, with the `read` scope. Strava never tells an email address: the user has
 * `email: null`. The token endpoint takes the client secret in the body.
 *
 * Set the "Authorization Callback Domain" of your Strava API app to your site's host; the callback
 * path is `<origin>/auth/callback/strava`. `AUTH_STRAVA_ID` and `AUTH_STRAVA_SECRET` fill
 * `clientId` and `clientSecret` when you leave them out.
 *
 * @example
 * ```ts
 * import Strava from "@latch/core/providers/strava"
 *
 * const providers = [Strava({})] // AUTH_STRAVA_ID / AUTH_STRAVA_SECRET
 * ```
 */
export default function Strava(options: OAuthUserConfig<StravaProfile> = {}): OAuth2Config<StravaProfile> {
  return {
    id: "strava",
    name: "Strava",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    authorization: {
      url: "https://www.strava.com/oauth/authorize",
      params: { scope: "read", approval_prompt: "auto" },
    },
    token: "https://www.strava.com/oauth/token",
    userinfo: "https://www.strava.com/api/v3/athlete",
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile) {
      const name = [profile.firstname, profile.lastname].filter(Boolean).join(" ");
      return { id: String(profile.id), name: name || profile.username, email: null, image: profile.profile_medium ?? profile.profile ?? null };
    },
    style: { bg: "#FC4C02", text: "#fff" },
    options,
  } satisfies OAuth2Config<StravaProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Strava itself, as `import` gives it.
export { Strava as "module.exports" };
