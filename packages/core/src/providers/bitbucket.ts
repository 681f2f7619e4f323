/**
 * Bitbucket Cloud sign-in over OAuth 2.
 *
 * @module providers/bitbucket
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { endpointUrl } from "./internal/endpoint-url.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** A link of the Bitbucket API. */
export interface BitbucketLink {
  href: string;
  name?: string;
}

/**
 * The account, as `GET /2.0/user` returns it
 * (https://developer.atlassian.com/cloud/bitbucket/rest/api-group-users/#api-user-get), with the
 * primary confirmed address of `GET /2.0/user/emails` added as `email`.
 */
export interface BitbucketProfile {
  type: "user";
  /** `{…}`-wrapped UUID. */
  uuid: string;
  /** The Atlassian account id. */
  account_id: string;
  username: string;
  nickname: string;
  display_name: string;
  account_status: string;
  created_on: string;
  is_staff: boolean;
  has_2fa_enabled: boolean | null;
  location: string | null;
  links: { avatar: BitbucketLink; html: BitbucketLink; self: BitbucketLink; repositories?: BitbucketLink; snippets?: BitbucketLink; [rel: string]: BitbucketLink | undefined };
  /** Added by Latch from `/2.0/user/emails` (scope `email`); `null` when none is confirmed. */
  email?: string | null;
}

/** One entry of `GET /2.0/user/emails`. */
export interface BitbucketEmail {
  type: "email";
  email: string;
  is_primary: boolean;
  is_confirmed: boolean;
}

/**
 * Sign in with Bitbucket Cloud, with the `account email` scopes. The account endpoint has no email,
 * so the profile request also reads `/2.0/user/emails` and keeps the primary confirmed address.
 *
 * Create an OAuth consumer in your workspace settings with `<origin>/auth/callback/bitbucket` as the
 * callback URL and the Account: Email and Read permissions. `AUTH_BITBUCKET_ID` and
 * `AUTH_BITBUCKET_SECRET` fill `clientId` (the key) and `clientSecret` when you leave them out.
 *
 * @example
 * ```ts
 * import Bitbucket from "@latch/core/providers/bitbucket"
 *
 * const providers = [Bitbucket({})] // AUTH_BITBUCKET_ID / AUTH_BITBUCKET_SECRET
 * ```
 */
export default function Bitbucket(options: OAuthUserConfig<BitbucketProfile> = {}): OAuth2Config<BitbucketProfile> {
  const userUrl = "https://api.bitbucket.org/2.0/user";
  return {
    id: "bitbucket",
    name: "Bitbucket",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    authorization: { url: "https://bitbucket.org/site/oauth2/authorize", params: { scope: "account email" } },
    token: "https://bitbucket.org/site/oauth2/access_token",
    userinfo: {
      url: userUrl,
      async request({ tokens, provider }) {
        const url = endpointUrl(provider.userinfo) ?? userUrl;
        const headers = { Authorization: `Bearer ${tokens.access_token}`, Accept: "application/json" };
        const response = await provider.fetch(url, { headers });
        if (!response.ok) throw new Error(`Bitbucket /2.0/user answered HTTP ${response.status}`);
        const profile = (await response.json()) as BitbucketProfile;
        const emails = await provider.fetch(`${url.replace(/\/+$/, "")}/emails`, { headers });
        if (!emails.ok) return { ...profile, email: null };
        const { values = [] } = (await emails.json()) as { values?: BitbucketEmail[] };
        const chosen = values.find((e) => e.is_primary && e.is_confirmed) ?? values.find((e) => e.is_confirmed);
        return { ...profile, email: chosen?.email ?? null };
      },
    },
    profile(profile) {
      return {
        id: profile.account_id ?? profile.uuid,
        name: profile.display_name ?? profile.nickname,
        email: profile.email ?? null,
        image: profile.links?.avatar?.href ?? null,
      };
    },
    style: { bg: "#0052CC", text: "#fff" },
    options,
  } satisfies OAuth2Config<BitbucketProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Bitbucket itself, as `import` gives it.
export { Bitbucket as "module.exports" };
