import type { Flow } from "../types.js";
import { beginOAuth } from "./authorization-url.js";
import { completeOAuth, type OAuthExtras } from "./callback.js";
import { checkIdTokenSignature } from "./id-token-signature.js";
import { withPostedUser } from "./form-post-user.js";
import { issuerTemplates } from "./issuer-template.js";

const extras: OAuthExtras = { checkSignature: checkIdTokenSignature, withPostedUser, templates: issuerTemplates };

/**
 * OAuth 2 and OpenID Connect sign-in (authorization code flow, on oauth4webapi) for providers made
 * by their factories (`OIDC({ … })`, `OAuth({ … })`, the presets): `begin` redirects to the
 * provider, `complete` checks its answer, the ID token's signature included, and reads what Sign in
 * with Apple posts beside the code; a `{tenantid}` issuer template (Microsoft's multi-tenant
 * endpoints) stands for the configured issuer, filled in by the ID token's tenant. The callback needs no CSRF token: `state`, PKCE and `nonce`
 * bind it to the browser that started the sign-in.
 */
export const oauthFlow: Flow = { begin: (input) => beginOAuth(input, issuerTemplates), complete: (input) => completeOAuth(input, extras), callbackNeedsCsrf: false };
