/**
 * DigitalOcean sign-in over OAuth 2.
 *
 * @module providers/digitalocean
 */
import type { OAuth2Config, OAuthUserConfig, TokenSet } from "./types.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The answer of DigitalOcean's `GET /v2/account` (https://docs.digitalocean.com/reference/api/digitalocean/#tag/Account). */
export interface DigitalOceanProfile {
  account: {
    uuid: string;
    email: string;
    email_verified: boolean;
    status: "active" | "warning" | "locked";
    status_message?: string;
    droplet_limit?: number;
    floating_ip_limit?: number;
    volume_limit?: number;
    team?: { uuid: string; name: string };
  };
}

/** The `info` object of DigitalOcean's token response. */
export interface DigitalOceanTokenInfo {
  name?: string;
  email?: string;
  uuid?: string;
  team_uuid?: string;
  team_name?: string;
}

/**
 * Sign in with DigitalOcean. Scope `read`; the profile is `GET /v2/account`, and the name comes from the
 * `info` object of the token response.
 *
 * Register `<origin>/auth/callback/digitalocean` as the redirect URI of your DigitalOcean app.
 * `AUTH_DIGITALOCEAN_ID` and `AUTH_DIGITALOCEAN_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out.
 *
 * @example
 * ```ts
 * import DigitalOcean from "@latch/core/providers/digitalocean"
 *
 * const providers = [DigitalOcean({})]
 * ```
 */
export default function DigitalOcean(options: OAuthUserConfig<DigitalOceanProfile> = {}): OAuth2Config<DigitalOceanProfile> {
  return {
    id: "digitalocean",
    name: "DigitalOcean",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    authorization: { url: "https://cloud.digitalocean.com/v1/oauth/authorize", params: { scope: "read" } },
    token: "https://cloud.digitalocean.com/v1/oauth/token",
    userinfo: "https://api.digitalocean.com/v2/account",
    client: { token_endpoint_auth_method: "client_secret_post" },
    // DigitalOcean's OAuth documents no PKCE for web apps; `state` protects the callback.
    checks: ["state"],
    profile(profile, tokens: TokenSet) {
      // The user's name is only in the token response's `info`.
      const info = tokens.info as DigitalOceanTokenInfo | undefined;
      return { id: profile.account.uuid, name: info?.name ?? null, email: profile.account.email, image: null };
    },
    style: { bg: "#0069FF", text: "#fff" },
    options,
  } satisfies OAuth2Config<DigitalOceanProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns DigitalOcean itself, as `import` gives it.
export { DigitalOcean as "module.exports" };
