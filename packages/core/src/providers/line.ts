/**
 * LINE Login over OpenID Connect.
 *
 * @module providers/line
 */
import type { OAuthUserConfig, OIDCConfig } from "./types.js";
import { oidcPreset } from "./internal/oidc-preset.js";

/** The claims of a LINE ID token (https://developers.line.biz/en/docs/line-login/verify-id-token/). */
export interface LineProfile {
  /** `https://access.line.me` */
  iss: string;
  /** The LINE user id for your channel. */
  sub: string;
  aud: string;
  exp: number;
  iat: number;
  auth_time?: number;
  nonce?: string;
  amr?: string[];
  name?: string;
  picture?: string;
  /** Present with the `email` scope, which needs approval for the channel. */
  email?: string;
}

/**
 * Sign in with LINE, with the `openid profile` scopes (add `email` once your channel is approved for
 * it). LINE signs ID tokens for web logins with HS256 and the channel secret, and takes the secret in
 * the token request body.
 *
 * Register `<origin>/auth/callback/line` as a callback URL of your LINE Login channel.
 * `AUTH_LINE_ID` (channel id) and `AUTH_LINE_SECRET` (channel secret) fill `clientId` and
 * `clientSecret` when you leave them out.
 *
 * @example
 * ```ts
 * import Line from "@latch/core/providers/line"
 *
 * const providers = [Line({})] // AUTH_LINE_ID / AUTH_LINE_SECRET
 * ```
 */
export default function Line(options: OAuthUserConfig<LineProfile> = {}): OIDCConfig<LineProfile> {
  return oidcPreset<LineProfile>(options, {
    id: "line",
    name: "LINE",
    issuer: "https://access.line.me",
    authorization: { params: { scope: "openid profile" } },
    client: { token_endpoint_auth_method: "client_secret_post", id_token_signed_response_alg: "HS256" },
    idToken: true,
    style: { bg: "#06C755", text: "#fff" },
  });
}

// `require()` of this module (CommonJS, Node 20.19+) returns Line itself, as `import` gives it.
export { Line as "module.exports" };
