/**
 * Todoist sign-in over OAuth 2.
 *
 * @module providers/todoist
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { endpointUrl } from "./internal/endpoint-url.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The user, as Todoist's sync endpoint returns it under `user` (https://developer.todoist.com/api/v1/#tag/Sync). */
export interface TodoistProfile {
  id: string;
  full_name: string;
  email: string;
  avatar_big?: string;
  avatar_medium?: string;
  avatar_s640?: string;
  avatar_small?: string;
  image_id?: string | null;
  lang?: string;
  is_premium?: boolean;
  tz_info?: { timezone: string; gmt_string: string };
}

/**
 * Sign in with Todoist. Scope `data:read`; the user is read from the sync endpoint (a POST with
 * `resource_types=["user"]`).
 *
 * Register `<origin>/auth/callback/todoist` as the redirect URI of your Todoist app.
 * `AUTH_TODOIST_ID` and `AUTH_TODOIST_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out.
 *
 * @example
 * ```ts
 * import Todoist from "@latch/core/providers/todoist"
 *
 * const providers = [Todoist({})]
 * ```
 */
export default function Todoist(options: OAuthUserConfig<TodoistProfile> = {}): OAuth2Config<TodoistProfile> {
  const userinfoUrl = "https://api.todoist.com/api/v1/sync";
  return {
    id: "todoist",
    name: "Todoist",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    authorization: { url: "https://todoist.com/oauth/authorize", params: { scope: "data:read" } },
    token: "https://todoist.com/oauth/access_token",
    userinfo: {
      url: userinfoUrl,
      async request({ tokens, provider }) {
        // The user is a resource of the sync endpoint: a POST asking for `user` only.
        const response = await provider.fetch(endpointUrl(provider.userinfo) ?? userinfoUrl, {
          method: "POST",
          headers: { Authorization: `Bearer ${tokens.access_token}`, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ sync_token: "*", resource_types: JSON.stringify(["user"]) }),
        });
        if (!response.ok) throw new Error(`Todoist sync answered HTTP ${response.status}`);
        const answer = (await response.json()) as { user?: TodoistProfile };
        if (!answer.user) throw new Error("Todoist sync returned no user");
        return answer.user;
      },
    },
    client: { token_endpoint_auth_method: "client_secret_post" },
    // Todoist's OAuth documents no PKCE for web apps; `state` protects the callback.
    checks: ["state"],
    profile(profile) {
      return { id: String(profile.id), name: profile.full_name || null, email: profile.email ?? null, image: profile.avatar_big ?? null };
    },
    style: { bg: "#E44332", text: "#fff" },
    options,
  } satisfies OAuth2Config<TodoistProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Todoist itself, as `import` gives it.
export { Todoist as "module.exports" };
