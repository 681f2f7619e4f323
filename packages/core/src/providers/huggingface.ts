/**
 * Hugging Face sign-in over OpenID Connect.
 *
 * @module providers/huggingface
 */
import type { OAuthUserConfig, OIDCConfig } from "./types.js";
import { oidcPreset } from "./internal/oidc-preset.js";

/** The claims Hugging Face returns (https://huggingface.co/docs/hub/oauth). */
export interface HuggingFaceProfile {
  /** The user id. */
  sub: string;
  name: string;
  preferred_username: string;
  /** URL of the user's page. */
  profile: string;
  picture: string;
  website?: string;
  /** Present with the `email` scope. */
  email?: string;
  email_verified?: boolean;
  isPro?: boolean;
  canPay?: boolean;
  orgs?: Array<{ sub: string; name: string; picture: string; preferred_username: string; isEnterprise?: boolean; roleInOrg?: string }>;
}

/**
 * Sign in with Hugging Face, an OpenID Provider at `https://huggingface.co`.
 *
 * Create an OAuth app in your Hugging Face settings with `<origin>/auth/callback/huggingface` as a
 * redirect URL. `AUTH_HUGGINGFACE_ID` and `AUTH_HUGGINGFACE_SECRET` fill `clientId` and
 * `clientSecret` when you leave them out.
 *
 * @example
 * ```ts
 * import HuggingFace from "@latch/core/providers/huggingface"
 *
 * const providers = [HuggingFace({})] // AUTH_HUGGINGFACE_ID / AUTH_HUGGINGFACE_SECRET
 * ```
 */
export default function HuggingFace(options: OAuthUserConfig<HuggingFaceProfile> = {}): OIDCConfig<HuggingFaceProfile> {
  return oidcPreset<HuggingFaceProfile>(options, {
    id: "huggingface",
    name: "Hugging Face",
    issuer: "https://huggingface.co",
    style: { bg: "#FFD21E", text: "#000" },
  });
}

// `require()` of this module (CommonJS, Node 20.19+) returns HuggingFace itself, as `import` gives it.
export { HuggingFace as "module.exports" };
