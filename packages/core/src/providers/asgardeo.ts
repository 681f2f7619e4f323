/**
 * Asgardeo sign-in over OpenID Connect.
 *
 * @module providers/asgardeo
 */
import type { OpenIDStandardClaims } from "./internal/oidc-user.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";
import { oidcPreset } from "./internal/oidc-preset.js";

/** The claims of a Asgardeo ID token and userinfo response (https://wso2.com/asgardeo/docs/references/app-settings/oidc-settings-for-app/). */
export interface AsgardeoProfile extends OpenIDStandardClaims {
  iss: string;
  aud: string | string[];
  exp: number;
  iat: number;
  nonce?: string;
  username?: string;
  org_name?: string;
  org_id?: string;
}

/** What {@link Asgardeo} accepts: the usual OAuth options, and your organization. */
export interface AsgardeoUserConfig extends OAuthUserConfig<AsgardeoProfile> {
  /** Your organization's name in Asgardeo; the issuer is `https://api.asgardeo.io/t/<organization>/oauth2/token`. */
  organization?: string;
}

/**
 * Sign in with Asgardeo (WSO2's identity service). Name your `organization`, or pass its issuer,
 * `https://api.asgardeo.io/t/<organization>/oauth2/token` (the issuer really ends in `/oauth2/token`).
 *
 * Register `<origin>/auth/callback/asgardeo` as the redirect URI of your Asgardeo app.
 * `AUTH_ASGARDEO_ID` and `AUTH_ASGARDEO_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out, and `AUTH_ASGARDEO_ISSUER` fills `issuer`.
 *
 * @example
 * ```ts
 * import Asgardeo from "@latch/core/providers/asgardeo"
 *
 * const providers = [Asgardeo({ organization: "acme" })]
 * ```
 */
export default function Asgardeo(options: AsgardeoUserConfig = {}): OIDCConfig<AsgardeoProfile> {
  return oidcPreset<AsgardeoProfile>(options, {
    id: "asgardeo",
    name: "Asgardeo",
    issuer: options.issuer ?? (options.organization ? `https://api.asgardeo.io/t/${encodeURIComponent(options.organization)}/oauth2/token` : undefined),
    style: { bg: "#FF7300", text: "#fff" },
  });
}

// `require()` of this module (CommonJS, Node 20.19+) returns Asgardeo itself, as `import` gives it.
export { Asgardeo as "module.exports" };
