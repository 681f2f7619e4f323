/**
 * GitHub (and GitHub Enterprise Server) sign-in over OAuth 2.
 *
 * @module providers/github
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The authenticated user, as `GET /user` returns it (https://docs.github.com/en/rest/users/users). */
export interface GitHubProfile {
  login: string;
  /** Numeric, stable account id. */
  id: number;
  node_id: string;
  avatar_url: string;
  gravatar_id: string | null;
  url: string;
  html_url: string;
  followers_url: string;
  following_url: string;
  gists_url: string;
  starred_url: string;
  subscriptions_url: string;
  organizations_url: string;
  repos_url: string;
  events_url: string;
  received_events_url: string;
  type: string;
  site_admin: boolean;
  name: string | null;
  company: string | null;
  blog: string | null;
  location: string | null;
  /** The public email; `null` when the user keeps it private (Latch then reads `/user/emails`). */
  email: string | null;
  /**
   * Set by Latch, not by GitHub's `/user`: `true` when `email` was taken from `/user/emails` with
   * `verified: true` (the preset's verified flag for account linking). A public email carries no
   * such flag, so it is not taken as verified.
   */
  email_verified?: boolean;
  hireable: boolean | null;
  bio: string | null;
  twitter_username?: string | null;
  public_repos: number;
  public_gists: number;
  followers: number;
  following: number;
  created_at: string;
  updated_at: string;
  private_gists?: number;
  total_private_repos?: number;
  owned_private_repos?: number;
  disk_usage?: number;
  collaborators?: number;
  two_factor_authentication?: boolean;
  plan?: { collaborators: number; name: string; space: number; private_repos: number };
}

/** One entry of `GET /user/emails` (needs the `user:email` scope). */
export interface GitHubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
  visibility: "public" | "private" | null;
}

/** What {@link GitHub} accepts: the usual OAuth options, and a GitHub Enterprise Server URL. */
export interface GitHubUserConfig extends OAuthUserConfig<GitHubProfile> {
  /** GitHub Enterprise Server: the base URL of your instance, e.g. `https://github.example.com`. */
  enterprise?: { baseUrl?: string };
}

/**
 * Sign in with GitHub. The profile is `GET /user`; when the user's email is private, Latch reads
 * `GET /user/emails` and takes the primary verified address, which then counts as verified for
 * account linking (`account.linking: "verified-email"`); a public email does not.
 *
 * Register `<origin>/auth/callback/github` as the callback URL of your GitHub OAuth app.
 * `AUTH_GITHUB_ID` and `AUTH_GITHUB_SECRET` fill `clientId` and `clientSecret` when you leave them out.
 *
 * @example
 * ```ts
 * import GitHub from "@latch/core/providers/github"
 *
 * const providers = [GitHub({})] // AUTH_GITHUB_ID / AUTH_GITHUB_SECRET
 * const enterprise = [GitHub({ enterprise: { baseUrl: "https://github.example.com" } })]
 * ```
 */
export default function GitHub(options: GitHubUserConfig = {}): OAuth2Config<GitHubProfile> {
  const site = options.enterprise?.baseUrl?.replace(/\/+$/, "") ?? "https://github.com";
  const api = options.enterprise?.baseUrl ? `${site}/api/v3` : "https://api.github.com";
  const userUrl = `${api}/user`;

  return {
    id: "github",
    name: "GitHub",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    authorization: { url: `${site}/login/oauth/authorize`, params: { scope: "read:user user:email" } },
    token: `${site}/login/oauth/access_token`,
    userinfo: {
      url: userUrl,
      // Runs in the OAuth callback only, so its code loads with the flow, not with the app.
      request: async (context) => (await import("./internal/github-userinfo.js")).githubUserinfo(context, userUrl),
    },
    profile(profile) {
      return {
        id: String(profile.id),
        name: profile.name ?? profile.login,
        email: profile.email,
        image: profile.avatar_url,
      };
    },
    isEmailVerified: (profile) => profile.email_verified === true,
    style: { bg: "#24292f", text: "#fff" },
    options,
  } satisfies OAuth2Config<GitHubProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns GitHub itself, as `import` gives it.
export { GitHub as "module.exports" };
