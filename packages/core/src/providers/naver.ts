/**
 * Naver Login over OAuth 2.
 *
 * @module providers/naver
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The answer of `GET /v1/nid/me` (https://developers.naver.com/docs/login/profile/profile.md): the user in `response`. */
export interface NaverProfile {
  resultcode: string;
  message: string;
  response: {
    /** The user's id for your app. */
    id: string;
    nickname?: string;
    name?: string;
    email?: string;
    gender?: "F" | "M" | "U";
    age?: string;
    birthday?: string;
    profile_image?: string;
    birthyear?: string;
    mobile?: string;
  };
}

/**
 * Sign in with Naver. The profile answer wraps the user in `response`; the fields present are the
 * ones chosen in the Naver developer console. The token endpoint takes the client secret in the body.
 *
 * Register `<origin>/auth/callback/naver` as the callback URL of your Naver application.
 * `AUTH_NAVER_ID` and `AUTH_NAVER_SECRET` fill `clientId` and `clientSecret` when you leave them out.
 *
 * @example
 * ```ts
 * import Naver from "@latch/core/providers/naver"
 *
 * const providers = [Naver({})] // AUTH_NAVER_ID / AUTH_NAVER_SECRET
 * ```
 */
export default function Naver(options: OAuthUserConfig<NaverProfile> = {}): OAuth2Config<NaverProfile> {
  return {
    id: "naver",
    name: "Naver",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    authorization: "https://nid.naver.com/oauth2.0/authorize",
    token: "https://nid.naver.com/oauth2.0/token",
    userinfo: "https://openapi.naver.com/v1/nid/me",
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile({ response: user }) {
      return {
        id: user.id,
        name: user.nickname ?? user.name ?? null,
        email: user.email ?? null,
        image: user.profile_image ?? null,
      };
    },
    style: { bg: "#03C75A", text: "#fff" },
    options,
  } satisfies OAuth2Config<NaverProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Naver itself, as `import` gives it.
export { Naver as "module.exports" };
