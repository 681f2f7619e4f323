/**
 * Threads sign-in over OAuth 2.
 *
 * @module providers/threads
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { graphMe } from "./internal/meta-graph.js";
import { withBearerTokenType } from "./internal/token-conform.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The user, as `GET graph.threads.net/v1.0/me` returns it (https://developers.facebook.com/docs/threads/threads-profiles). */
export interface ThreadsProfile {
  id: string;
  username: string;
  name?: string;
  threads_profile_picture_url?: string;
  threads_biography?: string;
}

/**
 * Sign in with Threads (Meta). Scope `threads_basic`; the token response is `{ access_token, user_id }`
 * (Latch adds `token_type`), and the profile `graph.threads.net/v1.0/me` with `fields`. No email address.
 *
 * Register `<origin>/auth/callback/threads` as the redirect URI of your Threads app.
 * `AUTH_THREADS_ID` and `AUTH_THREADS_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out.
 *
 * @example
 * ```ts
 * import Threads from "@latch/core/providers/threads"
 *
 * const providers = [Threads({})]
 * ```
 */
export default function Threads(options: OAuthUserConfig<ThreadsProfile> = {}): OAuth2Config<ThreadsProfile> {
  const userinfoUrl = "https://graph.threads.net/v1.0/me";
  const fields = "id,username,name,threads_profile_picture_url";
  return {
    id: "threads",
    name: "Threads",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    authorization: { url: "https://threads.net/oauth/authorize", params: { scope: "threads_basic" } },
    token: { url: "https://graph.threads.net/oauth/access_token", conform: withBearerTokenType },
    userinfo: {
      url: userinfoUrl,
      request: graphMe<ThreadsProfile>("Threads", userinfoUrl, fields, "query"),
    },
    client: { token_endpoint_auth_method: "client_secret_post" },
    // Threads' OAuth documents no PKCE for web apps; `state` protects the callback.
    checks: ["state"],
    profile(profile) {
      return { id: profile.id, name: profile.name || profile.username, email: null, image: profile.threads_profile_picture_url ?? null };
    },
    style: { bg: "#000", text: "#fff" },
    options,
  } satisfies OAuth2Config<ThreadsProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Threads itself, as `import` gives it.
export { Threads as "module.exports" };
