/**
 * Webex sign-in over OAuth 2.
 *
 * @module providers/webex
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The person, as Webex's `GET /v1/people/me` returns it (https://developer.webex.com/docs/api/v1/people/get-my-own-details). */
export interface WebexProfile {
  id: string;
  emails: string[];
  displayName: string;
  nickName?: string;
  firstName?: string;
  lastName?: string;
  avatar?: string;
  orgId: string;
  created?: string;
  lastActivity?: string;
  status?: string;
  type: "person" | "bot" | "appuser";
}

/**
 * Sign in with Webex (Cisco). Scope `spark:people_read`; the profile is `GET /v1/people/me`, the address
 * the first of `emails`.
 *
 * Register `<origin>/auth/callback/webex` as the redirect URI of your Webex app.
 * `AUTH_WEBEX_ID` and `AUTH_WEBEX_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out.
 *
 * @example
 * ```ts
 * import Webex from "@latch/core/providers/webex"
 *
 * const providers = [Webex({})]
 * ```
 */
export default function Webex(options: OAuthUserConfig<WebexProfile> = {}): OAuth2Config<WebexProfile> {
  return {
    id: "webex",
    name: "Webex",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    authorization: { url: "https://webexapis.com/v1/authorize", params: { scope: "spark:people_read" } },
    token: "https://webexapis.com/v1/access_token",
    userinfo: "https://webexapis.com/v1/people/me",
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile) {
      return { id: profile.id, name: profile.displayName || null, email: profile.emails?.[0] ?? null, image: profile.avatar ?? null };
    },
    style: { bg: "#07C1E4", text: "#000" },
    options,
  } satisfies OAuth2Config<WebexProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Webex itself, as `import` gives it.
export { Webex as "module.exports" };
