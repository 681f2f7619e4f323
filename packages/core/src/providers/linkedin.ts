/**
 * LinkedIn sign-in ("Sign In with LinkedIn using OpenID Connect").
 *
 * @module providers/linkedin
 */
import type { OAuthUserConfig, OIDCConfig } from "./types.js";
import { oidcPreset } from "./internal/oidc-preset.js";

/**
 * The claims LinkedIn's userinfo endpoint returns
 * (https://learn.microsoft.com/en-us/linkedin/consumer/integrations/self-serve/sign-in-with-linkedin-v2).
 */
export interface LinkedInProfile {
  /** The member id for your application. */
  sub: string;
  name: string;
  given_name: string;
  family_name: string;
  picture?: string;
  locale?: string | { country: string; language: string };
  email?: string;
  email_verified?: boolean;
}

/**
 * Sign in with LinkedIn, an OpenID Provider at `https://www.linkedin.com/oauth`. LinkedIn takes the
 * client secret in the request body, never puts `nonce` in its ID tokens, and refuses a PKCE
 * `code_verifier` from web apps, so this provider checks `state` only.
 *
 * Add `<origin>/auth/callback/linkedin` to the authorized redirect URLs of your LinkedIn app (with
 * the "Sign In with LinkedIn using OpenID Connect" product). `AUTH_LINKEDIN_ID` and
 * `AUTH_LINKEDIN_SECRET` fill `clientId` and `clientSecret` when you leave them out.
 *
 * @example
 * ```ts
 * import LinkedIn from "@latch/core/providers/linkedin"
 *
 * const providers = [LinkedIn({})] // AUTH_LINKEDIN_ID / AUTH_LINKEDIN_SECRET
 * ```
 */
export default function LinkedIn(options: OAuthUserConfig<LinkedInProfile> = {}): OIDCConfig<LinkedInProfile> {
  return oidcPreset<LinkedInProfile>(options, {
    id: "linkedin",
    name: "LinkedIn",
    issuer: "https://www.linkedin.com/oauth",
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["state"],
    style: { bg: "#0A66C2", text: "#fff" },
  });
}

// `require()` of this module (CommonJS, Node 20.19+) returns LinkedIn itself, as `import` gives it.
export { LinkedIn as "module.exports" };
