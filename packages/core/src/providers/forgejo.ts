/**
 * Forgejo sign-in over OAuth 2.
 *
 * @module providers/forgejo
 */
import Gitea, { type GiteaProfile } from "./gitea.js";
import type { OAuth2Config, OAuthUserConfig } from "./types.js";

/** The user, as Forgejo's `GET /api/v1/user` returns it: the API Forgejo kept from Gitea. */
export type ForgejoProfile = GiteaProfile;

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
  return { ...Gitea(options), id: "forgejo", name: "Forgejo", issuer: "https://codeberg.org", style: { bg: "#FB923C", text: "#fff" } };
}

// `require()` of this module (CommonJS, Node 20.19+) returns Forgejo itself, as `import` gives it.
export { Forgejo as "module.exports" };
