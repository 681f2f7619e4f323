/**
 * ClickUp sign-in over OAuth 2.
 *
 * @module providers/click-up
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { endpointUrl } from "./internal/endpoint-url.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The answer of ClickUp's `GET /api/v2/user` (https://clickup.com/api/clickupreference/operation/GetAuthorizedUser/). */
export interface ClickUpProfile {
  user: {
    id: number;
    username: string;
    email: string;
    color: string;
    profilePicture: string | null;
    initials: string;
    week_start_day: number | null;
    global_font_support: boolean;
    timezone: string;
  };
}

/**
 * Sign in with ClickUp. The API takes the access token as the bare `Authorization` header (no
 * `Bearer`), which the preset's `userinfo.request` sends.
 *
 * Register `<origin>/auth/callback/click-up` as the redirect URI of your ClickUp app.
 * `AUTH_CLICK_UP_ID` and `AUTH_CLICK_UP_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out.
 *
 * @example
 * ```ts
 * import ClickUp from "@latch/core/providers/click-up"
 *
 * const providers = [ClickUp({})]
 * ```
 */
export default function ClickUp(options: OAuthUserConfig<ClickUpProfile> = {}): OAuth2Config<ClickUpProfile> {
  const userinfoUrl = "https://api.clickup.com/api/v2/user";
  return {
    id: "click-up",
    name: "ClickUp",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    authorization: "https://app.clickup.com/api",
    token: "https://api.clickup.com/api/v2/oauth/token",
    userinfo: {
      url: userinfoUrl,
      async request({ tokens, provider }) {
        // ClickUp takes the bare token as the Authorization header, without a scheme.
        const response = await provider.fetch(endpointUrl(provider.userinfo) ?? userinfoUrl, { headers: { Authorization: String(tokens.access_token) } });
        if (!response.ok) throw new Error(`ClickUp /api/v2/user answered HTTP ${response.status}`);
        return (await response.json()) as ClickUpProfile;
      },
    },
    client: { token_endpoint_auth_method: "client_secret_post" },
    // ClickUp's OAuth documents no PKCE for web apps; `state` protects the callback.
    checks: ["state"],
    profile({ user }) {
      return { id: String(user.id), name: user.username, email: user.email, image: user.profilePicture };
    },
    style: { bg: "#7B68EE", text: "#fff" },
    options,
  } satisfies OAuth2Config<ClickUpProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns ClickUp itself, as `import` gives it.
export { ClickUp as "module.exports" };
