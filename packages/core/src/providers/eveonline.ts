/**
 * EVE Online sign-in over OAuth 2.
 *
 * @module providers/eveonline
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The character, as EVE SSO's `GET /oauth/verify` returns it (https://developers.eveonline.com/docs/services/sso/). */
export interface EVEOnlineProfile {
  CharacterID: number;
  CharacterName: string;
  ExpiresOn: string;
  Scopes: string;
  TokenType: string;
  /** Changes when the character moves to another account. */
  CharacterOwnerHash: string;
  IntellectualProperty: string;
}

/**
 * Sign in with EVE Online (EVE SSO v2). The user is a character: the id and name come from
 * `/oauth/verify`, the image from EVE's image server. EVE gives no email address.
 *
 * Register `<origin>/auth/callback/eveonline` as the redirect URI of your EVE Online app.
 * `AUTH_EVEONLINE_ID` and `AUTH_EVEONLINE_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out.
 *
 * @example
 * ```ts
 * import EVEOnline from "@latch/core/providers/eveonline"
 *
 * const providers = [EVEOnline({})]
 * ```
 */
export default function EVEOnline(options: OAuthUserConfig<EVEOnlineProfile> = {}): OAuth2Config<EVEOnlineProfile> {
  return {
    id: "eveonline",
    name: "EVE Online",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    authorization: { url: "https://login.eveonline.com/v2/oauth/authorize", params: { scope: "publicData" } },
    token: "https://login.eveonline.com/v2/oauth/token",
    userinfo: "https://login.eveonline.com/oauth/verify",
    profile(profile) {
      return {
        id: String(profile.CharacterID),
        name: profile.CharacterName,
        email: null,
        image: `https://images.evetech.net/characters/${profile.CharacterID}/portrait?size=128`,
      };
    },
    style: { bg: "#1B1B1B", text: "#fff" },
    options,
  } satisfies OAuth2Config<EVEOnlineProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns EVEOnline itself, as `import` gives it.
export { EVEOnline as "module.exports" };
