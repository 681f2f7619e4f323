/**
 * Box sign-in over OAuth 2.
 *
 * @module providers/box
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The current user, as `GET /2.0/users/me` returns it (https://developer.box.com/reference/resources/user/). */
export interface BoxProfile {
  type: "user";
  /** Numeric id, as a string. */
  id: string;
  name: string;
  /** The primary email address. */
  login: string;
  created_at: string;
  modified_at: string;
  language: string;
  timezone: string;
  space_amount: number;
  space_used: number;
  max_upload_size: number;
  status: "active" | "inactive" | "cannot_delete_edit" | "cannot_delete_edit_upload";
  job_title: string;
  phone: string;
  address: string;
  avatar_url: string;
  notification_email?: { email: string; is_confirmed: boolean } | null;
}

/**
 * Sign in with Box. Box grants the scopes configured on the app, so no scope is sent by default.
 *
 * Set `<origin>/auth/callback/box` as a redirect URI of your Box custom app (user authentication,
 * OAuth 2.0). `AUTH_BOX_ID` and `AUTH_BOX_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out.
 *
 * @example
 * ```ts
 * import Box from "@latch/core/providers/box"
 *
 * const providers = [Box({})] // AUTH_BOX_ID / AUTH_BOX_SECRET
 * ```
 */
export default function Box(options: OAuthUserConfig<BoxProfile> = {}): OAuth2Config<BoxProfile> {
  return {
    id: "box",
    name: "Box",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    authorization: "https://account.box.com/api/oauth2/authorize",
    token: "https://api.box.com/oauth2/token",
    userinfo: "https://api.box.com/2.0/users/me",
    profile(profile) {
      return { id: profile.id, name: profile.name ?? null, email: profile.login ?? null, image: profile.avatar_url ?? null };
    },
    style: { bg: "#0061D5", text: "#fff" },
    options,
  } satisfies OAuth2Config<BoxProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Box itself, as `import` gives it.
export { Box as "module.exports" };
