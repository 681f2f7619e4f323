/**
 * Microsoft Entra ID (formerly Azure Active Directory) sign-in over OpenID Connect.
 *
 * @module providers/microsoft-entra-id
 */
import type { OAuthUserConfig, OIDCConfig } from "./types.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/**
 * The claims of a Microsoft identity platform v2.0 ID token
 * (https://learn.microsoft.com/en-us/entra/identity-platform/id-token-claims-reference).
 */
export interface MicrosoftEntraIDProfile {
  aud: string;
  iss: string;
  iat: number;
  nbf: number;
  exp: number;
  /** Pairwise subject: unique per user and application. */
  sub: string;
  /** The user's object id in the tenant, the same for every application. */
  oid: string;
  /** The tenant id. */
  tid: string;
  ver: "2.0";
  name?: string;
  /** The sign-in name; often, but not always, an email address. */
  preferred_username?: string;
  /** Present with the `email` scope when the account has one. */
  email?: string;
  given_name?: string;
  family_name?: string;
  nonce?: string;
  login_hint?: string;
  sid?: string;
  roles?: string[];
  groups?: string[];
  idp?: string;
  rh?: string;
  uti?: string;
}

/** What {@link MicrosoftEntraID} accepts: the usual OAuth options and the tenant. */
export interface MicrosoftEntraIDUserConfig extends OAuthUserConfig<MicrosoftEntraIDProfile> {
  /**
   * A tenant id or domain, or `common`, `organizations` or `consumers`. Builds the issuer
   * `https://login.microsoftonline.com/<tenantId>/v2.0` unless `issuer` is given. Default `common`.
   */
  tenantId?: string;
}

/**
 * Sign in with Microsoft Entra ID. The issuer is `https://login.microsoftonline.com/<tenant>/v2.0`,
 * from `issuer` or `tenantId`. A single-tenant app should name its tenant. The multi-tenant endpoints
 * (`common`, `organizations`, `consumers`) publish a templated issuer (`{tenantid}`) in their
 * discovery document; Latch then expects the template filled with the ID token's `tid` (a GUID),
 * and still verifies the token's signature, so users of any tenant can sign in: check
 * `profile.tid` in the `signIn` callback to admit only some.
 *
 * Register `<origin>/auth/callback/microsoft-entra-id` as a Web redirect URI of the app registration.
 * `AUTH_MICROSOFT_ENTRA_ID_ID`, `AUTH_MICROSOFT_ENTRA_ID_SECRET` (and `AUTH_MICROSOFT_ENTRA_ID_ISSUER`)
 * fill `clientId`, `clientSecret` (and `issuer`) when you leave them out.
 *
 * @example
 * ```ts
 * import MicrosoftEntraID from "@latch/core/providers/microsoft-entra-id"
 *
 * const providers = [MicrosoftEntraID({ tenantId: "0f9a2c4e-1b7d-4c3e-9a58-2d6f1e0b7c11" })]
 * ```
 */
export default function MicrosoftEntraID(options: MicrosoftEntraIDUserConfig = {}): OIDCConfig<MicrosoftEntraIDProfile> {
  const issuer = options.issuer ?? `https://login.microsoftonline.com/${encodeURIComponent(options.tenantId ?? "common")}/v2.0`;
  return {
    id: "microsoft-entra-id",
    name: "Microsoft Entra ID",
    type: "oidc",
    [providerFlow]: loadOAuthFlow,
    issuer,
    authorization: { params: { scope: "openid profile email" } },
    profile(profile) {
      return { id: profile.sub, name: profile.name ?? null, email: profile.email ?? null, image: null };
    },
    style: { bg: "#0072c6", text: "#fff" },
    options,
  } satisfies OIDCConfig<MicrosoftEntraIDProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns MicrosoftEntraID itself, as `import` gives it.
export { MicrosoftEntraID as "module.exports" };
