/**
 * GitLab (gitlab.com or a self-managed instance) sign-in over OAuth 2.
 *
 * @module providers/gitlab
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The current user, as `GET /api/v4/user` returns it (https://docs.gitlab.com/api/users/). */
export interface GitLabProfile {
  id: number;
  username: string;
  name: string;
  state: string;
  locked?: boolean;
  avatar_url: string | null;
  web_url: string;
  created_at: string;
  bio: string;
  location: string | null;
  /** The address shown on the public profile; may be empty. */
  public_email: string | null;
  /** The primary address (needs the `read_user` scope). */
  email: string;
  skype: string;
  linkedin: string;
  twitter: string;
  discord?: string;
  website_url: string;
  organization: string | null;
  job_title: string;
  pronouns?: string | null;
  bot: boolean;
  work_information: string | null;
  followers?: number;
  following?: number;
  local_time?: string | null;
  last_sign_in_at: string | null;
  confirmed_at: string | null;
  last_activity_on: string | null;
  theme_id: number;
  color_scheme_id: number;
  projects_limit: number;
  current_sign_in_at: string | null;
  identities: Array<{ provider: string; extern_uid: string; saml_provider_id?: number | null }>;
  can_create_group: boolean;
  can_create_project: boolean;
  two_factor_enabled: boolean;
  external: boolean;
  private_profile: boolean;
  commit_email?: string;
  is_admin?: boolean;
}

/**
 * Sign in with GitLab, with the `read_user` scope. For a self-managed instance pass its URL as
 * `issuer` (or set `AUTH_GITLAB_ISSUER`): the endpoints are resolved against it.
 *
 * Register `<origin>/auth/callback/gitlab` as the redirect URI of your GitLab application.
 * `AUTH_GITLAB_ID`, `AUTH_GITLAB_SECRET` and `AUTH_GITLAB_ISSUER` fill `clientId`, `clientSecret` and
 * `issuer` when you leave them out.
 *
 * @example
 * ```ts
 * import GitLab from "@latch/core/providers/gitlab"
 *
 * const providers = [GitLab({})] // gitlab.com, AUTH_GITLAB_ID / AUTH_GITLAB_SECRET
 * const selfManaged = [GitLab({ issuer: "https://gitlab.example.com" })]
 * ```
 */
export default function GitLab(options: OAuthUserConfig<GitLabProfile> = {}): OAuth2Config<GitLabProfile> {
  return {
    id: "gitlab",
    name: "GitLab",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    // The endpoints are relative to `issuer`, resolved once the options (and AUTH_GITLAB_ISSUER) are merged.
    issuer: "https://gitlab.com",
    authorization: { url: "oauth/authorize", params: { scope: "read_user" } },
    token: "oauth/token",
    userinfo: "api/v4/user",
    profile(profile) {
      return {
        id: String(profile.id),
        name: profile.name || profile.username,
        email: profile.email || profile.public_email || null,
        image: profile.avatar_url,
      };
    },
    style: { bg: "#FC6D26", text: "#fff" },
    options,
  } satisfies OAuth2Config<GitLabProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns GitLab itself, as `import` gives it.
export { GitLab as "module.exports" };
