/**
 * X (formerly Twitter) sign-in over OAuth 2 with PKCE.
 *
 * @module providers/twitter
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The user object of the X API v2 (https://docs.x.com/x-api/fundamentals/data-dictionary#user). */
export interface TwitterUser {
  /** Numeric id, as a string. */
  id: string;
  name: string;
  username: string;
  /** URL of a 48×48 picture (`_normal`). */
  profile_image_url?: string;
  /** The account's email; only with the `users.email` scope and `user.fields=confirmed_email`. */
  confirmed_email?: string;
  created_at?: string;
  description?: string;
  location?: string;
  url?: string;
  protected?: boolean;
  verified?: boolean;
  pinned_tweet_id?: string;
  public_metrics?: { followers_count: number; following_count: number; tweet_count: number; listed_count: number };
}

/** The answer of `GET /2/users/me`: the user inside a `data` envelope. */
export interface TwitterProfile {
  data: TwitterUser;
  includes?: Record<string, unknown>;
  errors?: Array<Record<string, unknown>>;
}

/**
 * Sign in with X. X's OAuth 2 requires PKCE (on by default) and answers `GET /2/users/me` with the
 * user inside `data`. X gives no email unless your app has the `users.email` scope: add it to
 * `authorization.params.scope` and `confirmed_email` to the `user.fields` of the userinfo URL.
 *
 * Register `<origin>/auth/callback/twitter` as a callback URI of your X app (OAuth 2.0, confidential
 * client). `AUTH_TWITTER_ID` and `AUTH_TWITTER_SECRET` fill `clientId` and `clientSecret` when you
 * leave them out.
 *
 * @example
 * ```ts
 * import Twitter from "@latch/core/providers/twitter"
 *
 * const providers = [Twitter({})] // AUTH_TWITTER_ID / AUTH_TWITTER_SECRET
 * ```
 */
export default function Twitter(options: OAuthUserConfig<TwitterProfile> = {}): OAuth2Config<TwitterProfile> {
  return {
    id: "twitter",
    name: "X",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    authorization: {
      url: "https://x.com/i/oauth2/authorize",
      params: { scope: "users.read tweet.read offline.access" },
    },
    token: "https://api.x.com/2/oauth2/token",
    userinfo: "https://api.x.com/2/users/me?user.fields=profile_image_url",
    profile({ data }) {
      return {
        id: data.id,
        name: data.name,
        email: data.confirmed_email ?? null,
        image: data.profile_image_url ?? null,
      };
    },
    style: { bg: "#000", text: "#fff" },
    options,
  } satisfies OAuth2Config<TwitterProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Twitter itself, as `import` gives it.
export { Twitter as "module.exports" };
