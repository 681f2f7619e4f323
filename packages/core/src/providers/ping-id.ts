/**
 * PingOne sign-in over OpenID Connect.
 *
 * @module providers/ping-id
 */
import type { OpenIDStandardClaims } from "./internal/oidc-user.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";
import { oidcPreset } from "./internal/oidc-preset.js";

/** The claims of a PingOne ID token and userinfo response (https://apidocs.pingidentity.com/pingone/platform/v1/api/#openid-connect). */
export interface PingIdProfile extends OpenIDStandardClaims {
  iss: string;
  aud: string | string[];
  exp: number;
  iat: number;
  nonce?: string;
  env?: string;
  org?: string;
}

/** The PingOne regions: the top-level domain of their hosts. */
export type PingOneRegion = "com" | "eu" | "asia" | "ca" | "com.au" | "sg";

/** What {@link PingId} accepts: the usual OAuth options, and your environment. */
export interface PingIdUserConfig extends OAuthUserConfig<PingIdProfile> {
  /** Your PingOne environment id; the issuer is `https://auth.pingone.<region>/<environmentId>/as`. */
  environmentId?: string;
  /** The region of the environment; default `com` (North America). */
  region?: PingOneRegion;
}

/**
 * Sign in with PingOne (Ping Identity). Name your `environmentId` (and `region` outside North America), or
 * pass the issuer `https://auth.pingone.<region>/<environmentId>/as`.
 *
 * Register `<origin>/auth/callback/ping-id` as the redirect URI of your PingOne app.
 * `AUTH_PING_ID_ID` and `AUTH_PING_ID_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out, and `AUTH_PING_ID_ISSUER` fills `issuer`.
 *
 * @example
 * ```ts
 * import PingId from "@latch/core/providers/ping-id"
 *
 * const providers = [PingId({ environmentId: "b5b0a8a6-1111-4222-8333-444455556666", region: "eu" })]
 * ```
 */
export default function PingId(options: PingIdUserConfig = {}): OIDCConfig<PingIdProfile> {
  return oidcPreset<PingIdProfile>(options, {
    id: "ping-id",
    name: "PingOne",
    issuer: options.issuer ?? (options.environmentId ? `https://auth.pingone.${options.region ?? "com"}/${encodeURIComponent(options.environmentId)}/as` : undefined),
    style: { bg: "#B3282D", text: "#fff" },
  });
}

// `require()` of this module (CommonJS, Node 20.19+) returns PingId itself, as `import` gives it.
export { PingId as "module.exports" };
