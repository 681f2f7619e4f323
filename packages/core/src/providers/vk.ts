/**
 * VK (VKontakte) sign-in over OAuth 2, with VK's user object as the profile.
 *
 * @module providers/vk
 */
import type { OAuth2Config, OAuthUserConfig, TokenSet } from "./types.js";
import { endpointUrl } from "./internal/endpoint-url.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** A 0/1 flag, as VK's API returns booleans. */
export type VkFlag = 0 | 1;

/** A city or a country of a VK user. */
export interface VkPlace {
  /** VK's id of the place. */
  id: number;
  /** Its name, in the language of the request. */
  title: string;
}

/** A photo object of the VK API, as found in `crop_photo`. */
export interface VkPhoto {
  id: number;
  album_id: number;
  owner_id: number;
  user_id?: number;
  text?: string;
  /** Unix time of the upload. */
  date: number;
  access_key?: string;
  /** The copies of the photo in several sizes. */
  sizes?: Array<{ type: string; url: string; width: number; height: number }>;
  width?: number;
  height?: number;
  lat?: number;
  long?: number;
  has_tags?: boolean;
}

/** A rectangle in percent of a photo's width and height. */
export interface VkRect {
  x: number;
  y: number;
  x2: number;
  y2: number;
}

/**
 * A VK user as `users.get` describes it (https://dev.vk.com/en/reference/objects/user). Only
 * `id`, the names, the closed-profile flags and `photo_100` (the field Latch asks for) are always
 * present; every other field appears when it is requested in `fields` and the user shares it.
 * `email` is not part of the user object: VK returns it beside the access token, and Latch copies
 * it here.
 */
export interface VkProfile {
  /** The user's numeric id. */
  id: number;
  first_name: string;
  last_name: string;
  /** Whether the profile is hidden by privacy settings. */
  is_closed: boolean;
  /** Whether the current user may see the profile although `is_closed` is set. */
  can_access_closed: boolean;
  /** URL of a square 100px photo. */
  photo_100: string;

  about?: string;
  activities?: string;
  /** Birth date, `D.M.YYYY` or `D.M` when the year is hidden. */
  bdate?: string;
  books?: string;
  /** `deleted` or `banned` when the page is deactivated. */
  deactivated?: string;
  domain?: string;
  /** The address VK returns with the access token when the `email` scope was granted. */
  email?: string;
  games?: string;
  home_town?: string;
  interests?: string;
  maiden_name?: string;
  movies?: string;
  music?: string;
  nickname?: string;
  quotes?: string;
  screen_name?: string;
  site?: string;
  status?: string;
  tv?: string;
  photo_50?: string;
  photo_200?: string;
  photo_200_orig?: string;
  photo_400?: string;
  photo_400_orig?: string;
  photo_id?: string;
  photo_max?: string;
  photo_max_orig?: string;

  /** First name in the ablative case (requested with `name_case=abl`). */
  first_name_abl?: string;
  /** First name in the accusative case. */
  first_name_acc?: string;
  /** First name in the dative case. */
  first_name_dat?: string;
  /** First name in the genitive case. */
  first_name_gen?: string;
  /** First name in the instrumental case. */
  first_name_ins?: string;
  /** First name in the nominative case. */
  first_name_nom?: string;
  /** Last name in the ablative case. */
  last_name_abl?: string;
  /** Last name in the accusative case. */
  last_name_acc?: string;
  /** Last name in the dative case. */
  last_name_dat?: string;
  /** Last name in the genitive case. */
  last_name_gen?: string;
  /** Last name in the instrumental case. */
  last_name_ins?: string;
  /** Last name in the nominative case. */
  last_name_nom?: string;

  blacklisted?: VkFlag;
  blacklisted_by_me?: VkFlag;
  can_post?: VkFlag;
  can_see_all_posts?: VkFlag;
  can_see_audio?: VkFlag;
  can_send_friend_request?: VkFlag;
  can_write_private_message?: VkFlag;
  has_mobile?: VkFlag;
  has_photo?: VkFlag;
  is_favorite?: VkFlag;
  is_friend?: VkFlag;
  is_hidden_from_feed?: VkFlag;
  is_no_index?: VkFlag;
  online?: VkFlag;
  online_mobile?: VkFlag;
  trending?: VkFlag;
  verified?: VkFlag;

