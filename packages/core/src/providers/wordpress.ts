/**
 * WordPress.com sign-in over OAuth 2.
 *
 * @module providers/wordpress
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The user, as WordPress.com's `GET /rest/v1/me` returns it (https://developer.wordpress.com/docs/api/1/get/me/). */
export interface WordPressProfile {
  ID: number;
  display_name: string;
  username: string;
  email: string;
  primary_blog: number;
  primary_blog_url?: string;
  language?: string;
  token_site_id?: number | false;
  token_scope?: string[];
  avatar_URL: string;
  profile_URL: string;
  verified?: boolean;
  email_verified: boolean;
  date?: string;
  site_count?: number;
  visible_site_count?: number;
  has_unseen_notes?: boolean;
  is_valid_google_apps_country?: boolean;
  logout_URL?: string;
}

/**
 * Sign in with WordPress.com (and Jetpack sites). Scope `auth`; the profile is `GET /rest/v1/me`.
 *
 * Register `<origin>/auth/callback/wordpress` as the redirect URI of your WordPress.com app.
 * `AUTH_WORDPRESS_ID` and `AUTH_WORDPRESS_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out.
 *
 * @example
 * ```ts
 * import WordPress from "@latch/core/providers/wordpress"
 *
 * const providers = [WordPress({})]
 * ```
 */
export default function WordPress(options: OAuthUserConfig<WordPressProfile> = {}): OAuth2Config<WordPressProfile> {
  return {
    id: "wordpress",
    name: "WordPress.com",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    authorization: { url: "https://public-api.wordpress.com/oauth2/authorize", params: { scope: "auth" } },
    token: "https://public-api.wordpress.com/oauth2/token",
    userinfo: "https://public-api.wordpress.com/rest/v1/me",
    client: { token_endpoint_auth_method: "client_secret_post" },
    // WordPress.com's OAuth documents no PKCE for web apps; `state` protects the callback.
    checks: ["state"],
    profile(profile) {
      return { id: String(profile.ID), name: profile.display_name || profile.username, email: profile.email ?? null, image: profile.avatar_URL || null };
    },
    style: { bg: "#3858E9", text: "#fff" },
    options,
  } satisfies OAuth2Config<WordPressProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns WordPress itself, as `import` gives it.
export { WordPress as "module.exports" };
