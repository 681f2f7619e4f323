/**
 * Trakt sign-in over OAuth 2.
 *
 * @module providers/trakt
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { endpointUrl } from "./internal/endpoint-url.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The user, as Trakt's `GET /users/me?extended=full` returns it (https://trakt.docs.apiary.io/#reference/users/profile). */
export interface TraktProfile {
  username: string;
  private: boolean;
  name: string | null;
  vip: boolean;
  vip_ep: boolean;
  ids: { slug: string; uuid?: string };
  joined_at?: string;
  location?: string;
  about?: string;
  gender?: string;
  age?: number;
  images?: { avatar: { full: string } };
}

/**
 * Sign in with Trakt. The profile is `GET /users/me?extended=full`, sent with `trakt-api-version: 2` and the
 * client id as `trakt-api-key`, as Trakt requires. Trakt gives no email address.
 *
 * Register `<origin>/auth/callback/trakt` as the redirect URI of your Trakt app.
 * `AUTH_TRAKT_ID` and `AUTH_TRAKT_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out.
 *
 * @example
 * ```ts
 * import Trakt from "@latch/core/providers/trakt"
 *
 * const providers = [Trakt({})]
 * ```
 */
export default function Trakt(options: OAuthUserConfig<TraktProfile> = {}): OAuth2Config<TraktProfile> {
  const userinfoUrl = "https://api.trakt.tv/users/me?extended=full";
  return {
    id: "trakt",
    name: "Trakt",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    authorization: "https://trakt.tv/oauth/authorize",
    token: "https://api.trakt.tv/oauth/token",
    userinfo: {
      url: userinfoUrl,
      async request({ tokens, provider }) {
        // Every Trakt API call names the API version and the app (its client id).
        const response = await provider.fetch(endpointUrl(provider.userinfo) ?? userinfoUrl, {
          headers: { Authorization: `Bearer ${tokens.access_token}`, "trakt-api-version": "2", "trakt-api-key": String(provider.clientId), "Content-Type": "application/json" },
        });
        if (!response.ok) throw new Error(`Trakt /users/me answered HTTP ${response.status}`);
        return (await response.json()) as TraktProfile;
      },
    },
    client: { token_endpoint_auth_method: "client_secret_post" },
    // Trakt's OAuth documents no PKCE for web apps; `state` protects the callback.
    checks: ["state"],
    profile(profile) {
      return { id: profile.ids.uuid ?? profile.ids.slug, name: profile.name || profile.username, email: null, image: profile.images?.avatar.full ?? null };
    },
    style: { bg: "#ED1C24", text: "#fff" },
    options,
  } satisfies OAuth2Config<TraktProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Trakt itself, as `import` gives it.
export { Trakt as "module.exports" };
