/**
 * Amazon Cognito user pool sign-in over OpenID Connect.
 *
 * @module providers/cognito
 */
import type { OpenIDStandardClaims } from "./internal/oidc-user.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";
import { userFromStandardClaims } from "./internal/oidc-user.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The claims of a Cognito ID token (https://docs.aws.amazon.com/cognito/latest/developerguide/amazon-cognito-user-pools-using-the-id-token.html). */
export interface CognitoProfile extends OpenIDStandardClaims {
  /** The user's UUID in the pool. */
  sub: string;
  iss: string;
  aud: string;
  token_use: "id";
  auth_time: number;
  iat: number;
  exp: number;
  nonce?: string;
  at_hash?: string;
  "cognito:username": string;
  "cognito:groups"?: string[];
  "cognito:roles"?: string[];
  "cognito:preferred_role"?: string;
  identities?: Array<{ userId: string; providerName: string; providerType: string; primary: string; dateCreated: string; issuer: string | null }>;
  phone_number_verified?: boolean;
  origin_jti?: string;
  event_id?: string;
}

/**
 * Sign in with an Amazon Cognito user pool. Pass the pool's issuer,
 * `https://cognito-idp.<region>.amazonaws.com/<userPoolId>`; it is required. The hosted UI's domain
 * is found through discovery on it.
 *
 * Add `<origin>/auth/callback/cognito` to the allowed callback URLs of your app client (with a
 * client secret). `AUTH_COGNITO_ID`, `AUTH_COGNITO_SECRET` and `AUTH_COGNITO_ISSUER` fill
 * `clientId`, `clientSecret` and `issuer` when you leave them out.
 *
 * @example
 * ```ts
 * import Cognito from "@latch/core/providers/cognito"
 *
 * const providers = [Cognito({ issuer: "https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbCdEf123" })]
 * ```
 */
export default function Cognito(options: OAuthUserConfig<CognitoProfile> = {}): OIDCConfig<CognitoProfile> {
  return {
    id: "cognito",
    name: "Cognito",
    type: "oidc",
    [providerFlow]: loadOAuthFlow,
    issuer: options.issuer,
    authorization: { params: { scope: "openid profile email" } },
    profile(profile) {
      return { ...userFromStandardClaims(profile), name: profile.name ?? profile.preferred_username ?? profile["cognito:username"] ?? null };
    },
    style: { bg: "#DD344C", text: "#fff" },
    options,
  } satisfies OIDCConfig<CognitoProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Cognito itself, as `import` gives it.
export { Cognito as "module.exports" };