  common_count?: number;
  followers_count?: number;
  /** Id of the app the user is online from. */
  online_app?: number;
  /** Offset from UTC in hours. */
  timezone?: number;

  /** 0 not a friend, 1 request sent, 2 request received, 3 friends. */
  friend_status?: 0 | 1 | 2 | 3;
  /** 0 not set, 1 female, 2 male. */
  sex?: 0 | 1 | 2;
  /** 0 not set, 1 single, 2 in a relationship, 3 engaged, 4 married, 5 complicated, 6 searching, 7 in love, 8 civil union. */
  relation?: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;
  /** Whose posts the wall shows by default. */
  wall_default?: "all" | "owner";

  career?: {
    group_id?: number;
    company?: string;
    country_id?: number;
    city_id?: number;
    city_name?: string;
    from?: number;
    until?: number;
    position?: string;
  };
  city?: VkPlace;
  country?: VkPlace;
  connections?: { skype?: string; facebook?: string; twitter?: string; livejournal?: string; instagram?: string };
  contacts?: { mobile_phone?: string; home_phone?: string };
  counters?: {
    albums?: number;
    videos?: number;
    audios?: number;
    photos?: number;
    notes?: number;
    friends?: number;
    gifts?: number;
    groups?: number;
    online_friends?: number;
    mutual_friends?: number;
    user_videos?: number;
    user_photos?: number;
    followers?: number;
    pages?: number;
    subscriptions?: number;
  };
  crop_photo?: { photo: VkPhoto; crop: VkRect; rect: VkRect };
  education?: {
    university?: number;
    university_name?: string;
    faculty?: number;
    faculty_name?: string;
    graduation?: number;
  };
  /** Services the user exports posts to (1 when enabled). */
  exports?: { facebook?: number; livejournal?: number; twitter?: number; instagram?: number };
  last_seen?: {
    /** 1 mobile site, 2 iPhone, 3 iPad, 4 Android, 5 Windows Phone, 6 Windows 10, 7 full site. */
    platform: 1 | 2 | 3 | 4 | 5 | 6 | 7;
    /** Unix time. */
    time: number;
  };
  military?: { unit: string; unit_id: number; country_id: number; from?: number; until?: number };
  occupation?: {
    /** Id of the school, university or community (company). */
    id?: number;
    name: string;
    type: "work" | "school" | "university";
  };
  personal?: {
    /** 1 communist … 9 libertarian. */
    political?: number;
    langs?: string[];
    religion?: string;
    inspired_by?: string;
    /** 1 intellect and creativity … 6 humor and love for life. */
    people_main?: number;
    /** 1 family and children … 8 fame and influence. */
    life_main?: number;
    /** 1 very negative … 5 positive. */
    smoking?: number;
    /** 1 very negative … 5 positive. */
    alcohol?: number;
  };
  relation_partner?: { id: number; first_name: string; last_name: string };
  status_audio?: {
    id: number;
    owner_id: number;
    artist: string;
    title: string;
    /** Seconds. */
    duration: number;
    url?: string;
    album_id?: number;
    genre_id?: number;
    date?: number;
  };

  relatives?: Array<{
    /** The relative's VK id, when they have a VK page. */
    id?: number;
    /** The relative's name, when they have no VK page. */
    name?: string;
    type: "parent" | "child" | "grandparent" | "grandchild" | "sibling";
  }>;
  schools?: Array<{
    id?: string;
    country?: number;
    city?: number;
    name?: string;
    year_from?: number;
    year_to?: number;
    year_graduated?: number;
    class?: string;
    speciality?: string;
    type?: number;
    type_str?: string;
  }>;
  universities?: Array<{
    id?: number;
    country?: number;
    city?: number;
    name?: string;
    faculty?: number;
    faculty_name?: string;
    chair?: number;
    chair_name?: string;
    graduation?: number;
    education_form?: string;
    education_status?: string;
  }>;
}

/** The API version Latch asks VK for unless told otherwise. */
export const VK_DEFAULT_API_VERSION = "5.126";

/** What {@link VK} accepts: the usual OAuth options and the VK API version. */
export interface VKUserConfig extends OAuthUserConfig<VkProfile> {
  /** The `v` query parameter of every VK URL. Default {@link VK_DEFAULT_API_VERSION}. */
  apiVersion?: string;
}

/**
 * The configuration {@link VK} returns: an OAuth 2 configuration that also names the request-token
 * URL, with the same `v` as the others.
 */
