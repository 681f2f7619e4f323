/**
 * Patreon sign-in over OAuth 2 (API v2).
 *
 * @module providers/patreon
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The attributes of a Patreon user resource Latch asks for (https://docs.patreon.com/#user-v2). */
export interface PatreonUserAttributes {
  full_name: string;
  first_name?: string;
  last_name?: string;
  vanity?: string | null;
  /** Present with the `identity[email]` scope. */
  email?: string;
  is_email_verified?: boolean;
  image_url: string;
  thumb_url?: string;
  url?: string;
  created?: string;
}

/** The JSON:API document `GET /api/oauth2/v2/identity` returns: the user in `data`. */
export interface PatreonProfile {
  data: { id: string; type: "user"; attributes: PatreonUserAttributes; relationships?: Record<string, unknown> };
  included?: Array<Record<string, unknown>>;
  links?: { self: string };
}

/**
 * Sign in with Patreon, with the `identity identity[email]` scopes. Patreon's API v2 follows JSON:API:
 * attributes are returned only when `fields[user]` names them, and the user is in `data`.
 *
 * Add `<origin>/auth/callback/patreon` to the redirect URIs of your Patreon client.
 * `AUTH_PATREON_ID` and `AUTH_PATREON_SECRET` fill `clientId` and `clientSecret` when you leave them out.
 *
 * @example
 * ```ts
 * import Patreon from "@latch/core/providers/patreon"
 *
 * const providers = [Patreon({})] // AUTH_PATREON_ID / AUTH_PATREON_SECRET
 * ```
 */
export default function Patreon(options: OAuthUserConfig<PatreonProfile> = {}): OAuth2Config<PatreonProfile> {
  const fields = new URLSearchParams({ "fields[user]": "full_name,email,is_email_verified,image_url,vanity,url" });
  return {
    id: "patreon",
    name: "Patreon",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    authorization: { url: "https://www.patreon.com/oauth2/authorize", params: { scope: "identity identity[email]" } },
    token: "https://www.patreon.com/api/oauth2/token",
    userinfo: `https://www.patreon.com/api/oauth2/v2/identity?${fields}`,
    profile({ data }) {
      return {
        id: data.id,
        name: data.attributes.full_name ?? null,
        email: data.attributes.email ?? null,
        image: data.attributes.image_url ?? null,
      };
    },
    style: { bg: "#000", text: "#fff" },
    options,
  } satisfies OAuth2Config<PatreonProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Patreon itself, as `import` gives it.
export { Patreon as "module.exports" };
