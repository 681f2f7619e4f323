/**
 * Osso sign-in over OAuth 2.
 *
 * @module providers/osso
 */
import type { OAuth2Config, OAuthUserConfig } from "./types.js";
import { loadOAuthFlow } from "../flows/lazy.js";
import { providerFlow } from "../symbols.js";

/** The user, as Osso's `GET /oauth/me` returns it (https://ossoapp.com/docs/reference/api). */
export interface OssoProfile {
  id: string;
  email: string;
  /** The identity provider that signed the user in, e.g. `OKTA` or `AZURE`. */
  idp: string;
  requested?: { domain?: string; email?: string };
  name?: string;
}

/**
 * Sign in through Osso, an open-source SAML-to-OAuth bridge. Pass your Osso deployment's URL as `issuer`;
 * it is required. Send the user's domain or email with `authorization.params` (`domain`, `email`) to pick
 * their SAML provider.
 *
 * Register `<origin>/auth/callback/osso` as the redirect URI of your Osso app.
 * `AUTH_OSSO_ID` and `AUTH_OSSO_SECRET` fill `clientId` and `clientSecret` when you leave
 * them out, and `AUTH_OSSO_ISSUER` fills `issuer`.
 *
 * @example
 * ```ts
 * import Osso from "@latch/core/providers/osso"
 *
 * const providers = [Osso({ issuer: "https://osso.example.com" })]
 * ```
 */
export default function Osso(options: OAuthUserConfig<OssoProfile> = {}): OAuth2Config<OssoProfile> {
  return {
    id: "osso",
    name: "Osso",
    type: "oauth",
    [providerFlow]: loadOAuthFlow,
    issuer: options.issuer,
    authorization: "oauth/authorize",
    token: "oauth/token",
    userinfo: "oauth/me",
    client: { token_endpoint_auth_method: "client_secret_post" },
    // Osso's OAuth documents no PKCE for web apps; `state` protects the callback.
    checks: ["state"],
    profile(profile) {
      return { id: profile.id, name: profile.name ?? null, email: profile.email, image: null };
    },
    style: { bg: "#5B21B6", text: "#fff" },
    options,
  } satisfies OAuth2Config<OssoProfile>;
}

// `require()` of this module (CommonJS, Node 20.19+) returns Osso itself, as `import` gives it.
export { Osso as "module.exports" };
