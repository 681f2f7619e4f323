/**
 * Spotify sign-in over OAuth 2.
 *
 * @module providers/spotify
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** An image of the Spotify Web API. */
export interface SpotifyImage {
  url: string;
  height: number | null;
  width: number | null;
}

/** The current user, as `GET /v1/me` returns it (https://developer.spotify.com/documentation/web-api/reference/get-current-users-profile). */
export interface SpotifyProfile {
  id: string;
  display_name: string | null;
  /** Present with the `user-read-email` scope; Spotify does not verify it. */
  email?: string;
  /** Present with the `user-read-private` scope. */
  country?: string;
  /** Present with the `user-read-private` scope. */
  product?: string;
  explicit_content?: { filter_enabled: boolean; filter_locked: boolean };
  external_urls: { spotify: string };
  followers: { href: string | null; total: number };
  href: string;
  images: SpotifyImage[];
  type: "user";
  uri: string;
}

/**
 * Sign in with Spotify, with the `user-read-email` scope.
 *
 * Add `<origin>/auth/callback/spotify` to the redirect URIs of your Spotify app. `AUTH_SPOTIFY_ID`
 * and `AUTH_SPOTIFY_SECRET` fill `clientId` and `clientSecret` when you leave them out.
 *
 * @example
 * ```ts
 * import Spotify from "@latch/core/providers/spotify"
 *
 * const providers = [Spotify({})] // AUTH_SPOTIFY_ID / AUTH_SPOTIFY_SECRET
 * ```
 */
export default function Spotify(options: OAuthUserConfig<SpotifyProfile> = {}): OAuth2Config<SpotifyProfile> {
  return {
    id: "spotify",
    name: "Spotify",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    authorization: { url: "https://accounts.spotify.com/authorize", params: { scope: "user-read-email" } },
    token: "https://accounts.spotify.com/api/token",
    userinfo: "https://api.spotify.com/v1/me",
    profile(profile) {
      return {
        id: profile.id,
        name: profile.display_name ?? profile.id,
        email: profile.email ?? null,
        image: profile.images?.[0]?.url ?? null,
      };
    },
    style: { bg: "#1DB954", text: "#000" },
    options,
  } satisfies OAuth2Config<SpotifyProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Spotify itself, as `import` gives it.
export { Spotify as "module.exports" };
