/**
 * Mailchimp sign-in over OAuth 2.
 *
 * @module providers/mailchimp
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { endpointUrl } from "./internal/endpoint-url.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The login's metadata, as Mailchimp's `GET /oauth2/metadata` returns it (https://mailchimp.com/developer/marketing/guides/access-user-data-oauth-2/). */
export interface MailchimpProfile {
  /** The data center of the account's API, e.g. `us19`. */
  dc: string;
  role: string;
  accountname: string;
  user_id: number;
  login: { email: string; avatar: string | null; login_id: number; login_name: string; login_email: string };
  login_url: string;
  api_endpoint: string;
}

/**
 * Sign in with Mailchimp. The user is the login of `/oauth2/metadata`, read with `Authorization: OAuth
 * <token>`; the metadata also names the account's data center (`dc`, `api_endpoint`) for API calls.
 * Mailchimp's token response, which has no `token_type`, a null `scope` and `expires_in: 0` for tokens
 * that do not expire, is mended by `token.conform`.
 *
 * Register `<origin>/auth/callback/mailchimp` as the redirect URI of your Mailchimp app.
 * `AUTH_MAILCHIMP_ID` and `AUTH_MAILCHIMP_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out.
 *
 * @example
 * ```ts
 * import Mailchimp from "@latch/core/providers/mailchimp"
 *
 * const providers = [Mailchimp({})]
 * ```
 */
export default function Mailchimp(options: OAuthUserConfig<MailchimpProfile> = {}): OAuth2Config<MailchimpProfile> {
  const userinfoUrl = "https://login.mailchimp.com/oauth2/metadata";
  return {
    id: "mailchimp",
    name: "Mailchimp",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    authorization: "https://login.mailchimp.com/oauth2/authorize",
    token: {
      url: "https://login.mailchimp.com/oauth2/token",
      async conform(response) {
        // Mailchimp answers `{ access_token, expires_in: 0, scope: null }`: no token_type (its tokens are
        // bearer tokens), 0 for a token that does not expire, and a null scope, which OAuth 2 has no room for.
        if (!response.ok) return undefined;
        const body = (await response.clone().json().catch(() => undefined)) as Record<string, unknown> | undefined;
        if (!body || typeof body !== "object") return undefined;
        const { scope, expires_in: expiresIn, ...rest } = body;
        return Response.json(
          { token_type: "bearer", ...rest, ...(typeof scope === "string" ? { scope } : {}), ...(expiresIn ? { expires_in: expiresIn } : {}) },
          { status: response.status, headers: response.headers },
        );
      },
    },
    userinfo: {
      url: userinfoUrl,
      async request({ tokens, provider }) {
        // The metadata endpoint takes the token with the `OAuth` scheme.
        const response = await provider.fetch(endpointUrl(provider.userinfo) ?? userinfoUrl, { headers: { Authorization: `OAuth ${tokens.access_token}` } });
        if (!response.ok) throw new Error(`Mailchimp /oauth2/metadata answered HTTP ${response.status}`);
        return (await response.json()) as MailchimpProfile;
      },
    },
    client: { token_endpoint_auth_method: "client_secret_post" },
    // Mailchimp's OAuth documents no PKCE for web apps; `state` protects the callback.
    checks: ["state"],
    profile({ login }) {
      return { id: String(login.login_id), name: login.login_name, email: login.login_email ?? login.email, image: login.avatar };
    },
    style: { bg: "#FFE01B", text: "#241C15" },
    options,
  } satisfies OAuth2Config<MailchimpProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Mailchimp itself, as `import` gives it.
export { Mailchimp as "module.exports" };
