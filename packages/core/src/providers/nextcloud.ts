/**
 * Nextcloud sign-in over OAuth 2.
 *
 * @module providers/nextcloud
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { endpointUrl } from "./internal/endpoint-url.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The user, as Nextcloud's OCS `GET /ocs/v2.php/cloud/user` returns it in `ocs.data` (https://docs.nextcloud.com/server/latest/developer_manual/client_apis/OCS/ocs-api-overview.html). */
export interface NextcloudProfile {
  id: string;
  displayname: string;
  email: string | null;
  enabled?: boolean;
  storageLocation?: string;
  lastLogin?: number;
  backend?: string;
  quota?: { free: number; used: number; total: number; relative: number; quota: number };
  phone?: string;
  address?: string;
  website?: string;
  twitter?: string;
  groups?: string[];
  language?: string;
  locale?: string;
  /** The avatar URL on the same server, added by Latch. */
  avatar?: string;
}

/**
 * Sign in with a Nextcloud server (its OAuth 2 app, a client added under Administration → Security). Pass
 * the server's URL as `issuer`; it is required, and the endpoints are resolved against it. The profile is
 * the OCS user (sent with `OCS-APIRequest: true`), and the image the server's avatar URL for that user.
 *
 * Register `<origin>/auth/callback/nextcloud` as the redirect URI of your Nextcloud app.
 * `AUTH_NEXTCLOUD_ID` and `AUTH_NEXTCLOUD_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out, and `AUTH_NEXTCLOUD_ISSUER` fills `issuer`.
 *
 * @example
 * ```ts
 * import Nextcloud from "@latch/core/providers/nextcloud"
 *
 * const providers = [Nextcloud({ issuer: "https://cloud.example.com" })]
 * ```
 */
export default function Nextcloud(options: OAuthUserConfig<NextcloudProfile> = {}): OAuth2Config<NextcloudProfile> {
  return {
    id: "nextcloud",
    name: "Nextcloud",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    issuer: options.issuer,
    authorization: "index.php/apps/oauth2/authorize",
    token: "index.php/apps/oauth2/api/v1/token",
    userinfo: {
      url: "ocs/v2.php/cloud/user?format=json",
      async request({ tokens, provider }) {
        const url = endpointUrl(provider.userinfo);
        if (!url) throw new Error("Nextcloud needs its issuer (the server's URL)");
        // OCS calls need the OCS-APIRequest header.
        const response = await provider.fetch(url, { headers: { Authorization: `Bearer ${tokens.access_token}`, "OCS-APIRequest": "true", Accept: "application/json" } });
        if (!response.ok) throw new Error(`Nextcloud /cloud/user answered HTTP ${response.status}`);
        const answer = (await response.json()) as { ocs?: { data?: NextcloudProfile } };
        const user = answer.ocs?.data;
        if (!user?.id) throw new Error("Nextcloud /cloud/user returned no user");
        const server = url.slice(0, url.indexOf("/ocs/"));
        return { ...user, avatar: `${server}/index.php/avatar/${encodeURIComponent(user.id)}/64` };
      },
    },
    client: { token_endpoint_auth_method: "client_secret_post" },
    // Nextcloud's OAuth 2 app documents no PKCE for web apps; `state` protects the callback.
    checks: ["state"],
    profile(profile) {
      return { id: profile.id, name: profile.displayname || profile.id, email: profile.email || null, image: profile.avatar ?? null };
    },
    style: { bg: "#0082C9", text: "#fff" },
    options,
  } satisfies OAuth2Config<NextcloudProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Nextcloud itself, as `import` gives it.
export { Nextcloud as "module.exports" };
