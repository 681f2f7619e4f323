/**
 * Wikimedia sign-in over OAuth 2.
 *
 * @module providers/wikimedia
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The user, as Wikimedia's `GET /oauth2/resource/profile` returns it (https://www.mediawiki.org/wiki/Extension:OAuth#OAuth_2_resources). */
export interface WikimediaProfile {
  /** The central (global) user id. */
  sub: string;
  username: string;
  editcount: number;
  confirmed_email: boolean;
  blocked: boolean;
  registered: string;
  groups: string[];
  rights: string[];
  grants?: string[];
  /** Only with the "User identity verification, with access to real name and email address" grant. */
  realname?: string;
  email?: string;
}

/**
 * Sign in with a Wikimedia account (Wikipedia, Wikidata, Commons…) through Meta-Wiki's OAuth 2. The address
 * and real name come only when the consumer has the grant that releases them.
 *
 * Register `<origin>/auth/callback/wikimedia` as the redirect URI of your Wikimedia app.
 * `AUTH_WIKIMEDIA_ID` and `AUTH_WIKIMEDIA_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out.
 *
 * @example
 * ```ts
 * import Wikimedia from "@latch/core/providers/wikimedia"
 *
 * const providers = [Wikimedia({})]
 * ```
 */
export default function Wikimedia(options: OAuthUserConfig<WikimediaProfile> = {}): OAuth2Config<WikimediaProfile> {
  return {
    id: "wikimedia",
    name: "Wikimedia",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    authorization: "https://meta.wikimedia.org/w/rest.php/oauth2/authorize",
    token: "https://meta.wikimedia.org/w/rest.php/oauth2/access_token",
    userinfo: "https://meta.wikimedia.org/w/rest.php/oauth2/resource/profile",
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile) {
      return { id: profile.sub, name: profile.realname || profile.username, email: profile.email ?? null, image: null };
    },
    style: { bg: "#000", text: "#fff" },
    options,
  } satisfies OAuth2Config<WikimediaProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Wikimedia itself, as `import` gives it.
export { Wikimedia as "module.exports" };
