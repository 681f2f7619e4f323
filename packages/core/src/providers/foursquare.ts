/**
 * Foursquare sign-in over OAuth 2.
 *
 * @module providers/foursquare
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { endpointUrl } from "./internal/endpoint-url.js";
import { withBearerTokenType } from "./internal/token-conform.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The user, as Foursquare's `GET /v2/users/self` returns it in `response.user` (https://location.foursquare.com/developer/reference/v2-users-self). */
export interface FoursquareProfile {
  id: string;
  firstName: string;
  lastName?: string;
  gender?: string;
  canonicalUrl?: string;
  /** The image is `<prefix><size><suffix>`, e.g. `original` or `100x100` as the size. */
  photo?: { prefix: string; suffix: string };
  contact?: { email?: string; phone?: string };
  homeCity?: string;
}

/** What {@link Foursquare} accepts: the usual OAuth options, and the API version. */
export interface FoursquareUserConfig extends OAuthUserConfig<FoursquareProfile> {
  /** The `v` (API version date, `YYYYMMDD`) of every call; default `20240101`. */
  apiVersion?: string;
}

/**
 * Sign in with Foursquare (Swarm). The profile is `GET /v2/users/self`, called with the token as
 * `oauth_token` and the API version date as `v` (`apiVersion`). The token response has no `token_type`
 * (Latch adds `bearer`).
 *
 * Register `<origin>/auth/callback/foursquare` as the redirect URI of your Foursquare app.
 * `AUTH_FOURSQUARE_ID` and `AUTH_FOURSQUARE_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out.
 *
 * @example
 * ```ts
 * import Foursquare from "@latch/core/providers/foursquare"
 *
 * const providers = [Foursquare({})]
 * ```
 */
export default function Foursquare(options: FoursquareUserConfig = {}): OAuth2Config<FoursquareProfile> {
  const userinfoUrl = "https://api.foursquare.com/v2/users/self";
  const apiVersion = options.apiVersion ?? "20240101";
  return {
    id: "foursquare",
    name: "Foursquare",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    authorization: "https://foursquare.com/oauth2/authenticate",
    token: { url: "https://foursquare.com/oauth2/access_token", conform: withBearerTokenType },
    userinfo: {
      url: userinfoUrl,
      async request({ tokens, provider }) {
        // Foursquare takes the token as `oauth_token` and the API version as `v`, both in the query.
        const url = new URL(endpointUrl(provider.userinfo) ?? userinfoUrl);
        url.searchParams.set("oauth_token", String(tokens.access_token));
        if (!url.searchParams.has("v")) url.searchParams.set("v", apiVersion);
        const response = await provider.fetch(url, { headers: { Accept: "application/json" } });
        if (!response.ok) throw new Error(`Foursquare /v2/users/self answered HTTP ${response.status}`);
        const answer = (await response.json()) as { response?: { user?: FoursquareProfile } };
        if (!answer.response?.user) throw new Error("Foursquare /v2/users/self returned no user");
        return answer.response.user;
      },
    },
    client: { token_endpoint_auth_method: "client_secret_post" },
    // Foursquare's OAuth documents no PKCE for web apps; `state` protects the callback.
    checks: ["state"],
    profile(profile) {
      return {
        id: profile.id,
        name: [profile.firstName, profile.lastName].filter(Boolean).join(" ") || null,
        email: profile.contact?.email ?? null,
        image: profile.photo ? `${profile.photo.prefix}original${profile.photo.suffix}` : null,
      };
    },
    style: { bg: "#F94877", text: "#fff" },
    options,
  } satisfies OAuth2Config<FoursquareProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Foursquare itself, as `import` gives it.
export { Foursquare as "module.exports" };
