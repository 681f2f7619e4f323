/**
 * Forgejo sign-in over OAuth 2.
 *
 * @module providers/forgejo
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The user, as Forgejo's `GET /api/v1/user` returns it (https://gitea.com/api/swagger#/user/userGetCurrent). */
export interface ForgejoProfile {
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
 * Sign in with Forgejo: Codeberg (`https://codeberg.org`, a Forgejo instance) unless `issuer` names your own instance; the endpoints are resolved against it.
 *
 * Register `<origin>/auth/callback/forgejo` as the redirect URI of your Forgejo app.
 * `AUTH_FORGEJO_ID` and `AUTH_FORGEJO_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out, and `AUTH_FORGEJO_ISSUER` fills `issuer`.
 *
 * @example
 * ```ts
 * import Forgejo from "@latch/core/providers/forgejo"
 *
 * const providers = [Forgejo({ issuer: "https://git.example.com" })]
 * ```
 */
export default function Forgejo(options: OAuthUserConfig<ForgejoProfile> = {}): OAuth2Config<ForgejoProfile> {
  return {
    id: "forgejo",
    name: "Forgejo",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    issuer: "https://codeberg.org",
    authorization: { url: "login/oauth/authorize", params: { scope: "read:user" } },
    token: "login/oauth/access_token",
    userinfo: "api/v1/user",
    profile(profile) {
      return { id: String(profile.id), name: profile.full_name || profile.login, email: profile.email || null, image: profile.avatar_url || null };
    },
    style: { bg: "#FB923C", text: "#fff" },
    options,
  } satisfies OAuth2Config<ForgejoProfile>;
}
