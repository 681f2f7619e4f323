/**
 * Auth0 sign-in over OpenID Connect.
 *
 * @module providers/auth0
 */
import type { OpenIDStandardClaims } from "./internal/oidc-user.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";
import { userFromStandardClaims } from "./internal/oidc-user.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The standard claims Auth0 returns (https://auth0.com/docs/manage-users/user-accounts/user-profiles/user-profile-structure). */
export interface Auth0Profile extends OpenIDStandardClaims {
  /** `<connection>|<id>`, e.g. `auth0|64b7f…` or `google-oauth2|1093…`. */
  sub: string;
  phone_number_verified?: boolean;
  address?: { country?: string };
  updated_at?: string;
  /** Custom claims added by Actions, namespaced by a URL. */
  [claim: `https://${string}`]: unknown;
}

/**
 * Sign in with Auth0. Pass your tenant's issuer (`https://<tenant>.<region>.auth0.com/` or your custom
 * domain, with its trailing slash, exactly as in the discovery document); it is required.
 *
 * Add `<origin>/auth/callback/auth0` to the allowed callback URLs of your Auth0 application.
 * `AUTH_AUTH0_ID`, `AUTH_AUTH0_SECRET` and `AUTH_AUTH0_ISSUER` fill `clientId`, `clientSecret` and
 * `issuer` when you leave them out.
 *
 * @example
 * ```ts
 * import Auth0 from "@latch/core/providers/auth0"
 *
 * const providers = [Auth0({ issuer: "https://example.eu.auth0.com/" })] // AUTH_AUTH0_ID / AUTH_AUTH0_SECRET
 * ```
 */
export default function Auth0(options: OAuthUserConfig<Auth0Profile> = {}): OIDCConfig<Auth0Profile> {
  return {
    id: "auth0",
    name: "Auth0",
    type: "oidc",
    [providerFlow]: loadOAuthFlow,
    issuer: options.issuer,
    authorization: { params: { scope: "openid profile email" } },
    profile(profile) {
      // Auth0 sends the username as `nickname`, not `preferred_username`.
      return { ...userFromStandardClaims(profile), name: profile.name ?? profile.nickname ?? null };
    },
    style: { bg: "#EB5424", text: "#fff" },
    options,
  } satisfies OIDCConfig<Auth0Profile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Auth0 itself, as `import` gives it.
export { Auth0 as "module.exports" };
