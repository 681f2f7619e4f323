/**
 * Coinbase sign-in over OAuth 2.
 *
 * @module providers/coinbase
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** A Coinbase user resource (https://docs.cdp.coinbase.com/coinbase-app/docs/api-users). */
export interface CoinbaseUser {
  /** UUID. */
  id: string;
  name: string;
  username: string | null;
  profile_location: string | null;
  profile_bio: string | null;
  profile_url: string | null;
  avatar_url: string;
  resource: "user";
  resource_path: string;
  /** Present with the `wallet:user:email` scope. */
  email?: string;
  legacy_id?: string;
  time_zone?: string;
  native_currency?: string;
  bitcoin_unit?: string;
  state?: string | null;
  country?: { code: string; name: string; is_in_europe: boolean };
  created_at?: string;
}

/** The answer of `GET /v2/user`: the user in `data`. */
export interface CoinbaseProfile {
  data: CoinbaseUser;
  warnings?: Array<{ id: string; message: string; url?: string }>;
}

/**
 * Sign in with Coinbase, with the `wallet:user:email wallet:user:read` scopes. The user is in the
 * `data` envelope of the API answer.
 *
 * Add `<origin>/auth/callback/coinbase` to the redirect URIs of your Coinbase OAuth client.
 * `AUTH_COINBASE_ID` and `AUTH_COINBASE_SECRET` fill `clientId` and `clientSecret` when you leave them out.
 *
 * @example
 * ```ts
 * import Coinbase from "@latch/core/providers/coinbase"
 *
 * const providers = [Coinbase({})] // AUTH_COINBASE_ID / AUTH_COINBASE_SECRET
 * ```
 */
export default function Coinbase(options: OAuthUserConfig<CoinbaseProfile> = {}): OAuth2Config<CoinbaseProfile> {
  return {
    id: "coinbase",
    name: "Coinbase",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    authorization: {
      url: "https://login.coinbase.com/oauth2/auth",
      params: { scope: "wallet:user:email wallet:user:read" },
    },
    token: "https://login.coinbase.com/oauth2/token",
    userinfo: "https://api.coinbase.com/v2/user",
    profile({ data }) {
      return { id: data.id, name: data.name ?? data.username, email: data.email ?? null, image: data.avatar_url ?? null };
    },
    style: { bg: "#0052FF", text: "#fff" },
    options,
  } satisfies OAuth2Config<CoinbaseProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Coinbase itself, as `import` gives it.
export { Coinbase as "module.exports" };
