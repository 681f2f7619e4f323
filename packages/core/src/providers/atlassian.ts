/**
 * Atlassian account sign-in over OAuth 2 (3LO).
 *
 * @module providers/atlassian
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The answer of `GET https://api.atlassian.com/me` (https://developer.atlassian.com/cloud/jira/platform/oauth-2-3lo-apps/). */
export interface AtlassianProfile {
  account_type: "atlassian" | "app" | "customer";
  /** The Atlassian account id. */
  account_id: string;
  email: string;
  email_verified?: boolean;
  name: string;
  picture: string;
  account_status: "active" | "inactive" | "closed";
  nickname: string;
  zoneinfo: string;
  locale: string;
  extended_profile?: { job_title?: string; organization?: string; department?: string; location?: string; team_type?: string };
  last_updated?: string;
}

/**
 * Sign in with an Atlassian account (Jira, Confluence), with the `read:me` scope (add
 * `offline_access` for refresh tokens). The authorization request names the `api.atlassian.com`
 * audience and asks for consent, as Atlassian requires.
 *
 * Set `<origin>/auth/callback/atlassian` as the callback URL of your OAuth 2.0 integration in the
 * developer console, with "User identity API" enabled. `AUTH_ATLASSIAN_ID` and
 * `AUTH_ATLASSIAN_SECRET` fill `clientId` and `clientSecret` when you leave them out.
 *
 * @example
 * ```ts
 * import Atlassian from "@latch/core/providers/atlassian"
 *
 * const providers = [Atlassian({})] // AUTH_ATLASSIAN_ID / AUTH_ATLASSIAN_SECRET
 * ```
 */
export default function Atlassian(options: OAuthUserConfig<AtlassianProfile> = {}): OAuth2Config<AtlassianProfile> {
  return {
    id: "atlassian",
    name: "Atlassian",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    authorization: {
      url: "https://auth.atlassian.com/authorize",
      params: { audience: "api.atlassian.com", prompt: "consent", scope: "read:me" },
    },
    token: "https://auth.atlassian.com/oauth/token",
    userinfo: "https://api.atlassian.com/me",
    profile(profile) {
      return { id: profile.account_id, name: profile.name ?? profile.nickname, email: profile.email ?? null, image: profile.picture ?? null };
    },
    style: { bg: "#0052CC", text: "#fff" },
    options,
  } satisfies OAuth2Config<AtlassianProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Atlassian itself, as `import` gives it.
export { Atlassian as "module.exports" };
