/**
 * The OpenID Connect sign-in of a provider known only at run time (an organization's own identity
 * provider, stored by a plugin): the authorization request and the checks of its answer, on the
 * same machinery as a configured `oidc` provider (discovery, PKCE S256, `state`, `nonce`, RFC 9207
 * `iss`, the code exchange and the ID token's signature, `iss`, `aud`, `exp`, `nonce`). Whoever
 * calls it keeps the verifier and the nonce between the two steps, and binds them to the browser.
 *
 * @example
 * ```ts
 * import { oidcAuthorizationRequest, oidcCodeExchange } from "@latch/core/oidc-client"
 * const client = { id: "sso-acme", issuer: "https://id.acme.example", clientId: "latch", clientSecret: "…", redirectUri: "https://app.example/auth/sso/oidc/callback" }
 * const started = await oidcAuthorizationRequest(client, { scope: "openid email profile" })
 * // … keep started.state, started.nonce, started.codeVerifier; redirect to started.url …
 * const claims = await oidcCodeExchange(client, new URL(callbackUrl).searchParams, started)
 * ```
 * @module @latch/core/oidc-client
 */
import * as o from "oauth4webapi";
import type { InternalOAuthProvider } from "./config/providers.js";
import { OAuthCallbackError, OAuthSignInError } from "./errors.js";
import { createNonce, createPkce } from "./flows/oauth/checks.js";
import { providerClient } from "./flows/oauth/client.js";
import { providerServer } from "./flows/oauth/discovery.js";
import { exchangeCode } from "./flows/oauth/tokens.js";
import { checkIdTokenSignature } from "./flows/oauth/id-token-signature.js";
import { randomBase64Url } from "./crypto/index.js";
import { customFetch } from "./fetch.js";

/** A confidential OpenID Connect client of one issuer. */
export interface OidcClient {
  /** Names the client in errors (`cause.providerId`): the account's provider id, say. */
  readonly id: string;
  /** The issuer identifier; its discovery document must name exactly this issuer. `http:` only on loopback. */
  readonly issuer: string;
  readonly clientId: string;
  /** Sent with `client_secret_basic`. */
  readonly clientSecret: string;
  /** The `redirect_uri` registered at the provider. */
  readonly redirectUri: string;
  /**
   * Sends every request to the provider (discovery, token, keys): a `fetch` that refuses the
   * addresses the app may not reach, say. Default the global `fetch`.
   */
  readonly fetch?: (url: string, init: RequestInit) => Promise<Response>;
}

/** What the answer is checked against: what {@link oidcAuthorizationRequest} made. */
export interface OidcChecks {
  readonly state: string;
  readonly nonce: string;
  readonly codeVerifier: string;
}

/** An authorization request: the URL to send the browser to, and the checks to keep until its answer. */
export interface OidcAuthorization extends OidcChecks {
  readonly url: string;
}

/** The claims of an ID token that passed every check. */
export type OidcIdTokenClaims = Readonly<o.IDToken>;

function providerOf(client: OidcClient): InternalOAuthProvider {
  return {
    id: client.id,
    name: client.id,
    type: "oidc",
    issuer: client.issuer,
    clientId: client.clientId,
    clientSecret: client.clientSecret,
    callbackUrl: client.redirectUri,
    signinUrl: client.redirectUri,
    checks: ["pkce", "state", "nonce"],
    ...(client.fetch && { [customFetch]: client.fetch }),
  } as InternalOAuthProvider;
}

/**
 * The authorization request (OpenID Connect Core 1.0 section 3.1.2.1) with a new `state`, `nonce`
 * and PKCE S256 challenge. Throws `OAuthSignInError` when the issuer's discovery fails.
 */
export async function oidcAuthorizationRequest(client: OidcClient, options: { readonly scope: string; readonly loginHint?: string }): Promise<OidcAuthorization> {
  const provider = providerOf(client);
  let endpoint: string | undefined;
  try {
    endpoint = (await providerServer(provider, null)).as.authorization_endpoint;
  } catch (error) {
    throw new OAuthSignInError(`Could not read the discovery document of ${client.issuer}.`, { cause: { providerId: client.id, err: error as Error } });
  }
  if (!endpoint) throw new OAuthSignInError(`${client.issuer} has no authorization endpoint.`, { cause: { providerId: client.id } });
  const url = new URL(endpoint);
  const pkce = await createPkce();
  const state = randomBase64Url(32);
  const nonce = createNonce();
  const params = {
    response_type: "code",
    client_id: client.clientId,
    redirect_uri: client.redirectUri,
    scope: options.scope,
    state,
    nonce,
    code_challenge: pkce.challenge,
    code_challenge_method: "S256",
    ...(options.loginHint && { login_hint: options.loginHint }),
  };
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return { url: url.toString(), state, nonce, codeVerifier: pkce.verifier };
}

/**
 * Checks the authorization response (`iss` of RFC 9207, `state`, an `error`), exchanges the code
 * with the PKCE verifier, and validates the ID token (signature with the issuer's keys, `iss`,
 * `aud`, `exp`, `iat`, `nonce`). Its claims, or `OAuthCallbackError` / `InvalidCheck` whose
 * `cause.check` names the failed check (`iss`, `state`, `aud`, `nonce`, `signature`, …).
 */
export async function oidcCodeExchange(client: OidcClient, response: URLSearchParams, checks: OidcChecks): Promise<OidcIdTokenClaims> {
  const provider = providerOf(client);
  const fail = (message: string, check?: string, err?: unknown) => new OAuthCallbackError(message, { cause: { providerId: client.id, ...(check && { check }), ...(err !== undefined && { err: err as Error }) } });
  let as: o.AuthorizationServer;
  try {
    as = (await providerServer(provider, null)).as;
  } catch (error) {
    throw fail(`Could not read the discovery document of ${client.issuer}.`, "discovery", error);
  }
  const params = new URLSearchParams(response);
  const iss = params.get("iss");
  if (iss === null ? as.authorization_response_iss_parameter_supported === true : iss !== as.issuer) {
    throw fail("The authorization response comes from another issuer.", "iss");
  }
  let validated: URLSearchParams;
  try {
    validated = o.validateAuthResponse(as, { client_id: client.clientId }, params, checks.state);
  } catch (error) {
    if (error instanceof o.AuthorizationResponseError) throw fail(`The provider returned an error: ${error.error}.`, "error", error);
    const check = /state/i.test((error as Error).message) ? "state" : undefined;
    throw fail("The authorization response is not valid.", check, error);
  }
  const fails = (message: string) => fail(message);
  const exchange = await exchangeCode({ provider, as, client: providerClient(provider, fails), params: validated, redirectUri: client.redirectUri, codeVerifier: checks.codeVerifier, nonce: checks.nonce, checkSignature: checkIdTokenSignature, templates: null });
  return exchange.claims!;
}
