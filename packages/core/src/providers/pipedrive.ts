/**
 * Pipedrive sign-in over OAuth 2.
 *
 * @module providers/pipedrive
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The answer of Pipedrive's `GET /v1/users/me` (https://developers.pipedrive.com/docs/api/v1/Users#getCurrentUser). */
export interface PipedriveProfile {
  success: boolean;
  data: {
    id: number;
    name: string;
    email: string;
    icon_url: string | null;
    default_currency?: string;
    locale?: string;
    lang?: number;
    phone?: string | null;
    activated?: boolean;
    is_admin?: number;
    company_id?: number;
    company_name?: string;
    company_domain?: string;
    timezone_name?: string;
  };
}

/**
 * Sign in with Pipedrive (CRM). The profile is `GET /v1/users/me`, user in `data`.
 *
 * Register `<origin>/auth/callback/pipedrive` as the redirect URI of your Pipedrive app.
 * `AUTH_PIPEDRIVE_ID` and `AUTH_PIPEDRIVE_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out.
 *
 * @example
 * ```ts
 * import Pipedrive from "@latch/core/providers/pipedrive"
 *
 * const providers = [Pipedrive({})]
 * ```
 */
export default function Pipedrive(options: OAuthUserConfig<PipedriveProfile> = {}): OAuth2Config<PipedriveProfile> {
  return {
    id: "pipedrive",
    name: "Pipedrive",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    authorization: "https://oauth.pipedrive.com/oauth/authorize",
    token: "https://oauth.pipedrive.com/oauth/token",
    userinfo: "https://api.pipedrive.com/v1/users/me",
    // Pipedrive's OAuth documents no PKCE for web apps; `state` protects the callback.
    checks: ["state"],
    profile({ data }) {
      return { id: String(data.id), name: data.name, email: data.email, image: data.icon_url };
    },
    style: { bg: "#017737", text: "#fff" },
    options,
  } satisfies OAuth2Config<PipedriveProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Pipedrive itself, as `import` gives it.
export { Pipedrive as "module.exports" };
