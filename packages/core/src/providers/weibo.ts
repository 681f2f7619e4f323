/**
 * Weibo sign-in over OAuth 2.
 *
 * @module providers/weibo
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { endpointUrl } from "./internal/endpoint-url.js";
import { withBearerTokenType } from "./internal/token-conform.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The user, as Weibo's `GET /2/users/show.json` returns it (https://open.weibo.com/wiki/2/users/show). */
export interface WeiboProfile {
  id: number;
  idstr: string;
  screen_name: string;
  name: string;
  province?: string;
  city?: string;
  location?: string;
  description?: string;
  url?: string;
  profile_image_url?: string;
  avatar_large?: string;
  avatar_hd?: string;
  domain?: string;
  gender?: "m" | "f" | "n";
  followers_count?: number;
  friends_count?: number;
  statuses_count?: number;
  created_at?: string;
  verified?: boolean;
}

/**
 * Sign in with Weibo. The token response carries the user's `uid` (and no `token_type`, which Latch adds);
 * the profile is `users/show.json` for that uid. Weibo gives no email address here.
 *
 * Register `<origin>/auth/callback/weibo` as the redirect URI of your Weibo app.
 * `AUTH_WEIBO_ID` and `AUTH_WEIBO_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out.
 *
 * @example
 * ```ts
 * import Weibo from "@latch/core/providers/weibo"
 *
 * const providers = [Weibo({})]
 * ```
 */
export default function Weibo(options: OAuthUserConfig<WeiboProfile> = {}): OAuth2Config<WeiboProfile> {
  const userinfoUrl = "https://api.weibo.com/2/users/show.json";
  return {
    id: "weibo",
    name: "Weibo",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    authorization: "https://api.weibo.com/oauth2/authorize",
    token: { url: "https://api.weibo.com/oauth2/access_token", conform: withBearerTokenType },
    userinfo: {
      url: userinfoUrl,
      async request({ tokens, provider }) {
        // users/show needs the user's uid, which Weibo returns beside the access token.
        const url = new URL(endpointUrl(provider.userinfo) ?? userinfoUrl);
        url.searchParams.set("access_token", String(tokens.access_token));
        url.searchParams.set("uid", String(tokens.uid));
        const response = await provider.fetch(url);
        if (!response.ok) throw new Error(`Weibo users/show answered HTTP ${response.status}`);
        return (await response.json()) as WeiboProfile;
      },
    },
    client: { token_endpoint_auth_method: "client_secret_post" },
    // Weibo's OAuth documents no PKCE for web apps; `state` protects the callback.
    checks: ["state"],
    profile(profile) {
      return { id: profile.idstr ?? String(profile.id), name: profile.screen_name || profile.name, email: null, image: profile.avatar_hd ?? profile.avatar_large ?? null };
    },
    style: { bg: "#E6162D", text: "#fff" },
    options,
  } satisfies OAuth2Config<WeiboProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Weibo itself, as `import` gives it.
export { Weibo as "module.exports" };
