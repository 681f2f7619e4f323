/**
 * Heroku sign-in over OAuth 2.
 *
 * @module providers/heroku
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { endpointUrl } from "./internal/endpoint-url.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The account, as Heroku's Platform API `GET /account` returns it (https://devcenter.heroku.com/articles/platform-api-reference#account). */
export interface HerokuProfile {
  id: string;
  email: string;
  name: string | null;
  verified: boolean;
  two_factor_authentication?: boolean;
  allow_tracking?: boolean;
  beta?: boolean;
  created_at?: string;
  updated_at?: string;
  last_login?: string | null;
  default_organization?: { id: string; name: string } | null;
  default_team?: { id: string; name: string } | null;
}

/**
 * Sign in with Heroku. Scope `identity`; the profile is the Platform API's `GET /account`, asked for with
 * `Accept: application/vnd.heroku+json; version=3`.
 *
 * Register `<origin>/auth/callback/heroku` as the redirect URI of your Heroku app.
 * `AUTH_HEROKU_ID` and `AUTH_HEROKU_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out.
 *
 * @example
 * ```ts
 * import Heroku from "@latch/core/providers/heroku"
 *
 * const providers = [Heroku({})]
 * ```
 */
export default function Heroku(options: OAuthUserConfig<HerokuProfile> = {}): OAuth2Config<HerokuProfile> {
  const userinfoUrl = "https://api.heroku.com/account";
  return {
    id: "heroku",
    name: "Heroku",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    authorization: { url: "https://id.heroku.com/oauth/authorize", params: { scope: "identity" } },
    token: "https://id.heroku.com/oauth/token",
    userinfo: {
      url: userinfoUrl,
      async request({ tokens, provider }) {
        // The Platform API wants its version in the Accept header.
        const response = await provider.fetch(endpointUrl(provider.userinfo) ?? userinfoUrl, {
          headers: { Authorization: `Bearer ${tokens.access_token}`, Accept: "application/vnd.heroku+json; version=3" },
        });
        if (!response.ok) throw new Error(`Heroku /account answered HTTP ${response.status}`);
        return (await response.json()) as HerokuProfile;
      },
    },
    client: { token_endpoint_auth_method: "client_secret_post" },
    // Heroku's OAuth documents no PKCE for web apps; `state` protects the callback.
    checks: ["state"],
    profile(profile) {
      return { id: profile.id, name: profile.name, email: profile.email, image: null };
    },
    style: { bg: "#430098", text: "#fff" },
    options,
  } satisfies OAuth2Config<HerokuProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Heroku itself, as `import` gives it.
export { Heroku as "module.exports" };
