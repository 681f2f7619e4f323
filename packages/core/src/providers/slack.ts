/**
 * Slack sign-in ("Sign in with Slack", OpenID Connect).
 *
 * @module providers/slack
 */
import type { OAuthUserConfig, OIDCConfig } from "./types.js";
import { userFromStandardClaims } from "./internal/oidc-user.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The claims of Slack's ID token and `openid.connect.userInfo` (https://api.slack.com/authentication/sign-in-with-slack). */
export interface SlackProfile {
  iss?: string;
  /** The Slack user id (same as `https://slack.com/user_id`). */
  sub: string;
  aud?: string;
  exp?: number;
  iat?: number;
  auth_time?: number;
  nonce?: string;
  at_hash?: string;
  ok?: boolean;
  email: string;
  email_verified: boolean;
  date_email_verified?: number;
  name: string;
  picture: string;
  given_name?: string;
  family_name?: string;
  locale?: string;
  "https://slack.com/user_id": string;
  "https://slack.com/team_id": string;
  "https://slack.com/team_name"?: string;
  "https://slack.com/team_domain"?: string;
  "https://slack.com/enterprise_id"?: string;
  "https://slack.com/enterprise_name"?: string;
  "https://slack.com/user_image_24"?: string;
  "https://slack.com/user_image_32"?: string;
  "https://slack.com/user_image_48"?: string;
  "https://slack.com/user_image_72"?: string;
  "https://slack.com/user_image_192"?: string;
  "https://slack.com/user_image_512"?: string;
  "https://slack.com/user_image_1024"?: string;
  "https://slack.com/team_image_default"?: boolean;
}

/**
 * Sign in with Slack. Slack is an OpenID Provider at `https://slack.com`; a Slack user id is unique
 * within its workspace (`https://slack.com/team_id`).
 *
 * Add `<origin>/auth/callback/slack` to the redirect URLs of your Slack app. `AUTH_SLACK_ID` and
 * `AUTH_SLACK_SECRET` fill `clientId` and `clientSecret` when you leave them out.
 *
 * @example
 * ```ts
 * import Slack from "@latch/core/providers/slack"
 *
 * const providers = [Slack({})] // AUTH_SLACK_ID / AUTH_SLACK_SECRET
 * ```
 */
export default function Slack(options: OAuthUserConfig<SlackProfile> = {}): OIDCConfig<SlackProfile> {
  return {
    id: "slack",
    name: "Slack",
    type: "oidc",
    [providerFlow]: loadOAuthFlow,
    issuer: "https://slack.com",
    authorization: { params: { scope: "openid profile email" } },
    profile(profile) {
      return { ...userFromStandardClaims(profile), id: profile["https://slack.com/user_id"] ?? profile.sub };
    },
    style: { bg: "#4A154B", text: "#fff" },
    options,
  } satisfies OIDCConfig<SlackProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Slack itself, as `import` gives it.
export { Slack as "module.exports" };
