/**
 * Dribbble sign-in over OAuth 2.
 *
 * @module providers/dribbble
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The user, as Dribbble's `GET /v2/user` returns it (https://developer.dribbble.com/v2/user/). */
export interface DribbbleProfile {
  id: number;
  name: string;
  login: string;
  html_url: string;
  avatar_url: string;
  bio?: string;
  location?: string | null;
  links?: Record<string, string>;
  can_upload_shot?: boolean;
  pro?: boolean;
  followers_count?: number;
  created_at?: string;
  type?: "User" | "Team";
  teams?: unknown[];
}

/**
 * Sign in with Dribbble. Scope `public`; Dribbble's API v2 gives no email address.
 *
 * Register `<origin>/auth/callback/dribbble` as the redirect URI of your Dribbble app.
 * `AUTH_DRIBBBLE_ID` and `AUTH_DRIBBBLE_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out.
 *
 * @example
 * ```ts
 * import Dribbble from "@latch/core/providers/dribbble"
 *
 * const providers = [Dribbble({})]
 * ```
 */
export default function Dribbble(options: OAuthUserConfig<DribbbleProfile> = {}): OAuth2Config<DribbbleProfile> {
  return {
    id: "dribbble",
    name: "Dribbble",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    authorization: { url: "https://dribbble.com/oauth/authorize", params: { scope: "public" } },
    token: "https://dribbble.com/oauth/token",
    userinfo: "https://api.dribbble.com/v2/user",
    client: { token_endpoint_auth_method: "client_secret_post" },
    // Dribbble's OAuth documents no PKCE for web apps; `state` protects the callback.
    checks: ["state"],
    profile(profile) {
      return { id: String(profile.id), name: profile.name || profile.login, email: null, image: profile.avatar_url ?? null };
    },
    style: { bg: "#EA4C89", text: "#fff" },
    options,
  } satisfies OAuth2Config<DribbbleProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Dribbble itself, as `import` gives it.
export { Dribbble as "module.exports" };
