/**
 * Pinterest sign-in over OAuth 2.
 *
 * @module providers/pinterest
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The account, as Pinterest's `GET /v5/user_account` returns it (https://developers.pinterest.com/docs/api/v5/user_account-get). */
export interface PinterestProfile {
  id?: string;
  username: string;
  account_type: "PINNER" | "BUSINESS";
  profile_image: string;
  website_url?: string;
  business_name?: string | null;
  about?: string;
  board_count?: number;
  pin_count?: number;
  follower_count?: number;
  following_count?: number;
  monthly_views?: number;
}

/**
 * Sign in with Pinterest (API v5). Scope `user_accounts:read`; Pinterest gives no email address.
 *
 * Register `<origin>/auth/callback/pinterest` as the redirect URI of your Pinterest app.
 * `AUTH_PINTEREST_ID` and `AUTH_PINTEREST_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out.
 *
 * @example
 * ```ts
 * import Pinterest from "@latch/core/providers/pinterest"
 *
 * const providers = [Pinterest({})]
 * ```
 */
export default function Pinterest(options: OAuthUserConfig<PinterestProfile> = {}): OAuth2Config<PinterestProfile> {
  return {
    id: "pinterest",
    name: "Pinterest",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    authorization: { url: "https://www.pinterest.com/oauth/", params: { scope: "user_accounts:read" } },
    token: "https://api.pinterest.com/v5/oauth/token",
    userinfo: "https://api.pinterest.com/v5/user_account",
    // Pinterest's OAuth documents no PKCE for web apps; `state` protects the callback.
    checks: ["state"],
    profile(profile) {
      return { id: profile.id ?? profile.username, name: profile.business_name || profile.username, email: null, image: profile.profile_image ?? null };
    },
    style: { bg: "#E60023", text: "#fff" },
    options,
  } satisfies OAuth2Config<PinterestProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Pinterest itself, as `import` gives it.
export { Pinterest as "module.exports" };
