/**
 * Baidu sign-in over OAuth 2.
 *
 * @module providers/baidu
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { endpointUrl } from "./internal/endpoint-url.js";
import { withBearerTokenType } from "./internal/token-conform.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The user, as Baidu's `passport/users/getInfo` returns it (https://openauth.baidu.com/doc/appendix.html). */
export interface BaiduProfile {
  /** The user's id for this app. */
  openid: string;
  /** The older numeric id, when still returned. */
  userid?: string;
  uname?: string;
  username?: string;
  /** Key of the avatar image at `https://himg.bdimg.com/sys/portrait/item/<portrait>`. */
  portrait?: string;
  userdetail?: string;
  birthday?: string;
  sex?: string;
  is_bind_mobile?: string;
  is_realname?: string;
}

/**
 * Sign in with Baidu. Scope `basic`; the profile is `passport/users/getInfo`, called with the token in
 * the `access_token` query parameter as Baidu requires. Baidu's token response has no `token_type`
 * (Latch adds `bearer`) and Baidu gives no email address.
 *
 * Register `<origin>/auth/callback/baidu` as the redirect URI of your Baidu app.
 * `AUTH_BAIDU_ID` and `AUTH_BAIDU_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out.
 *
 * @example
 * ```ts
 * import Baidu from "@latch/core/providers/baidu"
 *
 * const providers = [Baidu({})]
 * ```
 */
export default function Baidu(options: OAuthUserConfig<BaiduProfile> = {}): OAuth2Config<BaiduProfile> {
  const userinfoUrl = "https://openapi.baidu.com/rest/2.0/passport/users/getInfo";
  return {
    id: "baidu",
    name: "Baidu",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    authorization: { url: "https://openapi.baidu.com/oauth/2.0/authorize", params: { scope: "basic" } },
    token: { url: "https://openapi.baidu.com/oauth/2.0/token", conform: withBearerTokenType },
    userinfo: {
      url: userinfoUrl,
      async request({ tokens, provider }) {
        const url = new URL(endpointUrl(provider.userinfo) ?? userinfoUrl);
        url.searchParams.set("access_token", String(tokens.access_token));
        const response = await provider.fetch(url, { headers: { Accept: "application/json" } });
        if (!response.ok) throw new Error(`Baidu users/getInfo answered HTTP ${response.status}`);
        return (await response.json()) as BaiduProfile;
      },
    },
    client: { token_endpoint_auth_method: "client_secret_post" },
    // Baidu's OAuth 2 documents no PKCE for web apps; `state` protects the callback.
    checks: ["state"],
    profile(profile) {
      return {
        id: profile.openid,
        name: profile.uname ?? profile.username ?? null,
        email: null,
        image: profile.portrait ? `https://himg.bdimg.com/sys/portrait/item/${profile.portrait}` : null,
      };
    },
    style: { bg: "#2932E1", text: "#fff" },
    options,
  } satisfies OAuth2Config<BaiduProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Baidu itself, as `import` gives it.
export { Baidu as "module.exports" };
