/**
 * Mattermost sign-in over OAuth 2.
 *
 * @module providers/mattermost
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The user, as Mattermost's `GET /api/v4/users/me` returns it (https://api.mattermost.com/#tag/users/operation/GetUser). */
export interface MattermostProfile {
  id: string;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  nickname: string;
  position?: string;
  roles?: string;
  locale?: string;
  auth_service?: string;
  email_verified?: boolean;
  create_at?: number;
  update_at?: number;
  delete_at?: number;
  timezone?: { automaticTimezone: string; manualTimezone: string; useAutomaticTimezone: string };
}

/**
 * Sign in with a Mattermost server (OAuth 2 service provider enabled). Pass its URL as `issuer`; it is
 * required, and the endpoints are resolved against it.
 *
 * Register `<origin>/auth/callback/mattermost` as the redirect URI of your Mattermost app.
 * `AUTH_MATTERMOST_ID` and `AUTH_MATTERMOST_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out, and `AUTH_MATTERMOST_ISSUER` fills `issuer`.
 *
 * @example
 * ```ts
 * import Mattermost from "@latch/core/providers/mattermost"
 *
 * const providers = [Mattermost({ issuer: "https://chat.example.com" })]
 * ```
 */
export default function Mattermost(options: OAuthUserConfig<MattermostProfile> = {}): OAuth2Config<MattermostProfile> {
  return {
    id: "mattermost",
    name: "Mattermost",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    issuer: options.issuer,
    authorization: "oauth/authorize",
    token: "oauth/access_token",
    userinfo: "api/v4/users/me",
    client: { token_endpoint_auth_method: "client_secret_post" },
    // Mattermost's OAuth documents no PKCE for web apps; `state` protects the callback.
    checks: ["state"],
    profile(profile) {
      const name = [profile.first_name, profile.last_name].filter(Boolean).join(" ");
      return { id: profile.id, name: name || profile.nickname || profile.username, email: profile.email || null, image: null };
    },
    style: { bg: "#1E325C", text: "#fff" },
    options,
  } satisfies OAuth2Config<MattermostProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Mattermost itself, as `import` gives it.
export { Mattermost as "module.exports" };
