/**
 * Signicat sign-in over OpenID Connect.
 *
 * @module providers/signicat
 */
import type { OpenIDStandardClaims } from "./internal/oidc-user.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";
import { oidcPreset } from "./internal/oidc-preset.js";

/** The claims of a Signicat ID token and userinfo response (https://developer.signicat.com/docs/eid-hub/oidc/). */
export interface SignicatProfile extends OpenIDStandardClaims {
  iss: string;
  aud: string | string[];
  exp: number;
  iat: number;
  nonce?: string;
  /** The e-ID used, e.g. `nbid` (Norwegian BankID), `mitid`, `sbid` (Swedish BankID), `ftn`. */
  idp?: string;
  idp_id?: string;
  nin?: string;
  nin_issuing_country?: string;
}

/** What {@link Signicat} accepts: the usual OAuth options, and your Signicat domain. */
export interface SignicatUserConfig extends OAuthUserConfig<SignicatProfile> {
  /** Your Signicat domain, e.g. `acme.sandbox.signicat.com`; the issuer is `https://<domain>/auth/open`. */
  domain?: string;
}

/**
 * Sign in with Signicat, the European e-ID hub (BankID, MitID, Freja, itsme, FTN…). Name your `domain`
 * (`<name>.app.signicat.com`, or `.sandbox.signicat.com` for tests), or pass the issuer
 * `https://<domain>/auth/open`. Choose an e-ID with `authorization.params.acr_values`, e.g. `idp:nbid`.
 *
 * Register `<origin>/auth/callback/signicat` as the redirect URI of your Signicat app.
 * `AUTH_SIGNICAT_ID` and `AUTH_SIGNICAT_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out, and `AUTH_SIGNICAT_ISSUER` fills `issuer`.
 *
 * @example
 * ```ts
 * import Signicat from "@latch/core/providers/signicat"
 *
 * const providers = [Signicat({ domain: "acme.sandbox.signicat.com" })]
 * ```
 */
export default function Signicat(options: SignicatUserConfig = {}): OIDCConfig<SignicatProfile> {
  return oidcPreset<SignicatProfile>(options, {
    id: "signicat",
    name: "Signicat",
    issuer: options.issuer ?? (options.domain ? `https://${options.domain}/auth/open` : undefined),
    authorization: { params: { scope: "openid profile" } },
    style: { bg: "#41206C", text: "#fff" },
  });
}

// `require()` of this module (CommonJS, Node 20.19+) returns Signicat itself, as `import` gives it.
export { Signicat as "module.exports" };
