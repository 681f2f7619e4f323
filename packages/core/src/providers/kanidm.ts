/**
 * Kanidm sign-in over OpenID Connect.
 *
 * @module providers/kanidm
 */
import type { OpenIDStandardClaims } from "./internal/oidc-user.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";
import { oidcPreset } from "./internal/oidc-preset.js";

/** The claims of a Kanidm ID token and userinfo response (https://kanidm.github.io/kanidm/stable/integrations/oauth2.html). */
export interface KanidmProfile extends OpenIDStandardClaims {
  iss: string;
  aud: string | string[];
  exp: number;
  iat: number;
  nonce?: string;
}

/**
 * Sign in with Kanidm. Pass the issuer, `https://<kanidm host>/oauth2/openid/<client name>`; it is required.
 * Endpoints and keys come from its discovery document.
 * Kanidm signs ID tokens ES256 and wants PKCE, which Latch sends.
 *
 * Register `<origin>/auth/callback/kanidm` as the redirect URI of your Kanidm app.
 * `AUTH_KANIDM_ID` and `AUTH_KANIDM_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out, and `AUTH_KANIDM_ISSUER` fills `issuer`.
 *
 * @example
 * ```ts
 * import Kanidm from "@latch/core/providers/kanidm"
 *
 * const providers = [Kanidm({ issuer: "https://idm.example.com/oauth2/openid/latch" })]
 * ```
 */
export default function Kanidm(options: OAuthUserConfig<KanidmProfile> = {}): OIDCConfig<KanidmProfile> {
  return oidcPreset<KanidmProfile>(options, {
    id: "kanidm",
    name: "Kanidm",
    style: { bg: "#FF6A00", text: "#fff" },
  });
}

// `require()` of this module (CommonJS, Node 20.19+) returns Kanidm itself, as `import` gives it.
export { Kanidm as "module.exports" };
