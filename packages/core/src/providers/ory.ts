/**
 * Ory sign-in over OpenID Connect.
 *
 * @module providers/ory
 */
import type { OpenIDStandardClaims } from "./internal/oidc-user.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";
import { oidcPreset } from "./internal/oidc-preset.js";

/** The claims of a Ory Network (Hydra) ID token and userinfo response (https://www.ory.sh/docs/oauth2-oidc/). */
export interface OryProfile extends OpenIDStandardClaims {
  iss: string;
  aud: string | string[];
  exp: number;
  iat: number;
  nonce?: string;
  sid?: string;
}

/** What {@link Ory} accepts: the usual OAuth options, and your project. */
export interface OryUserConfig extends OAuthUserConfig<OryProfile> {
  /** Your Ory Network project slug; the issuer is `https://<project>.projects.oryapis.com`. */
  project?: string;
}

/**
 * Sign in with Ory (Ory Network, or a self-hosted Ory Hydra: pass its URL as `issuer`). Name your
 * Network `project` slug, or the issuer.
 *
 * Register `<origin>/auth/callback/ory` as the redirect URI of your Ory app.
 * `AUTH_ORY_ID` and `AUTH_ORY_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out, and `AUTH_ORY_ISSUER` fills `issuer`.
 *
 * @example
 * ```ts
 * import Ory from "@latch/core/providers/ory"
 *
 * const providers = [Ory({ project: "happy-fermi-1a2b3c" })]
 * ```
 */
export default function Ory(options: OryUserConfig = {}): OIDCConfig<OryProfile> {
  return oidcPreset<OryProfile>(options, {
    id: "ory",
    name: "Ory",
    issuer: options.issuer ?? (options.project ? `https://${options.project}.projects.oryapis.com` : undefined),
    style: { bg: "#5528FF", text: "#fff" },
  });
}

// `require()` of this module (CommonJS, Node 20.19+) returns Ory itself, as `import` gives it.
export { Ory as "module.exports" };