export type VKConfig = OAuth2Config<VkProfile> & {
  /**
   * The OAuth 1 name of the token URL, kept for configurations written for older libraries. VK's
   * OAuth 2 has no separate request-token step: this is the access-token URL.
   */
  requestTokenUrl: string;
};

/** The answer of `users.get`: an array of users, or an error object. */
interface UsersGetAnswer {
  response?: VkProfile[];
  error?: { error_code?: number; error_msg?: string };
}

/** `users.get` answers `{ response: [user] }`; accept that envelope as well as a bare user. */
function unwrap(answer: VkProfile | UsersGetAnswer): VkProfile | undefined {
  if ("response" in answer && Array.isArray(answer.response)) return answer.response[0];
  return "id" in answer ? (answer as VkProfile) : undefined;
}

/**
 * Sign in with VK. VK's OAuth 2 endpoints are not OpenID Connect, and every URL names the API
 * version in its `v` query parameter: 5.126 unless `apiVersion` (or your own URLs) says otherwise.
 * The profile is the first user of `users.get` with `fields=photo_100`; the email address, which VK
 * returns beside the access token when the `email` scope is granted, is copied onto it.
 *
 * Register `<origin>/auth/callback/vk` as the redirect URI of your VK app. `AUTH_VK_ID` and
 * `AUTH_VK_SECRET` fill `clientId` and `clientSecret` when you leave them out.
 *
 * @example
 * ```ts
 * import VK from "@latch/core/providers/vk"
 *
 * // clientId and clientSecret from AUTH_VK_ID / AUTH_VK_SECRET
 * const providers = [VK({})]
 * // pin another API version on every URL
 * const pinned = [VK({ apiVersion: "5.199" })]
 * ```
 */
export default function VK(options: VKUserConfig = {}): VKConfig {
  const version = new URLSearchParams({ v: options.apiVersion ?? VK_DEFAULT_API_VERSION }).toString();
  const tokenUrl = `https://oauth.vk.com/access_token?${version}`;
  const userinfoUrl = `https://api.vk.com/method/users.get?fields=photo_100&${version}`;

  return {
    id: "vk",
    name: "VK",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    authorization: {
      url: `https://oauth.vk.com/authorize?response_type=code&${version}`,
      params: { scope: "email" },
    },
    token: {
      url: tokenUrl,
      // VK leaves `token_type` out of its token response; it is a bearer token.
      async conform(response) {
        if (!response.ok) return undefined;
        const body: unknown = await response.clone().json().catch(() => undefined);
        if (!body || typeof body !== "object" || "token_type" in body) return undefined;
        return Response.json({ ...body, token_type: "bearer" }, { status: response.status, headers: response.headers });
      },
    },
    requestTokenUrl: tokenUrl,
    userinfo: {
      url: userinfoUrl,
      async request({ tokens, provider }) {
        const url = endpointUrl(provider.userinfo) ?? userinfoUrl;
        const response = await provider.fetch(url, {
          headers: { Authorization: `Bearer ${tokens.access_token}`, Accept: "application/json" },
        });
        if (!response.ok) throw new Error(`VK users.get answered HTTP ${response.status}`);
        const answer = (await response.json()) as UsersGetAnswer;
        const user = unwrap(answer);
        if (!user) throw new Error(`VK users.get returned no user (error ${answer.error?.error_code ?? "unknown"})`);
        return typeof tokens.email === "string" ? { ...user, email: tokens.email } : user;
      },
    },
    client: { token_endpoint_auth_method: "client_secret_post" },
    // oauth.vk.com does not implement PKCE for server-side apps; `state` it does.
    checks: ["state"],
    profile(profile: VkProfile, tokens: TokenSet) {
      const user = unwrap(profile) ?? profile;
      const id = user.id ?? tokens.user_id;
      const email = user.email ?? (typeof tokens.email === "string" ? tokens.email : null);
      return {
        id: String(id),
        name: [user.first_name, user.last_name].filter(Boolean).join(" ") || null,
        email,
        image: user.photo_100 ?? null,
      };
    },
    style: { bg: "#0077FF", text: "#fff" },
    options,
  } satisfies VKConfig;
}

// `require()` of this module (CommonJS, Node 20.19+) returns VK itself, as `import` gives it.
export { VK as "module.exports" };
