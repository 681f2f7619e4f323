/**
 * Reddit sign-in over OAuth 2.
 *
 * @module providers/reddit
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { endpointUrl } from "./internal/endpoint-url.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The account, as `GET /api/v1/me` returns it (https://www.reddit.com/dev/api/#GET_api_v1_me). */
export interface RedditProfile {
  /** Base-36 account id (the `t2_` fullname without its prefix). */
  id: string;
  /** The username. */
  name: string;
  /** Avatar URL, HTML-escaped (`&amp;`). */
  icon_img: string;
  snoovatar_img?: string;
  created: number;
  created_utc: number;
  has_verified_email: boolean;
  verified: boolean;
  is_gold?: boolean;
  is_mod?: boolean;
  is_employee?: boolean;
  is_suspended?: boolean;
  over_18?: boolean;
  link_karma?: number;
  comment_karma?: number;
  total_karma?: number;
  subreddit?: { display_name: string; title: string; public_description: string; icon_img: string; url: string; [key: string]: unknown };
}

/**
 * Sign in with Reddit, with the `identity` scope. Reddit refuses API calls without a descriptive
 * `User-Agent`, so the profile request sends one (name your app with the `userAgent` option), and
 * Reddit never tells an email address. Its OAuth
 * does not implement PKCE: this provider checks `state` only. Add `duration: "permanent"` to
 * `authorization.params` for a refresh token.
 *
 * Register `<origin>/auth/callback/reddit` as the redirect URI of your Reddit "web app" (one per app).
 * `AUTH_REDDIT_ID` and `AUTH_REDDIT_SECRET` fill `clientId` and `clientSecret` when you leave them out.
 *
 * @example
 * ```ts
 * import Reddit from "@latch/core/providers/reddit"
 *
 * const providers = [Reddit({})] // AUTH_REDDIT_ID / AUTH_REDDIT_SECRET
 * ```
 */
export default function Reddit(options: OAuthUserConfig<RedditProfile> & { userAgent?: string } = {}): OAuth2Config<RedditProfile> {
  const userinfoUrl = "https://oauth.reddit.com/api/v1/me";
  const userAgent = options.userAgent ?? "web:latch-auth:v1 (sign-in)";
  return {
    id: "reddit",
    name: "Reddit",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    authorization: { url: "https://www.reddit.com/api/v1/authorize", params: { scope: "identity" } },
    token: "https://www.reddit.com/api/v1/access_token",
    userinfo: {
      url: userinfoUrl,
      async request({ tokens, provider }) {
        const response = await provider.fetch(endpointUrl(provider.userinfo) ?? userinfoUrl, {
          headers: { Authorization: `Bearer ${tokens.access_token}`, "User-Agent": userAgent },
        });
        if (!response.ok) throw new Error(`Reddit /api/v1/me answered HTTP ${response.status}`);
        return (await response.json()) as RedditProfile;
      },
    },
    checks: ["state"],
    profile(profile) {
      const image = profile.snoovatar_img || profile.icon_img || null;
      return { id: profile.id, name: profile.name, email: null, image: image?.replaceAll("&amp;", "&") ?? null };
    },
    style: { bg: "#FF4500", text: "#fff" },
    options,
  } satisfies OAuth2Config<RedditProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Reddit itself, as `import` gives it.
export { Reddit as "module.exports" };
