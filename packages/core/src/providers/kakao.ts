/**
 * Kakao Login over OAuth 2.
 *
 * @module providers/kakao
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The answer of `GET /v2/user/me` (https://developers.kakao.com/docs/latest/en/kakaologin/rest-api#req-user-info). */
export interface KakaoProfile {
  /** Numeric service user id. */
  id: number;
  has_signed_up?: boolean;
  connected_at?: string;
  synched_at?: string;
  properties?: { nickname?: string; profile_image?: string; thumbnail_image?: string; [key: string]: string | undefined };
  kakao_account?: {
    profile_needs_agreement?: boolean;
    profile_nickname_needs_agreement?: boolean;
    profile_image_needs_agreement?: boolean;
    profile?: { nickname?: string; thumbnail_image_url?: string; profile_image_url?: string; is_default_image?: boolean; is_default_nickname?: boolean };
    name_needs_agreement?: boolean;
    name?: string;
    email_needs_agreement?: boolean;
    is_email_valid?: boolean;
    is_email_verified?: boolean;
    email?: string;
    age_range_needs_agreement?: boolean;
    age_range?: string;
    birthyear_needs_agreement?: boolean;
    birthyear?: string;
    birthday_needs_agreement?: boolean;
    birthday?: string;
    birthday_type?: "SOLAR" | "LUNAR";
    gender_needs_agreement?: boolean;
    gender?: "female" | "male";
    phone_number_needs_agreement?: boolean;
    phone_number?: string;
    ci_needs_agreement?: boolean;
    ci?: string;
    ci_authenticated_at?: string;
  };
}

/**
 * Sign in with Kakao. The consent items (nickname, profile image, email…) are chosen in the Kakao
 * developer console, so no scope is sent by default. The token endpoint takes the client secret in
 * the body.
 *
 * Register `<origin>/auth/callback/kakao` as a redirect URI of your Kakao app and enable the client
 * secret. `AUTH_KAKAO_ID` (the REST API key) and `AUTH_KAKAO_SECRET` fill `clientId` and
 * `clientSecret` when you leave them out.
 *
 * @example
 * ```ts
 * import Kakao from "@latch/core/providers/kakao"
 *
 * const providers = [Kakao({})] // AUTH_KAKAO_ID / AUTH_KAKAO_SECRET
 * ```
 */
export default function Kakao(options: OAuthUserConfig<KakaoProfile> = {}): OAuth2Config<KakaoProfile> {
  return {
    id: "kakao",
    name: "Kakao",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    authorization: "https://kauth.kakao.com/oauth/authorize",
    token: "https://kauth.kakao.com/oauth/token",
    userinfo: "https://kapi.kakao.com/v2/user/me",
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile) {
      const account = profile.kakao_account;
      return {
        id: String(profile.id),
        name: account?.profile?.nickname ?? profile.properties?.nickname ?? account?.name ?? null,
        email: account?.email ?? null,
        image: account?.profile?.profile_image_url ?? profile.properties?.profile_image ?? null,
      };
    },
    style: { bg: "#FEE500", text: "#000" },
    options,
  } satisfies OAuth2Config<KakaoProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Kakao itself, as `import` gives it.
export { Kakao as "module.exports" };
