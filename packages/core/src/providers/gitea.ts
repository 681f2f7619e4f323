/**
 * Gitea sign-in over OAuth 2.
 *
 * @module providers/gitea
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The user, as Gitea's `GET /api/v1/user` returns it (https://gitea.com/api/swagger#/user/userGetCurrent). */
export interface GiteaProfile {
  id: number;
  login: string;
  login_name?: string;
  full_name: string;
  email: string;
  avatar_url: string;
  html_url?: string;
  language?: string;
  is_admin?: boolean;
  last_login?: string;
  created?: string;
  restricted?: boolean;
  active?: boolean;
  prohibit_login?: boolean;
  location?: string;
  website?: string;
  description?: string;
  visibility?: "public" | "limited" | "private";
}

/**
 * Sign in with Gitea: `https://gitea.com` unless `issuer` names your own instance; the endpoints are resolved against it.
 *
 * Register `<origin>/auth/callback/gitea` as the redirect URI of your Gitea app.
 * `AUTH_GITEA_ID` and `AUTH_GITEA_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out, and `AUTH_GITEA_ISSUER` fills `issuer`.
 *
 * @example
 * ```ts
 * import Gitea from "@latch/core/providers/gitea"
 *
 * const providers = [Gitea({ issuer: "https://git.example.com" })]
 * ```
 */
export default function Gitea(options: OAuthUserConfig<GiteaProfile> = {}): OAuth2Config<GiteaProfile> {
  return {
    id: "gitea",
    name: "Gitea",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    issuer: "https://gitea.com",
    authorization: { url: "login/oauth/authorize", params: { scope: "read:user" } },
    token: "login/oauth/access_token",
    userinfo: "api/v1/user",
    profile(profile) {
      return { id: String(profile.id), name: profile.full_name || profile.login, email: profile.email || null, image: profile.avatar_url || null };
    },
    style: { bg: "#609926", text: "#fff" },
    options,
  } satisfies OAuth2Config<GiteaProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Gitea itself, as `import` gives it.
export { Gitea as "module.exports" };
