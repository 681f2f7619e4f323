import * as o from "oauth4webapi";
import type { InternalOAuthProvider } from "../../config/providers.js";
import { InvalidCheck, OAuthCallbackError } from "../../errors.js";
import type { TokenEndpointConfig, TokenSet } from "../../types/providers.js";
import { requestOptions } from "./http.js";
import type { IssuerTemplates } from "./issuer-template.js";
import { unverifiedJwtPart } from "./jwt-parts.js";
import type { ProviderClient } from "./client.js";

/**
 * The check of an ID token's signature the flow of factory-made providers runs after the code
 * exchange's own checks (`checkIdTokenSignature` of `./id-token-signature.ts`); `alg` is the one
 * the exchange accepted.
 */
export type IdTokenSignatureCheck = (provider: InternalOAuthProvider, expected: o.AuthorizationServer, response: Response, idToken: string, alg: string) => Promise<void>;

/** What the token endpoint gave, after every check passed. */
export interface CodeExchange {
  tokens: TokenSet;
  /** The validated ID token claims (oidc only). */
  claims?: o.IDToken;
}

/** What {@link exchangeCode} needs. */
export interface CodeExchangeInput {
  provider: InternalOAuthProvider;
  as: o.AuthorizationServer;
  client: ProviderClient;
  /** The authorization response, already validated. */
  params: URLSearchParams;
  redirectUri: string;
  /** The PKCE verifier, when the provider uses PKCE. */
  codeVerifier?: string;
  /** The nonce sent in the authorization request, when the provider uses one. */
  nonce?: string;
  /**
   * The ID token's signature check. Required, so that no caller leaves the signature unchecked by
   * forgetting it: `null` only in the flow of plain objects, which does what Auth.js does.
   */
  checkSignature: IdTokenSignatureCheck | null;
  /** A `{tenantid}` issuer's relaxation (`null`: the issuer is matched exactly, as in Auth.js). */
  templates: IssuerTemplates | null;
}

function callbackError(provider: InternalOAuthProvider, message: string, error: unknown, check?: string): OAuthCallbackError {
  return new OAuthCallbackError(message, { cause: { providerId: provider.id, ...(check ? { check } : {}), err: error as Error } });
}

/**
 * The server metadata to validate the ID token against. With a `{tenantid}` issuer template
 * (Microsoft's multi-tenant endpoints), the expected issuer is the template with the ID token's
 * `tid` claim in place, provided that `tid` is GUID-shaped. Reading `tid` before the signature is
 * checked is safe: oauth4webapi then requires `iss` to equal that issuer (OIDC Core 1.0 section
 * 3.1.3.7 step 2), and the token came from the token endpoint itself (step 6); the flow of
 * factory-made providers verifies its signature with the issuer's JWKS too, so a token whose `tid`
 * or `iss` was altered does not pass.
 */
async function idTokenServer(provider: InternalOAuthProvider, as: o.AuthorizationServer, response: Response, templates: IssuerTemplates | null): Promise<o.AuthorizationServer> {
  if (!templates?.isTemplate(as.issuer) || !response.ok) return as;
  const body = (await response.clone().json().catch(() => null)) as { id_token?: unknown } | null;
  if (typeof body?.id_token !== "string") return as; // oauth4webapi reports the missing ID token
  const issuer = templates.tenantIssuer(as.issuer, unverifiedJwtPart(body.id_token, 1)?.tid);
  if (!issuer) throw callbackError(provider, "The ID token has no tenant id (tid) to complete its issuer's template.", undefined, "iss");
  return { ...as, issuer };
}

/**
 * A plain OAuth 2 provider may still return an `id_token` it does not define (RFC 6749 has no ID
 * token). It is kept on the account as received but not validated or used, so it is taken out of
 * the response before oauth4webapi's OpenID checks, which would refuse it for want of an issuer.
 */
