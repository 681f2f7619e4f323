/**
 * Google sign-in over OpenID Connect.
 *
 * @module providers/google
 */
import type { OAuthUserConfig, OIDCConfig } from "./types.js";
import { oidcPreset } from "./internal/oidc-preset.js";

/** The claims of a Google ID token (https://developers.google.com/identity/openid-connect/openid-connect#an-id-tokens-payload). */
export interface GoogleProfile {
  iss: string;
  /** Stable, unique account id. */
  sub: string;
  aud: string;
  azp: string;
  iat: number;
  exp: number;
  at_hash?: string;
  nonce?: string;
  email: string;
  email_verified: boolean;
  /** The Google Workspace domain, for Workspace accounts. */
  hd?: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  picture?: string;
  locale?: string;
}

/**
 * Sign in with Google. Google is an OpenID Provider: endpoints come from discovery on
 * `https://accounts.google.com`, and the profile from the ID token and userinfo claims.
 *
 * Register `<origin>/auth/callback/google` as an authorized redirect URI of your OAuth client.
 * `AUTH_GOOGLE_ID` and `AUTH_GOOGLE_SECRET` fill `clientId` and `clientSecret` when you leave them out.
 *
 * @example
 * ```ts
 * import Google from "@latch/core/providers/google"
 *
 * const providers = [Google({})] // AUTH_GOOGLE_ID / AUTH_GOOGLE_SECRET
 * // a refresh token: ask for offline access and consent
 * const offline = [Google({ authorization: { params: { access_type: "offline", prompt: "consent" } } })]
 * ```
 */
export default function Google(options: OAuthUserConfig<GoogleProfile> = {}): OIDCConfig<GoogleProfile> {
  return oidcPreset<GoogleProfile>(options, {
    id: "google",
    name: "Google",
    issuer: "https://accounts.google.com",
    style: { bg: "#fff", text: "#1f1f1f" },
  });
}

// `require()` of this module (CommonJS, Node 20.19+) returns Google itself, as `import` gives it.
export { Google as "module.exports" };
