/**
 * Bungie sign-in over OAuth 2.
 *
 * @module providers/bungie
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { endpointUrl } from "./internal/endpoint-url.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** A Bungie.net user (https://bungie-net.github.io/#/components/schemas/User.GeneralUser). */
export interface BungieNetUser {
  membershipId: string;
  uniqueName: string;
  displayName: string;
  /** Path of the avatar under `https://www.bungie.net`. */
  profilePicturePath?: string;
  cachedBungieGlobalDisplayName?: string;
  cachedBungieGlobalDisplayNameCode?: number;
  firstAccess?: string;
  lastUpdate?: string;
  locale?: string;
}

/** The answer of `GET /User/GetMembershipsForCurrentUser/` (https://bungie-net.github.io/#User.GetMembershipsForCurrentUser). */
export interface BungieProfile {
  Response: {
    bungieNetUser: BungieNetUser;
    destinyMemberships: Array<{ membershipType: number; membershipId: string; displayName: string; crossSaveOverride?: number }>;
    primaryMembershipId?: string;
  };
  ErrorCode: number;
  ErrorStatus: string;
  Message: string;
}

/** What {@link Bungie} accepts: the usual OAuth options, and your API key. */
export interface BungieUserConfig extends OAuthUserConfig<BungieProfile> {
  /** Your application's API key, sent as `X-API-Key` with every Bungie.net API call (required). */
  apiKey?: string;
}

/**
 * Sign in with Bungie.net (Destiny). Every API call carries your application's `apiKey` as `X-API-Key`;
 * the profile is `GetMembershipsForCurrentUser`. Bungie gives no email address.
 *
 * Register `<origin>/auth/callback/bungie` as the redirect URI of your Bungie app.
 * `AUTH_BUNGIE_ID` and `AUTH_BUNGIE_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out.
 *
 * @example
 * ```ts
 * import Bungie from "@latch/core/providers/bungie"
 *
 * const providers = [Bungie({ apiKey: process.env.BUNGIE_API_KEY })]
 * ```
 */
export default function Bungie(options: BungieUserConfig = {}): OAuth2Config<BungieProfile> {
  const userinfoUrl = "https://www.bungie.net/platform/User/GetMembershipsForCurrentUser/";
  return {
    id: "bungie",
    name: "Bungie",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    authorization: "https://www.bungie.net/en/OAuth/Authorize",
    token: "https://www.bungie.net/platform/app/oauth/token/",
    userinfo: {
      url: userinfoUrl,
      async request({ tokens, provider }) {
        const response = await provider.fetch(endpointUrl(provider.userinfo) ?? userinfoUrl, {
          headers: { Authorization: `Bearer ${tokens.access_token}`, "X-API-Key": String(options.apiKey ?? "") },
        });
        if (!response.ok) throw new Error(`Bungie GetMembershipsForCurrentUser answered HTTP ${response.status}`);
        return (await response.json()) as BungieProfile;
      },
    },
    // Bungie.net's OAuth documents no PKCE for web apps; `state` protects the callback.
    checks: ["state"],
    profile(profile) {
      const user = profile.Response.bungieNetUser;
      return {
        id: user.membershipId,
        name: user.cachedBungieGlobalDisplayName ?? user.displayName,
        email: null,
        image: user.profilePicturePath ? `https://www.bungie.net${user.profilePicturePath}` : null,
      };
    },
    style: { bg: "#0A0A0A", text: "#fff" },
    options,
  } satisfies OAuth2Config<BungieProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Bungie itself, as `import` gives it.
export { Bungie as "module.exports" };
