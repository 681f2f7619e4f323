/**
 * 42 School sign-in over OAuth 2.
 *
 * @module providers/42-school
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** A campus of the 42 network, as listed on a user. */
export interface FortyTwoCampus {
  id: number;
  name: string;
  time_zone: string;
  country: string;
  city: string;
}

/** The user, as `GET /v2/me` of the 42 API returns it (https://api.intra.42.fr/apidoc/2.0/users/me.html). */
export interface FortyTwoSchoolProfile {
  /** Numeric, stable user id. */
  id: number;
  email: string;
  login: string;
  first_name: string;
  last_name: string;
  usual_full_name: string | null;
  usual_first_name: string | null;
  displayname: string;
  url: string;
  phone?: string;
  kind?: string;
  image: { link: string | null; versions?: { large: string; medium: string; small: string; micro: string } };
  "staff?"?: boolean;
  correction_point?: number;
  pool_month?: string;
  pool_year?: string;
  wallet?: number;
  "alumni?"?: boolean;
  "active?"?: boolean;
  campus?: FortyTwoCampus[];
  cursus_users?: unknown[];
}

/**
 * Sign in with the intranet of 42, the coding school network. Scope `public`; the profile is `GET /v2/me`.
 *
 * Register `<origin>/auth/callback/42-school` as the redirect URI of your 42 School app.
 * `AUTH_42_SCHOOL_ID` and `AUTH_42_SCHOOL_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out.
 *
 * @example
 * ```ts
 * import FortyTwoSchool from "@latch/core/providers/42-school"
 *
 * const providers = [FortyTwoSchool({})]
 * ```
 */
export default function FortyTwoSchool(options: OAuthUserConfig<FortyTwoSchoolProfile> = {}): OAuth2Config<FortyTwoSchoolProfile> {
  return {
    id: "42-school",
    name: "42 School",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    authorization: { url: "https://api.intra.42.fr/oauth/authorize", params: { scope: "public" } },
    token: "https://api.intra.42.fr/oauth/token",
    userinfo: "https://api.intra.42.fr/v2/me",
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile) {
      return { id: String(profile.id), name: profile.usual_full_name ?? profile.displayname, email: profile.email, image: profile.image?.link ?? null };
    },
    style: { bg: "#000", text: "#fff" },
    options,
  } satisfies OAuth2Config<FortyTwoSchoolProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns FortyTwoSchool itself, as `import` gives it.
export { FortyTwoSchool as "module.exports" };
