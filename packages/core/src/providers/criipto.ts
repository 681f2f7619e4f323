/**
 * Criipto sign-in over OpenID Connect.
 *
 * @module providers/criipto
 */
import type { OpenIDStandardClaims } from "./internal/oidc-user.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";
import { oidcPreset } from "./internal/oidc-preset.js";

/** The claims of a Criipto ID token and userinfo response (https://docs.criipto.com/verify/getting-started/oidc-intro/). */
export interface CriiptoProfile extends OpenIDStandardClaims {
  iss: string;
  aud: string | string[];
  exp: number;
  iat: number;
  nonce?: string;
  /** The e-ID the user signed in with, e.g. `urn:grn:authn:se:bankid:same-device`. */
  identityscheme?: string;
  country?: string;
  ssn?: string;
}

/**
 * Sign in with Criipto. Pass the issuer, `https://<your domain>.criipto.id`; it is required.
 * Endpoints and keys come from its discovery document.
 * Criipto brokers national e-IDs (MitID, BankID, Swedish BankID, Finnish Trust Network, itsme…); ask for
 * one with `authorization.params.acr_values`, e.g. `urn:grn:authn:dk:mitid:substantial`.
 *
 * Register `<origin>/auth/callback/criipto` as the redirect URI of your Criipto app.
 * `AUTH_CRIIPTO_ID` and `AUTH_CRIIPTO_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out, and `AUTH_CRIIPTO_ISSUER` fills `issuer`.
 *
 * @example
 * ```ts
 * import Criipto from "@latch/core/providers/criipto"
 *
 * const providers = [Criipto({ issuer: "https://acme-test.criipto.id" })]
 * ```
 */
export default function Criipto(options: OAuthUserConfig<CriiptoProfile> = {}): OIDCConfig<CriiptoProfile> {
  return oidcPreset<CriiptoProfile>(options, {
    id: "criipto",
    name: "Criipto",
    style: { bg: "#208383", text: "#fff" },
  });
}

// `require()` of this module (CommonJS, Node 20.19+) returns Criipto itself, as `import` gives it.
export { Criipto as "module.exports" };
