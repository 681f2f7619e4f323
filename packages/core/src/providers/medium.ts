/**
 * Medium sign-in over OAuth 2.
 *
 * @module providers/medium
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The answer of Medium's `GET /v1/me` (https://github.com/Medium/medium-api-docs#31-users). */
export interface MediumProfile {
  data: { id: string; username: string; name: string; url: string; imageUrl: string };
}

/**
 * Sign in with Medium. Scope `basicProfile`; the profile is `GET /v1/me`. Medium returns the granted
 * scopes as an array, which `token.conform` joins, and no email address. (Medium no longer issues new
 * integration tokens; existing apps keep working.)
 *
 * Register `<origin>/auth/callback/medium` as the redirect URI of your Medium app.
 * `AUTH_MEDIUM_ID` and `AUTH_MEDIUM_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out.
 *
 * @example
 * ```ts
 * import Medium from "@latch/core/providers/medium"
 *
 * const providers = [Medium({})]
 * ```
 */
export default function Medium(options: OAuthUserConfig<MediumProfile> = {}): OAuth2Config<MediumProfile> {
  return {
    id: "medium",
    name: "Medium",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    authorization: { url: "https://medium.com/m/oauth/authorize", params: { scope: "basicProfile" } },
    token: {
      url: "https://api.medium.com/v1/tokens",
      async conform(response) {
        // Medium lists the granted scopes as an array; OAuth 2 wants a space-separated string.
        if (!response.ok) return undefined;
        const body: unknown = await response.clone().json().catch(() => undefined);
        if (!body || typeof body !== "object" || !("scope" in body) || !Array.isArray(body.scope)) return undefined;
        return Response.json({ ...body, scope: body.scope.join(" ") }, { status: response.status, headers: response.headers });
      },
    },
    userinfo: "https://api.medium.com/v1/me",
    client: { token_endpoint_auth_method: "client_secret_post" },
    // Medium's OAuth documents no PKCE for web apps; `state` protects the callback.
    checks: ["state"],
    profile({ data }) {
      return { id: data.id, name: data.name || data.username, email: null, image: data.imageUrl || null };
    },
    style: { bg: "#000", text: "#fff" },
    options,
  } satisfies OAuth2Config<MediumProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Medium itself, as `import` gives it.
export { Medium as "module.exports" };
