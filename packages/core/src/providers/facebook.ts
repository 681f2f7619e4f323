/**
 * Facebook Login over OAuth 2, with the Graph API as the profile.
 *
 * @module providers/facebook
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { graphMe } from "./internal/meta-graph.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The Graph API version Latch calls unless your URLs say otherwise. */
export const FACEBOOK_GRAPH_VERSION = "v22.0";

/** The fields of `GET /me` Latch asks for (https://developers.facebook.com/docs/graph-api/reference/user). */
export interface FacebookProfile {
  /** App-scoped user id, a numeric string. */
  id: string;
  name?: string;
  first_name?: string;
  last_name?: string;
  /** Present when the user granted `email` and has a confirmed address. */
  email?: string;
  picture?: { data: { height?: number; width?: number; is_silhouette: boolean; url: string } };
}

/**
 * Sign in with Facebook. The Graph API returns only `id` and `name` unless the `fields` parameter
 * names more, so the profile request asks for `id,name,email,picture` (change it with
 * `userinfo.params.fields`).
 *
 * Add `<origin>/auth/callback/facebook` to the valid OAuth redirect URIs of your Meta app.
 * `AUTH_FACEBOOK_ID` and `AUTH_FACEBOOK_SECRET` fill `clientId` and `clientSecret` when you leave them out.
 *
 * @example
 * ```ts
 * import Facebook from "@latch/core/providers/facebook"
 *
 * const providers = [Facebook({})] // AUTH_FACEBOOK_ID / AUTH_FACEBOOK_SECRET
 * ```
 */
export default function Facebook(options: OAuthUserConfig<FacebookProfile> = {}): OAuth2Config<FacebookProfile> {
  const graph = `https://graph.facebook.com/${FACEBOOK_GRAPH_VERSION}`;
  const fields = "id,name,email,picture.type(large)";
  return {
    id: "facebook",
    name: "Facebook",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    authorization: {
      url: `https://www.facebook.com/${FACEBOOK_GRAPH_VERSION}/dialog/oauth`,
      params: { scope: "email public_profile" },
    },
    token: `${graph}/oauth/access_token`,
    client: { token_endpoint_auth_method: "client_secret_post" },
    userinfo: {
      url: `${graph}/me`,
      params: { fields },
      request: graphMe<FacebookProfile>("Facebook Graph", `${graph}/me`, fields, "header"),
    },
    profile(profile) {
      return {
        id: profile.id,
        name: profile.name ?? null,
        email: profile.email ?? null,
        image: profile.picture?.data.url ?? null,
      };
    },
    style: { bg: "#1877F2", text: "#fff" },
    options,
  } satisfies OAuth2Config<FacebookProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Facebook itself, as `import` gives it.
export { Facebook as "module.exports" };
