import type { Flow } from "../types.js";
import { beginOAuth } from "./authorization-url.js";
import { completeOAuth } from "./callback.js";

/**
 * OAuth 2 and OpenID Connect sign-in (authorization code flow, on oauth4webapi): `begin` redirects
 * to the provider, `complete` checks its answer. The callback needs no CSRF token: `state`, PKCE
 * and `nonce` bind it to the browser that started the sign-in.
 */
export const oauthFlow: Flow = { begin: beginOAuth, complete: completeOAuth, callbackNeedsCsrf: false };
