/**
 * Gitee sign-in over OAuth 2.
 *
 * @module providers/gitee
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { endpointUrl } from "./internal/endpoint-url.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The user, as Gitee's `GET /api/v5/user` returns it (https://gitee.com/api/v5/swagger#/getV5User). */
export interface GiteeProfile {
  id: number;
  login: string;
  name: string;
  avatar_url: string;
  url?: string;
  html_url?: string;
  remark?: string;
  bio?: string | null;
  blog?: string | null;
  /** Only when the user made it public. */
  email?: string | null;
  weibo?: string | null;
  created_at?: string;
  updated_at?: string;
  followers?: number;
  following?: number;
  public_repos?: number;
}

/**
 * Sign in with Gitee, China's code hosting service. The profile is `GET /api/v5/user`, called with the
 * token as `access_token` in the query, as Gitee's API takes it.
 *
 * Register `<origin>/auth/callback/gitee` as the redirect URI of your Gitee app.
 * `AUTH_GITEE_ID` and `AUTH_GITEE_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out.
 *
 * @example
 * ```ts
 * import Gitee from "@latch/core/providers/gitee"
 *
 * const providers = [Gitee({})]
 * ```
 */
export default function Gitee(options: OAuthUserConfig<GiteeProfile> = {}): OAuth2Config<GiteeProfile> {
  const userinfoUrl = "https://gitee.com/api/v5/user";
  return {
    id: "gitee",
    name: "Gitee",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    authorization: { url: "https://gitee.com/oauth/authorize", params: { scope: "user_info emails" } },
    token: "https://gitee.com/oauth/token",
    userinfo: {
      url: userinfoUrl,
      async request({ tokens, provider }) {
        const url = new URL(endpointUrl(provider.userinfo) ?? userinfoUrl);
        url.searchParams.set("access_token", String(tokens.access_token));
        const response = await provider.fetch(url, { headers: { Accept: "application/json" } });
        if (!response.ok) throw new Error(`Gitee /api/v5/user answered HTTP ${response.status}`);
        return (await response.json()) as GiteeProfile;
      },
    },
    client: { token_endpoint_auth_method: "client_secret_post" },
    // Gitee's OAuth documents no PKCE for web apps; `state` protects the callback.
    checks: ["state"],
    profile(profile) {
      return { id: String(profile.id), name: profile.name || profile.login, email: profile.email ?? null, image: profile.avatar_url || null };
    },
    style: { bg: "#C71D23", text: "#fff" },
    options,
  } satisfies OAuth2Config<GiteeProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Gitee itself, as `import` gives it.
export { Gitee as "module.exports" };
