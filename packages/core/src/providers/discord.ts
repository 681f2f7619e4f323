/**
 * Discord sign-in over OAuth 2.
 *
 * @module providers/discord
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The user object of `GET /users/@me` (https://discord.com/developers/docs/resources/user#user-object). */
export interface DiscordProfile {
  /** Snowflake id, a numeric string. */
  id: string;
  username: string;
  /** `"0"` for accounts on the new username system; a four-digit tag otherwise. */
  discriminator: string;
  /** The display name, when set. */
  global_name: string | null;
  /** Avatar hash; `a_…` for animated avatars. */
  avatar: string | null;
  bot?: boolean;
  system?: boolean;
  mfa_enabled?: boolean;
  banner?: string | null;
  accent_color?: number | null;
  locale?: string;
  /** Whether the email is verified (scope `email`). */
  verified?: boolean;
  /** Present with the `email` scope. */
  email?: string | null;
  flags?: number;
  premium_type?: 0 | 1 | 2 | 3;
  public_flags?: number;
  avatar_decoration_data?: { asset: string; sku_id: string } | null;
}

/** The CDN URL of a user's avatar, or of the default avatar Discord shows when none is set. */
function avatarUrl(profile: DiscordProfile): string {
  if (profile.avatar) {
    const format = profile.avatar.startsWith("a_") ? "gif" : "png";
    return `https://cdn.discordapp.com/avatars/${profile.id}/${profile.avatar}.${format}`;
  }
  const index =
    profile.discriminator === "0" || !profile.discriminator
      ? Number((BigInt(profile.id) >> 22n) % 6n)
      : Number(profile.discriminator) % 5;
  return `https://cdn.discordapp.com/embed/avatars/${index}.png`;
}

/**
 * Sign in with Discord, with the `identify` and `email` scopes. The image is the user's avatar on
 * Discord's CDN, or the default avatar Discord would show.
 *
 * Register `<origin>/auth/callback/discord` as a redirect of your Discord application.
 * `AUTH_DISCORD_ID` and `AUTH_DISCORD_SECRET` fill `clientId` and `clientSecret` when you leave them out.
 *
 * @example
 * ```ts
 * import Discord from "@latch/core/providers/discord"
 *
 * const providers = [Discord({})] // AUTH_DISCORD_ID / AUTH_DISCORD_SECRET
 * ```
 */
export default function Discord(options: OAuthUserConfig<DiscordProfile> = {}): OAuth2Config<DiscordProfile> {
  return {
    id: "discord",
    name: "Discord",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    authorization: { url: "https://discord.com/oauth2/authorize", params: { scope: "identify email" } },
    token: "https://discord.com/api/oauth2/token",
    userinfo: "https://discord.com/api/users/@me",
    isEmailVerified: (profile) => profile.verified === true,
    profile(profile) {
      return {
        id: profile.id,
        name: profile.global_name ?? profile.username,
        email: profile.email ?? null,
        image: avatarUrl(profile),
      };
    },
    style: { bg: "#5865F2", text: "#fff" },
    options,
  } satisfies OAuth2Config<DiscordProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Discord itself, as `import` gives it.
export { Discord as "module.exports" };
