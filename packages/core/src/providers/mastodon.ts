/**
 * Mastodon sign-in over OAuth 2.
 *
 * @module providers/mastodon
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The account, as Mastodon's `GET /api/v1/accounts/verify_credentials` returns it (https://docs.joinmastodon.org/methods/accounts/#verify_credentials). */
export interface MastodonProfile {
  id: string;
  username: string;
  /** `username` for local accounts, `username@domain` for remote ones. */
  acct: string;
  display_name: string;
  locked: boolean;
  bot: boolean;
  created_at: string;
  note: string;
  url: string;
  avatar: string;
  avatar_static: string;
  header: string;
  header_static: string;
  followers_count: number;
  following_count: number;
  statuses_count: number;
  last_status_at: string | null;
  source?: { privacy: string; sensitive: boolean; language: string | null; note: string; fields: unknown[] };
  emojis?: unknown[];
  fields?: Array<{ name: string; value: string; verified_at: string | null }>;
}

/**
 * Sign in with a Mastodon server: `https://mastodon.social` unless `issuer` names another instance (an app
 * is registered per instance); the endpoints are resolved against it. Mastodon gives no email address.
 *
 * Register `<origin>/auth/callback/mastodon` as the redirect URI of your Mastodon app.
 * `AUTH_MASTODON_ID` and `AUTH_MASTODON_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out, and `AUTH_MASTODON_ISSUER` fills `issuer`.
 *
 * @example
 * ```ts
 * import Mastodon from "@latch/core/providers/mastodon"
 *
 * const providers = [Mastodon({ issuer: "https://fosstodon.org" })]
 * ```
 */
export default function Mastodon(options: OAuthUserConfig<MastodonProfile> = {}): OAuth2Config<MastodonProfile> {
  return {
    id: "mastodon",
    name: "Mastodon",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    issuer: "https://mastodon.social",
    authorization: { url: "oauth/authorize", params: { scope: "read:accounts" } },
    token: "oauth/token",
    userinfo: "api/v1/accounts/verify_credentials",
    profile(profile) {
      return { id: profile.id, name: profile.display_name || profile.username, email: null, image: profile.avatar || null };
    },
    style: { bg: "#6364FF", text: "#fff" },
    options,
  } satisfies OAuth2Config<MastodonProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Mastodon itself, as `import` gives it.
export { Mastodon as "module.exports" };