async function withoutIdToken(response: Response): Promise<{ response: Response; idToken?: string }> {
  if (!response.ok) return { response };
  const body = (await response.clone().json().catch(() => null)) as Record<string, unknown> | null;
  if (!body || typeof body.id_token !== "string") return { response };
  const { id_token: idToken, ...rest } = body;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return { response: new Response(JSON.stringify(rest), { status: response.status, headers }), idToken: idToken as string };
}

/**
 * OIDC Core 1.0 section 3.1.3.7 step 7, in both flows: the ID token's `alg`, as its header names
 * it. An unsecured token (`alg: none`) is never accepted, even from an issuer that lists `none`. An
 * HMAC one (`HS*`) only from a provider that declares exactly that algorithm in
 * `client.id_token_signed_response_alg` (LINE does): any other provider signs with the keys it
 * publishes, and a MAC made with a secret the client holds too says nothing about the issuer.
 */
function acceptedIdTokenAlg(provider: InternalOAuthProvider, idToken: string): string {
  const alg = unverifiedJwtPart(idToken, 0)?.alg;
  if (typeof alg !== "string" || alg === "none" || (alg.startsWith("HS") && alg !== provider.client?.id_token_signed_response_alg)) {
    throw callbackError(provider, `The ID token's alg "${alg}" is not accepted.`, undefined, "alg");
  }
  return alg;
}

/**
 * The token request (RFC 6749 section 4.1.3, with the PKCE verifier of RFC 7636 section 4.5) and
 * the checks of its response (section 5.1; OpenID Connect Core 1.0 section 3.1.3.7 for the ID
 * token: `iss`, `aud`, `exp`, `iat`, `nonce`, its `alg`; then `checkSignature`, given for
 * factory-made providers).
 * A refused code (replayed, expired) or a failed check is `OAuthCallbackError`; a wrong `nonce`
 * is `InvalidCheck`.
 */
export async function exchangeCode(input: CodeExchangeInput): Promise<CodeExchange> {
  const { provider, as, client, params, redirectUri } = input;
  const oidc = provider.type === "oidc";
  let response: Response;
  try {
    response = await o.authorizationCodeGrantRequest(as, client.client, client.auth, params, redirectUri, input.codeVerifier ?? o.nopkce, requestOptions(provider, as.token_endpoint));
  } catch (error) {
    throw callbackError(provider, "The token request failed.", error);
  }
  const conform = (provider.token as TokenEndpointConfig | undefined)?.conform;
  if (conform) response = (await conform(response.clone())) ?? response;

  let plainIdToken: string | undefined;
  if (!oidc) ({ response, idToken: plainIdToken } = await withoutIdToken(response));

  const expected = oidc ? await idTokenServer(provider, as, response, input.templates) : as;
  let tokens: TokenSet;
  try {
    tokens = (await o.processAuthorizationCodeResponse(expected, client.client, response, {
      expectedNonce: input.nonce ?? o.expectNoNonce,
      requireIdToken: oidc,
    })) as TokenSet;
  } catch (error) {
    const claim = (error as { cause?: { claim?: unknown } }).cause?.claim;
    if (claim === "nonce") throw new InvalidCheck("The ID token's nonce is not the one sent.", { cause: { providerId: provider.id, check: "nonce", err: error as Error } });
    if (error instanceof o.ResponseBodyError) throw callbackError(provider, `The token endpoint refused the code (${error.error}).`, error);
    throw callbackError(provider, "The token response did not pass its checks.", error, claim ? String(claim) : undefined);
  }
  if (!oidc) return { tokens: plainIdToken ? { ...tokens, id_token: plainIdToken } : tokens };

  const alg = acceptedIdTokenAlg(provider, tokens.id_token!);
  await input.checkSignature?.(provider, expected, response, tokens.id_token!, alg);
  return { tokens, claims: o.getValidatedIdTokenClaims(tokens as o.TokenEndpointResponse) };
}
