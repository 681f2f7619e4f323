/**
 * Mercado Libre sign-in over OAuth 2.
 *
 * @module providers/mercadolibre
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The user, as Mercado Libre's `GET /users/me` returns it (https://developers.mercadolibre.com.ar/en_us/user-products). */
export interface MercadoLibreProfile {
  id: number;
  nickname: string;
  first_name?: string;
  last_name?: string;
  email?: string;
  country_id?: string;
  site_id?: string;
  permalink?: string;
  registration_date?: string;
  user_type?: string;
  thumbnail?: { picture_id: string; picture_url: string } | null;
}

/** What {@link MercadoLibre} accepts: the usual OAuth options, and your country's authorization host. */
export interface MercadoLibreUserConfig extends OAuthUserConfig<MercadoLibreProfile> {
  /**
   * The authorization host of your country's site, e.g. `auth.mercadolibre.com.ar`,
   * `auth.mercadolibre.com.mx` or `auth.mercadolivre.com.br`; default `auth.mercadolibre.com`.
   */
  authorizationHost?: string;
}

/**
 * Sign in with Mercado Libre (Latin America's marketplace). Users sign in on their country's site: name
 * its `authorizationHost`; tokens and the API are shared (`api.mercadolibre.com`).
 *
 * Register `<origin>/auth/callback/mercadolibre` as the redirect URI of your Mercado Libre app.
 * `AUTH_MERCADOLIBRE_ID` and `AUTH_MERCADOLIBRE_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out.
 *
 * @example
 * ```ts
 * import MercadoLibre from "@latch/core/providers/mercadolibre"
 *
 * const providers = [MercadoLibre({ authorizationHost: "auth.mercadolivre.com.br" })]
 * ```
 */
export default function MercadoLibre(options: MercadoLibreUserConfig = {}): OAuth2Config<MercadoLibreProfile> {
  const authorizationUrl = `https://${options.authorizationHost ?? "auth.mercadolibre.com"}/authorization`;
  return {
    id: "mercadolibre",
    name: "Mercado Libre",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    authorization: authorizationUrl,
    token: "https://api.mercadolibre.com/oauth/token",
    userinfo: "https://api.mercadolibre.com/users/me",
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile) {
      const name = [profile.first_name, profile.last_name].filter(Boolean).join(" ");
      return { id: String(profile.id), name: name || profile.nickname, email: profile.email ?? null, image: profile.thumbnail?.picture_url ?? null };
    },
    style: { bg: "#FFE600", text: "#2D3277" },
    options,
  } satisfies OAuth2Config<MercadoLibreProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns MercadoLibre itself, as `import` gives it.
export { MercadoLibre as "module.exports" };
