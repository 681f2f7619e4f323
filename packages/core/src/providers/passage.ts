/**
 * Passage sign-in over OpenID Connect.
 *
 * @module providers/passage
 */
import type { OpenIDStandardClaims } from "./internal/oidc-user.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The claims of a Passage by 1Password ID token (https://docs.passage.id/). */
export interface PassageProfile extends OpenIDStandardClaims {
  iss: string;
  aud: string | string[];
  exp: number;
  iat: number;
  nonce?: string;
  phone_number_verified?: boolean;
}

/** What {@link Passage} accepts: the usual OAuth options, and your app id. */
export interface PassageUserConfig extends OAuthUserConfig<PassageProfile> {
  /** Your Passage app id; the issuer is `https://auth.passage.id/v1/apps/<appId>`. */
  appId?: string;
}

/**
 * Sign in with Passage by 1Password (passkeys). Name your `appId`, or pass the issuer
 * `https://auth.passage.id/v1/apps/<appId>`. Passage users have an address or phone number, not a name.
 *
 * Register `<origin>/auth/callback/passage` as the redirect URI of your Passage app.
 * `AUTH_PASSAGE_ID` and `AUTH_PASSAGE_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out, and `AUTH_PASSAGE_ISSUER` fills `issuer`.
 *
 * @example
 * ```ts
 * import Passage from "@latch/core/providers/passage"
 *
 * const providers = [Passage({ appId: "aBcDeFgHiJ" })]
 * ```
 */
export default function Passage(options: PassageUserConfig = {}): OIDCConfig<PassageProfile> {
  return {
    id: "passage",
    name: "Passage",
    type: "oidc",
    [providerFlow]: loadOAuthFlow,
    issuer: options.issuer ?? (options.appId ? `https://auth.passage.id/v1/apps/${encodeURIComponent(options.appId)}` : undefined),
    authorization: { params: { scope: "openid email" } },
    profile(profile) {
      return { id: profile.sub, name: null, email: profile.email ?? null, image: null };
    },
    style: { bg: "#1B1B1B", text: "#fff" },
    options,
  } satisfies OIDCConfig<PassageProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Passage itself, as `import` gives it.
export { Passage as "module.exports" };
