/**
 * Twitch sign-in over OpenID Connect.
 *
 * @module providers/twitch
 */
import type { OAuthUserConfig, OIDCConfig } from "./types.js";
import { userFromStandardClaims } from "./internal/oidc-user.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The claims of a Twitch ID token (https://dev.twitch.tv/docs/authentication/getting-tokens-oidc/). */
export interface TwitchProfile {
  iss: string;
  /** The Twitch user id. */
  sub: string;
  aud: string;
  exp: number;
  iat: number;
  nonce?: string;
  azp?: string;
  /** Asked for through the `claims` parameter; needs the `user:read:email` scope. */
  email?: string;
  email_verified?: boolean;
  picture?: string;
  preferred_username?: string;
  updated_at?: string;
}

/**
 * Sign in with Twitch. Twitch puts only `sub` in its ID token unless the `claims` request parameter
 * asks for more, so this provider asks for `email`, `email_verified`, `picture` and
 * `preferred_username` in the ID token and reads the profile from it. Twitch's token response gives
 * `scope` as an array; it is joined into the space-separated string RFC 6749 describes.
 *
 * Add `<origin>/auth/callback/twitch` to the OAuth redirect URLs of your Twitch application.
 * `AUTH_TWITCH_ID` and `AUTH_TWITCH_SECRET` fill `clientId` and `clientSecret` when you leave them out.
 *
 * @example
 * ```ts
 * import Twitch from "@latch/core/providers/twitch"
 *
 * const providers = [Twitch({})] // AUTH_TWITCH_ID / AUTH_TWITCH_SECRET
 * ```
 */
export default function Twitch(options: OAuthUserConfig<TwitchProfile> = {}): OIDCConfig<TwitchProfile> {
  return {
    id: "twitch",
    name: "Twitch",
    type: "oidc",
    [providerFlow]: loadOAuthFlow,
    issuer: "https://id.twitch.tv/oauth2",
    authorization: {
      params: {
        scope: "openid user:read:email",
        claims: JSON.stringify({ id_token: { email: null, email_verified: null, picture: null, preferred_username: null } }),
      },
    },
    client: { token_endpoint_auth_method: "client_secret_post" },
    token: {
      async conform(response) {
        if (!response.ok) return undefined;
        const body: unknown = await response.clone().json().catch(() => undefined);
        if (!body || typeof body !== "object" || !("scope" in body) || !Array.isArray(body.scope)) return undefined;
        return Response.json({ ...body, scope: body.scope.join(" ") }, { status: response.status, headers: response.headers });
      },
    },
    idToken: true,
    profile: userFromStandardClaims,
    style: { bg: "#9146FF", text: "#fff" },
    options,
  } satisfies OIDCConfig<TwitchProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Twitch itself, as `import` gives it.
export { Twitch as "module.exports" };
