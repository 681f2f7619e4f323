/**
 * WorkOS SSO sign-in over OAuth 2.
 *
 * @module providers/workos
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The SSO profile WorkOS returns (https://workos.com/docs/reference/sso/profile). */
export interface WorkOSProfile {
  object: "profile";
  /** The WorkOS profile id, `prof_…`. */
  id: string;
  organization_id: string | null;
  connection_id: string;
  connection_type: string;
  /** The user's id at the upstream identity provider. */
  idp_id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  role?: { slug: string } | null;
  groups?: string[];
  custom_attributes?: Record<string, unknown>;
  /** What the upstream identity provider sent, unmodified. */
  raw_attributes: Record<string, unknown> & { picture?: string };
}

/** What {@link WorkOS} accepts: the usual OAuth options and which connection to use. */
export interface WorkOSUserConfig extends OAuthUserConfig<WorkOSProfile> {
  /** A connection id (`conn_…`) sent as `connection` on every sign-in. */
  connection?: string;
  /** An organization id (`org_…`) sent as `organization` on every sign-in. */
  organization?: string;
}

/**
 * Sign in through WorkOS SSO. WorkOS needs to know which connection to use: set `connection` or
 * `organization` here, or pass `connection`, `organization`, `provider` or `domain` as an
 * authorization parameter of `signIn`. The API base is `https://api.workos.com/` unless `issuer`
 * (or `AUTH_WORKOS_ISSUER`) says otherwise; the endpoints are resolved against it.
 *
 * Add `<origin>/auth/callback/workos` to the redirect URIs in the WorkOS dashboard.
 * `AUTH_WORKOS_ID` (the client id) and `AUTH_WORKOS_SECRET` (the API key) fill `clientId` and
 * `clientSecret` when you leave them out.
 *
 * @example
 * ```ts
 * import WorkOS from "@latch/core/providers/workos"
 *
 * const providers = [WorkOS({ connection: "conn_01E4ZCR3C56J083X43JQXF3JK5" })]
 * ```
 */
export default function WorkOS(options: WorkOSUserConfig = {}): OAuth2Config<WorkOSProfile> {
  const params: Record<string, string> = {};
  if (options.connection) params.connection = options.connection;
  if (options.organization) params.organization = options.organization;
  return {
    id: "workos",
    name: "WorkOS",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    // The endpoints are relative to `issuer`, resolved once the options (and AUTH_WORKOS_ISSUER) are merged.
    issuer: "https://api.workos.com/",
    authorization: { url: "sso/authorize", params },
    token: "sso/token",
    userinfo: "sso/profile",
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile) {
      const name = [profile.first_name, profile.last_name].filter(Boolean).join(" ");
      const picture = profile.raw_attributes?.picture;
      return { id: profile.id, name: name || null, email: profile.email ?? null, image: typeof picture === "string" ? picture : null };
    },
    style: { bg: "#6363F1", text: "#fff" },
    options,
  } satisfies OAuth2Config<WorkOSProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns WorkOS itself, as `import` gives it.
export { WorkOS as "module.exports" };
