/**
 * Dropbox sign-in over OAuth 2.
 *
 * @module providers/dropbox
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { endpointUrl } from "./internal/endpoint-url.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The answer of `POST /2/users/get_current_account` (https://www.dropbox.com/developers/documentation/http/documentation#users-get_current_account). */
export interface DropboxProfile {
  /** `dbid:…` */
  account_id: string;
  name: { given_name: string; surname: string; familiar_name: string; display_name: string; abbreviated_name: string };
  email: string;
  email_verified: boolean;
  disabled: boolean;
  locale: string;
  referral_link: string;
  is_paired: boolean;
  account_type: { ".tag": "basic" | "pro" | "business" };
  root_info: { ".tag": string; root_namespace_id: string; home_namespace_id: string; home_path?: string };
  profile_photo_url?: string;
  country?: string;
  team?: { id: string; name: string; [key: string]: unknown };
  team_member_id?: string;
}

/**
 * Sign in with Dropbox, with the `account_info.read` scope. Dropbox's account endpoint is an RPC
 * call: a `POST` with no body, which the profile request makes. `token_access_type=offline` asks for
 * a refresh token.
 *
 * Add `<origin>/auth/callback/dropbox` to the redirect URIs of your Dropbox app.
 * `AUTH_DROPBOX_ID` and `AUTH_DROPBOX_SECRET` fill `clientId` and `clientSecret` when you leave them out.
 *
 * @example
 * ```ts
 * import Dropbox from "@latch/core/providers/dropbox"
 *
 * const providers = [Dropbox({})] // AUTH_DROPBOX_ID / AUTH_DROPBOX_SECRET
 * ```
 */
export default function Dropbox(options: OAuthUserConfig<DropboxProfile> = {}): OAuth2Config<DropboxProfile> {
  const userinfoUrl = "https://api.dropboxapi.com/2/users/get_current_account";
  return {
    id: "dropbox",
    name: "Dropbox",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    authorization: {
      url: "https://www.dropbox.com/oauth2/authorize",
      params: { scope: "account_info.read", token_access_type: "offline" },
    },
    token: "https://api.dropboxapi.com/oauth2/token",
    userinfo: {
      url: userinfoUrl,
      async request({ tokens, provider }) {
        const response = await provider.fetch(endpointUrl(provider.userinfo) ?? userinfoUrl, {
          method: "POST",
          headers: { Authorization: `Bearer ${tokens.access_token}` },
        });
        if (!response.ok) throw new Error(`Dropbox get_current_account answered HTTP ${response.status}`);
        return (await response.json()) as DropboxProfile;
      },
    },
    profile(profile) {
      return {
        id: profile.account_id,
        name: profile.name?.display_name ?? null,
        email: profile.email ?? null,
        image: profile.profile_photo_url ?? null,
      };
    },
    style: { bg: "#0061FE", text: "#fff" },
    options,
  } satisfies OAuth2Config<DropboxProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Dropbox itself, as `import` gives it.
export { Dropbox as "module.exports" };
