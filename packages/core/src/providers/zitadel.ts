/**
 * ZITADEL sign-in over OpenID Connect.
 *
 * @module providers/zitadel
 */
import type { OpenIDStandardClaims } from "./internal/oidc-user.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";
import { oidcPreset } from "./internal/oidc-preset.js";

/** The claims ZITADEL returns (https://zitadel.com/docs/apis/openidoauth/claims). */
export interface ZitadelProfile extends OpenIDStandardClaims {
  amr?: string[];
  aud: string | string[];
  auth_time: number;
  azp?: string;
  exp: number;
  iat: number;
  iss: string;
  nonce?: string;
  at_hash?: string;
  c_hash?: string;
  /** The ZITADEL user id. */
  sub: string;
  sid?: string;
  updated_at?: number;
  phone_number_verified?: boolean;
  "urn:zitadel:iam:org:id"?: string;
  "urn:zitadel:iam:org:domain:primary"?: string;
  "urn:zitadel:iam:user:resourceowner:id"?: string;
  "urn:zitadel:iam:user:resourceowner:name"?: string;
  "urn:zitadel:iam:user:resourceowner:primary_domain"?: string;
  /** Project roles: role → { orgId: orgDomain }. */
  "urn:zitadel:iam:org:project:roles"?: Record<string, Record<string, string>>;
}

/**
 * Sign in with ZITADEL. Pass your instance's issuer, e.g. `https://<instance>.zitadel.cloud` or your
 * own domain; it is required. Works with a "Web" application using "Code" and a client secret (or
 * PKCE without a secret).
 *
 * Add `<origin>/auth/callback/zitadel` to the redirect URIs of the application.
 * `AUTH_ZITADEL_ID`, `AUTH_ZITADEL_SECRET` and `AUTH_ZITADEL_ISSUER` fill `clientId`, `clientSecret`
 * and `issuer` when you leave them out.
 *
 * @example
 * ```ts
 * import Zitadel from "@latch/core/providers/zitadel"
 *
 * const providers = [Zitadel({ issuer: "https://acme-x1y2z3.zitadel.cloud" })]
 * ```
 */
export default function Zitadel(options: OAuthUserConfig<ZitadelProfile> = {}): OIDCConfig<ZitadelProfile> {
  return oidcPreset<ZitadelProfile>(options, {
    id: "zitadel",
    name: "ZITADEL",
    style: { bg: "#0F172A", text: "#fff" },
  });
}

// `require()` of this module (CommonJS, Node 20.19+) returns Zitadel itself, as `import` gives it.
export { Zitadel as "module.exports" };
