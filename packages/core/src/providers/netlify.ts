/**
 * Netlify sign-in over OAuth 2.
 *
 * @module providers/netlify
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The user, as Netlify's `GET /api/v1/user` returns it (https://open-api.netlify.com/#tag/user). */
export interface NetlifyProfile {
  id: string;
  uid?: string;
  full_name: string | null;
  avatar_url: string | null;
  email: string;
  affiliate_id?: string;
  site_count?: number;
  created_at?: string;
  last_login?: string;
  login_providers?: string[];
  slug?: string;
}

/**
 * Sign in with Netlify. The profile is `GET /api/v1/user`.
 *
 * Register `<origin>/auth/callback/netlify` as the redirect URI of your Netlify app.
 * `AUTH_NETLIFY_ID` and `AUTH_NETLIFY_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out.
 *
 * @example
 * ```ts
 * import Netlify from "@latch/core/providers/netlify"
 *
 * const providers = [Netlify({})]
 * ```
 */
export default function Netlify(options: OAuthUserConfig<NetlifyProfile> = {}): OAuth2Config<NetlifyProfile> {
  return {
    id: "netlify",
    name: "Netlify",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    authorization: "https://app.netlify.com/authorize",
    token: "https://api.netlify.com/oauth/token",
    userinfo: "https://api.netlify.com/api/v1/user",
    client: { token_endpoint_auth_method: "client_secret_post" },
    // Netlify's OAuth documents no PKCE for web apps; `state` protects the callback.
    checks: ["state"],
    profile(profile) {
      return { id: profile.id, name: profile.full_name ?? profile.slug ?? null, email: profile.email, image: profile.avatar_url };
    },
    style: { bg: "#014847", text: "#fff" },
    options,
  } satisfies OAuth2Config<NetlifyProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Netlify itself, as `import` gives it.
export { Netlify as "module.exports" };
