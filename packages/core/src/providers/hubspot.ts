/**
 * HubSpot sign-in over OAuth 2.
 *
 * @module providers/hubspot
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { endpointUrl } from "./internal/endpoint-url.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The access token's metadata, as HubSpot's `GET /oauth/v1/access-tokens/<token>` returns it (https://developers.hubspot.com/docs/api/oauth/tokens). */
export interface HubSpotProfile {
  token: string;
  /** The email address of the user who installed the app. */
  user: string;
  hub_domain: string;
  scopes: string[];
  hub_id: number;
  app_id: number;
  expires_in: number;
  user_id: number;
  token_type: string;
  signed_access_token?: Record<string, unknown>;
}

/**
 * Sign in with HubSpot. Scope `oauth`; the user is read from the access token's metadata
 * (`/oauth/v1/access-tokens/<token>`): the user id and the address, no name.
 *
 * Register `<origin>/auth/callback/hubspot` as the redirect URI of your HubSpot app.
 * `AUTH_HUBSPOT_ID` and `AUTH_HUBSPOT_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out.
 *
 * @example
 * ```ts
 * import HubSpot from "@latch/core/providers/hubspot"
 *
 * const providers = [HubSpot({})]
 * ```
 */
export default function HubSpot(options: OAuthUserConfig<HubSpotProfile> = {}): OAuth2Config<HubSpotProfile> {
  const userinfoUrl = "https://api.hubapi.com/oauth/v1/access-tokens/";
  return {
    id: "hubspot",
    name: "HubSpot",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    authorization: { url: "https://app.hubspot.com/oauth/authorize", params: { scope: "oauth" } },
    token: "https://api.hubapi.com/oauth/v1/token",
    userinfo: {
      url: userinfoUrl,
      async request({ tokens, provider }) {
        // HubSpot describes a token at a URL that ends with the token itself.
        const base = endpointUrl(provider.userinfo) ?? userinfoUrl;
        const response = await provider.fetch(`${base.replace(/\/+$/, "")}/${encodeURIComponent(String(tokens.access_token))}`);
        if (!response.ok) throw new Error(`HubSpot access-token metadata answered HTTP ${response.status}`);
        return (await response.json()) as HubSpotProfile;
      },
    },
    client: { token_endpoint_auth_method: "client_secret_post" },
    // HubSpot's OAuth documents no PKCE for web apps; `state` protects the callback.
    checks: ["state"],
    profile(profile) {
      return { id: String(profile.user_id), name: null, email: profile.user, image: null };
    },
    style: { bg: "#FF7A59", text: "#fff" },
    options,
  } satisfies OAuth2Config<HubSpotProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns HubSpot itself, as `import` gives it.
export { HubSpot as "module.exports" };
