/**
 * FreshBooks sign-in over OAuth 2.
 *
 * @module providers/freshbooks
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The identity, as FreshBooks' `GET /auth/api/v1/users/me` returns it in `response` (https://www.freshbooks.com/api/me_endpoint). */
export interface FreshBooksProfile {
  response: {
    id: number;
    identity_id?: number;
    identity_uuid?: string;
    first_name: string;
    last_name: string;
    email: string;
    language?: string;
    confirmed_at?: string | null;
    created_at?: string;
    business_memberships?: unknown[];
    roles?: unknown[];
  };
}

/**
 * Sign in with FreshBooks (accounting). The profile is the identity of `/auth/api/v1/users/me`, in `response`.
 *
 * Register `<origin>/auth/callback/freshbooks` as the redirect URI of your FreshBooks app.
 * `AUTH_FRESHBOOKS_ID` and `AUTH_FRESHBOOKS_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out.
 *
 * @example
 * ```ts
 * import FreshBooks from "@latch/core/providers/freshbooks"
 *
 * const providers = [FreshBooks({})]
 * ```
 */
export default function FreshBooks(options: OAuthUserConfig<FreshBooksProfile> = {}): OAuth2Config<FreshBooksProfile> {
  return {
    id: "freshbooks",
    name: "FreshBooks",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    authorization: "https://auth.freshbooks.com/oauth/authorize",
    token: "https://api.freshbooks.com/auth/oauth/token",
    userinfo: "https://api.freshbooks.com/auth/api/v1/users/me",
    client: { token_endpoint_auth_method: "client_secret_post" },
    // FreshBooks' OAuth documents no PKCE for web apps; `state` protects the callback.
    checks: ["state"],
    profile({ response: me }) {
      return { id: String(me.id), name: [me.first_name, me.last_name].filter(Boolean).join(" ") || null, email: me.email, image: null };
    },
    style: { bg: "#0075DD", text: "#fff" },
    options,
  } satisfies OAuth2Config<FreshBooksProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns FreshBooks itself, as `import` gives it.
export { FreshBooks as "module.exports" };
