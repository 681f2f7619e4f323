/**
 * Sign in with Apple, over OpenID Connect.
 *
 * @module providers/apple
 */
import type { OAuthUserConfig, OIDCConfig } from "./types.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The name and email Apple posts once, in the `user` form field, the first time a user signs in. */
export interface AppleUser {
  name?: { firstName?: string; lastName?: string };
  email?: string;
}

/**
 * The claims of an Apple ID token
 * (https://developer.apple.com/documentation/sign_in_with_apple/authenticating-users-with-sign-in-with-apple).
 * Apple has no userinfo endpoint: this is all it tells, apart from the one-time `user` field.
 */
export interface AppleProfile {
  /** Always `https://appleid.apple.com`. */
  iss: string;
  /** Your Services ID (the client id). */
  aud: string;
  iat: number;
  exp: number;
  /** Stable user id, unique per team. */
  sub: string;
  nonce?: string;
  nonce_supported?: boolean;
  at_hash?: string;
  auth_time?: number;
  /** The real address, or a private relay address. */
  email?: string;
  /** Apple sends `true` or the string `"true"`. */
  email_verified?: boolean | "true" | "false";
  /** Whether `email` is a private relay address; a boolean or its string form. */
  is_private_email?: boolean | "true" | "false";
  /** 0 unsupported, 1 unknown, 2 likely real (native apps only). */
  real_user_status?: 0 | 1 | 2;
  /** Present during an app transfer between teams. */
  transfer_sub?: string;
  /**
   * The `user` form field of the first sign-in, parsed (invalid JSON is ignored). Apple sends it
   * once and never again, so store the name when you see it. It is not signed: Latch adds it here,
   * beside the ID token's claims, never over them, and the default mapping takes only the name from it.
   */
  user?: AppleUser;
}

/**
 * Sign in with Apple. Apple answers with `response_mode=form_post` (a cross-site POST to the callback)
 * because the `name` and `email` scopes are asked for; the profile is the ID token's claims, and the
 * user's name arrives only on the first sign-in, in the posted `user` field, as `profile.user`.
 *
 * `clientId` is your Services ID and `clientSecret` the JWT you sign with your Apple key (it expires
 * after at most six months). Register `<origin>/auth/callback/apple` as a return URL of the Services
 * ID. `AUTH_APPLE_ID` and `AUTH_APPLE_SECRET` fill `clientId` and `clientSecret` when you leave them out.
 *
 * @example
 * ```ts
 * import Apple from "@latch/core/providers/apple"
 *
 * const providers = [Apple({})] // AUTH_APPLE_ID / AUTH_APPLE_SECRET
 * ```
 */
export default function Apple(options: OAuthUserConfig<AppleProfile> = {}): OIDCConfig<AppleProfile> {
  return {
    id: "apple",
    name: "Apple",
    type: "oidc",
    [providerFlow]: loadOAuthFlow,
    issuer: "https://appleid.apple.com",
    authorization: { params: { scope: "name email", response_mode: "form_post" } },
    // Apple's token endpoint takes the client secret in the body only.
    client: { token_endpoint_auth_method: "client_secret_post" },
    // There is no userinfo endpoint; everything is in the ID token.
    idToken: true,
    // Apple sends the flag as a boolean or as its string form.
    isEmailVerified: (profile) => profile.email_verified === true || profile.email_verified === "true",
    profile(profile) {
      const name = [profile.user?.name?.firstName, profile.user?.name?.lastName].filter(Boolean).join(" ");
      // The email comes from the signed ID token only: the posted `user` field is not signed.
      return { id: profile.sub, name: name || null, email: profile.email ?? null, image: null };
    },
    style: { bg: "#000", text: "#fff" },
    options,
  } satisfies OIDCConfig<AppleProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Apple itself, as `import` gives it.
export { Apple as "module.exports" };
