/**
 * Yandex ID sign-in over OAuth 2.
 *
 * @module providers/yandex
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The answer of `GET https://login.yandex.ru/info?format=json` (https://yandex.ru/dev/id/doc/en/user-information). */
export interface YandexProfile {
  /** The Yandex user id, a numeric string. */
  id: string;
  login: string;
  client_id: string;
  /** Stable id for your app's family of apps. */
  psuid: string;
  display_name?: string;
  real_name?: string;
  first_name?: string;
  last_name?: string;
  sex?: "male" | "female" | null;
  /** Present with `login:email`. */
  default_email?: string;
  emails?: string[];
  /** `YYYY-MM-DD`; present with `login:birthday`. */
  birthday?: string | null;
  /** Present with `login:avatar`. */
  default_avatar_id?: string;
  is_avatar_empty?: boolean;
  default_phone?: { id: number; number: string };
}

/**
 * Sign in with Yandex ID, with the `login:info login:email login:avatar` scopes. The image is the
 * 200px avatar on Yandex's avatar host, unless the user has none.
 *
 * Set `<origin>/auth/callback/yandex` as the redirect URI of your Yandex OAuth app.
 * `AUTH_YANDEX_ID` and `AUTH_YANDEX_SECRET` fill `clientId` and `clientSecret` when you leave them out.
 *
 * @example
 * ```ts
 * import Yandex from "@latch/core/providers/yandex"
 *
 * const providers = [Yandex({})] // AUTH_YANDEX_ID / AUTH_YANDEX_SECRET
 * ```
 */
export default function Yandex(options: OAuthUserConfig<YandexProfile> = {}): OAuth2Config<YandexProfile> {
  return {
    id: "yandex",
    name: "Yandex",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    authorization: {
      url: "https://oauth.yandex.ru/authorize",
      params: { scope: "login:info login:email login:avatar" },
    },
    token: "https://oauth.yandex.ru/token",
    userinfo: "https://login.yandex.ru/info?format=json",
    profile(profile) {
      const hasAvatar = profile.default_avatar_id && !profile.is_avatar_empty;
      return {
        id: profile.id,
        name: profile.display_name ?? profile.real_name ?? profile.first_name ?? profile.login,
        email: profile.default_email ?? profile.emails?.[0] ?? null,
        image: hasAvatar ? `https://avatars.yandex.net/get-yapic/${profile.default_avatar_id}/islands-200` : null,
      };
    },
    style: { bg: "#FC3F1D", text: "#fff" },
    options,
  } satisfies OAuth2Config<YandexProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Yandex itself, as `import` gives it.
export { Yandex as "module.exports" };
