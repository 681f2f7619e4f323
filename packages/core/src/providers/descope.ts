/**
 * Descope sign-in over OpenID Connect.
 *
 * @module providers/descope
 */
import type { OpenIDStandardClaims } from "./internal/oidc-user.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";
import { oidcPreset } from "./internal/oidc-preset.js";

/** The claims of a Descope ID token and userinfo response (https://docs.descope.com/). */
export interface DescopeProfile extends OpenIDStandardClaims {
  iss: string;
  aud: string | string[];
  exp: number;
  iat: number;
  nonce?: string;
  /** Login ids of the user (email, phone, username). */
  loginIds?: string[];
}

/** What {@link Descope} accepts: the usual OAuth options, and your project id. */
export interface DescopeUserConfig extends OAuthUserConfig<DescopeProfile> {
  /** Your Descope project id; the issuer is `https://api.descope.com/<projectId>`. */
  projectId?: string;
}

/**
 * Sign in with Descope. Name your `projectId`, or pass the issuer `https://api.descope.com/<projectId>`.
 *
 * Register `<origin>/auth/callback/descope` as the redirect URI of your Descope app.
 * `AUTH_DESCOPE_ID` and `AUTH_DESCOPE_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out, and `AUTH_DESCOPE_ISSUER` fills `issuer`.
 *
 * @example
 * ```ts
 * import Descope from "@latch/core/providers/descope"
 *
 * const providers = [Descope({ projectId: "P2abcDEF" })]
 * ```
 */
export default function Descope(options: DescopeUserConfig = {}): OIDCConfig<DescopeProfile> {
  return oidcPreset<DescopeProfile>(options, {
    id: "descope",
    name: "Descope",
    issuer: options.issuer ?? (options.projectId ? `https://api.descope.com/${encodeURIComponent(options.projectId)}` : undefined),
    style: { bg: "#1C1C23", text: "#fff" },
  });
}

// `require()` of this module (CommonJS, Node 20.19+) returns Descope itself, as `import` gives it.
export { Descope as "module.exports" };
