/**
 * Zoho sign-in over OAuth 2.
 *
 * @module providers/zoho
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { endpointUrl } from "./internal/endpoint-url.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The user, as Zoho Accounts' `GET /oauth/user/info` returns it (https://www.zoho.com/accounts/protocol/oauth.html). */
export interface ZohoProfile {
  /** Zoho's numeric user id. */
  ZUID: number;
  First_Name: string;
  Last_Name: string;
  Display_Name: string;
  Email: string;
}

/** Zoho's data centers: the top-level domain of their Accounts server. */
export type ZohoRegion = "com" | "eu" | "in" | "com.au" | "jp" | "ca" | "sa" | "com.cn";

/** What {@link Zoho} accepts: the usual OAuth options, and your data center. */
export interface ZohoUserConfig extends OAuthUserConfig<ZohoProfile> {
  /** The data center of your users: `https://accounts.zoho.<region>`; default `com`. */
  region?: ZohoRegion;
}

/**
 * Sign in with Zoho. Scope `AaaServer.profile.Read`. Users of another data center than `.com` sign in
 * at their own Accounts server: name it with `region` (or `issuer`); the endpoints are resolved against it.
 * The profile is read with Zoho's `Zoho-oauthtoken` scheme.
 *
 * Register `<origin>/auth/callback/zoho` as the redirect URI of your Zoho app.
 * `AUTH_ZOHO_ID` and `AUTH_ZOHO_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out, and `AUTH_ZOHO_ISSUER` fills `issuer`.
 *
 * @example
 * ```ts
 * import Zoho from "@latch/core/providers/zoho"
 *
 * const providers = [Zoho({ region: "eu" })]
 * ```
 */
export default function Zoho(options: ZohoUserConfig = {}): OAuth2Config<ZohoProfile> {
  return {
    id: "zoho",
    name: "Zoho",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    issuer: `https://accounts.zoho.${options.region ?? "com"}`,
    authorization: { url: "oauth/v2/auth", params: { scope: "AaaServer.profile.Read", access_type: "online" } },
    token: "oauth/v2/token",
    userinfo: {
      url: "oauth/user/info",
      async request({ tokens, provider }) {
        const url = endpointUrl(provider.userinfo);
        if (!url) throw new Error("Zoho's userinfo URL is missing");
        // Zoho takes its tokens with its own scheme.
        const response = await provider.fetch(url, { headers: { Authorization: `Zoho-oauthtoken ${tokens.access_token}` } });
        if (!response.ok) throw new Error(`Zoho /oauth/user/info answered HTTP ${response.status}`);
        return (await response.json()) as ZohoProfile;
      },
    },
    client: { token_endpoint_auth_method: "client_secret_post" },
    // Zoho's OAuth documents no PKCE for web apps; `state` protects the callback.
    checks: ["state"],
    profile(profile) {
      return { id: String(profile.ZUID), name: profile.Display_Name || [profile.First_Name, profile.Last_Name].filter(Boolean).join(" ") || null, email: profile.Email ?? null, image: null };
    },
    style: { bg: "#E42527", text: "#fff" },
    options,
  } satisfies OAuth2Config<ZohoProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Zoho itself, as `import` gives it.
export { Zoho as "module.exports" };
