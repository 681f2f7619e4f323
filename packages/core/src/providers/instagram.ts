/**
 * Instagram sign-in over OAuth 2.
 *
 * @module providers/instagram
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { graphMe } from "./internal/meta-graph.js";
import { unwrapTokenData } from "./internal/token-conform.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The user, as `GET graph.instagram.com/me` returns it (https://developers.facebook.com/docs/instagram-platform/instagram-api-with-instagram-login/get-started). */
export interface InstagramProfile {
  /** The app-scoped id. */
  id: string;
  /** The professional account's Instagram user id. */
  user_id?: string;
  username: string;
  name?: string;
  account_type?: "BUSINESS" | "MEDIA_CREATOR" | "PERSONAL";
  profile_picture_url?: string;
  followers_count?: number;
  follows_count?: number;
  media_count?: number;
}

/**
 * Sign in with Instagram (Instagram API with Instagram Login, for professional accounts). The token
 * response comes as `{ data: [tokens] }`, which `token.conform` unwraps; the profile is
 * `graph.instagram.com/me` with `fields`. Instagram gives no email address.
 *
 * Register `<origin>/auth/callback/instagram` as the redirect URI of your Instagram app.
 * `AUTH_INSTAGRAM_ID` and `AUTH_INSTAGRAM_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out.
 *
 * @example
 * ```ts
 * import Instagram from "@latch/core/providers/instagram"
 *
 * const providers = [Instagram({})]
 * ```
 */
export default function Instagram(options: OAuthUserConfig<InstagramProfile> = {}): OAuth2Config<InstagramProfile> {
  const userinfoUrl = "https://graph.instagram.com/me";
  const fields = "id,user_id,username,name,profile_picture_url";
  return {
    id: "instagram",
    name: "Instagram",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    authorization: { url: "https://www.instagram.com/oauth/authorize", params: { scope: "instagram_business_basic" } },
    token: { url: "https://api.instagram.com/oauth/access_token", conform: unwrapTokenData },
    userinfo: {
      url: userinfoUrl,
      request: graphMe<InstagramProfile>("Instagram", userinfoUrl, fields, "query"),
    },
    client: { token_endpoint_auth_method: "client_secret_post" },
    // Instagram's OAuth documents no PKCE for web apps; `state` protects the callback.
    checks: ["state"],
    profile(profile) {
      return { id: profile.id, name: profile.name || profile.username, email: null, image: profile.profile_picture_url ?? null };
    },
    style: { bg: "#E1306C", text: "#fff" },
    options,
  } satisfies OAuth2Config<InstagramProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Instagram itself, as `import` gives it.
export { Instagram as "module.exports" };
