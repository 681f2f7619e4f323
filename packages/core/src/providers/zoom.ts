/**
 * Zoom sign-in over OAuth 2.
 *
 * @module providers/zoom
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The answer of `GET /v2/users/me` (https://developers.zoom.us/docs/api/users/#tag/users/GET/users/{userId}). */
export interface ZoomProfile {
  id: string;
  first_name: string;
  last_name: string;
  display_name?: string;
  email: string;
  /** 1 basic, 2 licensed, 4 unassigned, 99 none. */
  type: number;
  role_name: string;
  role_id?: string;
  pmi: number;
  use_pmi: boolean;
  personal_meeting_url: string;
  vanity_url?: string;
  timezone: string;
  /** 1 when the account is verified. */
  verified: number;
  dept: string;
  created_at: string;
  user_created_at?: string;
  last_login_time: string;
  last_client_version?: string;
  pic_url?: string;
  host_key?: string;
  jid: string;
  group_ids?: string[];
  im_group_ids?: string[];
  account_id: string;
  account_number?: number;
  language: string;
  phone_country?: string;
  phone_number?: string;
  status: "pending" | "active" | "inactive";
  job_title?: string;
  company?: string;
  location?: string;
  cluster?: string;
  login_types?: number[];
}

/**
 * Sign in with Zoom. Zoom grants the scopes configured on the app (include `user:read:user`, or the
 * classic `user:read`), so no scope is sent by default.
 *
 * Set `<origin>/auth/callback/zoom` as the redirect URL of your Zoom OAuth app (and add it to the
 * allow list). `AUTH_ZOOM_ID` and `AUTH_ZOOM_SECRET` fill `clientId` and `clientSecret` when you
 * leave them out.
 *
 * @example
 * ```ts
 * import Zoom from "@latch/core/providers/zoom"
 *
 * const providers = [Zoom({})] // AUTH_ZOOM_ID / AUTH_ZOOM_SECRET
 * ```
 */
export default function Zoom(options: OAuthUserConfig<ZoomProfile> = {}): OAuth2Config<ZoomProfile> {
  return {
    id: "zoom",
    name: "Zoom",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    authorization: "https://zoom.us/oauth/authorize",
    token: "https://zoom.us/oauth/token",
    userinfo: "https://api.zoom.us/v2/users/me",
    profile(profile) {
      const name = profile.display_name || [profile.first_name, profile.last_name].filter(Boolean).join(" ");
      return { id: profile.id, name: name || null, email: profile.email ?? null, image: profile.pic_url ?? null };
    },
    style: { bg: "#0B5CFF", text: "#fff" },
    options,
  } satisfies OAuth2Config<ZoomProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Zoom itself, as `import` gives it.
export { Zoom as "module.exports" };
