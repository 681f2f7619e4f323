/**
 * Salesforce sign-in over OpenID Connect.
 *
 * @module providers/salesforce
 */
import type { OAuthUserConfig, OIDCConfig } from "./types.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The answer of Salesforce's userinfo endpoint (https://help.salesforce.com/s/articleView?id=sf.remoteaccess_using_userinfo_endpoint.htm). */
export interface SalesforceProfile {
  /** The identity URL, `https://login.salesforce.com/id/<orgId>/<userId>`. */
  sub: string;
  /** The 18-character user id. */
  user_id: string;
  organization_id: string;
  preferred_username: string;
  nickname: string;
  name: string;
  email: string;
  email_verified: boolean;
  given_name: string;
  family_name: string;
  zoneinfo: string;
  photos?: { picture: string; thumbnail: string };
  picture?: string;
  profile?: string;
  address?: Record<string, string>;
  urls?: Record<string, string>;
  active?: boolean;
  user_type?: string;
  language?: string;
  locale?: string;
  utcOffset?: number;
  updated_at?: string;
  is_app_installed?: boolean;
}

/**
 * Sign in with Salesforce. The issuer is `https://login.salesforce.com` unless `issuer` names a sandbox
 * (`https://test.salesforce.com`), an Experience Cloud site or a My Domain URL. The profile comes from
 * the userinfo endpoint: the ID token carries little more than the identity URL.
 *
 * Set `<origin>/auth/callback/salesforce` as the callback URL of your connected app (with the
 * `openid` scope). `AUTH_SALESFORCE_ID`, `AUTH_SALESFORCE_SECRET` and `AUTH_SALESFORCE_ISSUER` fill
 * `clientId`, `clientSecret` and `issuer` when you leave them out.
 *
 * @example
 * ```ts
 * import Salesforce from "@latch/core/providers/salesforce"
 *
 * const providers = [Salesforce({})] // login.salesforce.com
 * const sandbox = [Salesforce({ issuer: "https://test.salesforce.com" })]
 * ```
 */
export default function Salesforce(options: OAuthUserConfig<SalesforceProfile> = {}): OIDCConfig<SalesforceProfile> {
  return {
    id: "salesforce",
    name: "Salesforce",
    type: "oidc",
    [providerFlow]: loadOAuthFlow,
    issuer: options.issuer ?? "https://login.salesforce.com",
    authorization: { params: { scope: "openid profile email" } },
    idToken: false,
    profile(profile) {
      return {
        id: profile.user_id ?? profile.sub,
        name: profile.name ?? null,
        email: profile.email ?? null,
        image: profile.picture ?? profile.photos?.picture ?? null,
      };
    },
    style: { bg: "#00A1E0", text: "#fff" },
    options,
  } satisfies OIDCConfig<SalesforceProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Salesforce itself, as `import` gives it.
export { Salesforce as "module.exports" };
