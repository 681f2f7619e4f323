/**
 * What a protected resource (an API, an MCP server) does with the provider's access tokens:
 * verify the JWT (RFC 9068) against the provider's keys, its issuer, its audience (the resource),
 * its expiry and the scopes it must carry; and guards for route handlers that take a web
 * `Request` and answer a `Response` (a Next.js route handler, a SvelteKit endpoint or hook), which
 * refuse with the `WWW-Authenticate: Bearer` challenge of RFC 6750 and RFC 9728.
 *
 * @module @latch/oidc-provider/resource
 */
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from "jose";

/** Why an access token was refused; `status` is the HTTP answer (RFC 6750 §3.1). */
export class AccessTokenRefused extends Error {
  /** The stable type of this error. */
  static readonly type = "AccessTokenRefused";
  /** The stable type of this error. */
  readonly type = "AccessTokenRefused" as const;
  override readonly name = "AccessTokenRefused";
  constructor(
    /** `invalid_token` (401: missing, malformed, badly signed, expired, another audience or issuer) or `insufficient_scope` (403). */
    readonly error: "invalid_token" | "insufficient_scope",
    message: string,
    /** 401 or 403. */
    readonly status: 401 | 403 = error === "insufficient_scope" ? 403 : 401,
  ) {
    super(message);
  }
}

/** What {@link accessTokenVerifier} checks a token against. */
export interface AccessTokenVerifierOptions {
  /** The authorization server's issuer (the site's origin). */
  readonly issuer: string;
  /** This resource's indicator: the token's `aud` must name it. */
  readonly resource: string;
  /** Where the provider's public keys are. Default: `<issuer>/auth/oauth2/jwks`. */
  readonly jwksUri?: string;
  /** Seconds of clock skew tolerated. Default 5. */
  readonly clockTolerance?: number;
}

/** A verified access token: who, for which client, with which scopes. */
export interface VerifiedAccessToken {
  /** The user's id; for a client-credentials token, the client's id. */
  readonly subject: string;
  readonly clientId: string;
  readonly scopes: readonly string[];
  /** Expiry, seconds since the epoch. */
  readonly expiresAt: number;
  readonly claims: JWTPayload;
}

/**
 * Makes the verifier of the provider's JWT access tokens for one resource: signature (the
 * provider's keys, fetched and cached), `typ` `at+jwt`, issuer, audience, expiry, and the scopes
 * a call needs. A token revoked before it expires still verifies here (it is not looked up):
 * keep access-token lifetimes short, as the provider's default of 15 minutes does.
 *
 * @example
 * ```ts
 * import { accessTokenVerifier } from "@latch/oidc-provider/resource"
 * const verify = accessTokenVerifier({ issuer: "https://app.example", resource: "https://api.app.example/" })
 * const token = await verify("eyJ…", ["notes:read"])
 * ```
 */
export function accessTokenVerifier(options: AccessTokenVerifierOptions): (token: string | undefined, scopes?: readonly string[]) => Promise<VerifiedAccessToken> {
  const keys = createRemoteJWKSet(new URL(options.jwksUri ?? `${options.issuer}/auth/oauth2/jwks`));
  return async (token, scopes = []) => {
    if (!token) throw new AccessTokenRefused("invalid_token", "No access token.");
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keys, { issuer: options.issuer, audience: options.resource, typ: "at+jwt", clockTolerance: options.clockTolerance ?? 5, requiredClaims: ["exp", "sub", "client_id"] }));
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw new AccessTokenRefused("invalid_token", "The access token has expired.");
      if (error instanceof errors.JWTClaimValidationFailed) throw new AccessTokenRefused("invalid_token", `The access token is not for this resource (${error.claim}).`);
      throw new AccessTokenRefused("invalid_token", "The access token is not valid.");
    }
    const granted = typeof payload.scope === "string" ? payload.scope.split(" ").filter(Boolean) : [];
    const missing = scopes.filter((scope) => !granted.includes(scope));
    if (missing.length) throw new AccessTokenRefused("insufficient_scope", `The access token lacks the scope ${missing.join(" ")}.`);
    return { subject: payload.sub!, clientId: String(payload.client_id), scopes: granted, expiresAt: payload.exp!, claims: payload };
  };
}

/** What {@link withAccessToken}, {@link withAccessTokenEvent} and {@link accessTokenGuard} check (and `requireAccessToken` of `@latch/oidc-provider/express`). */
export interface RequireAccessTokenOptions extends AccessTokenVerifierOptions {
  /** The scopes every request must carry. Default none. */
  readonly scopes?: readonly string[];
  /** Where this resource's metadata is (RFC 9728), named in the `WWW-Authenticate` of a refusal. Default: `<resource origin>/.well-known/oauth-protected-resource<resource path>`. */
  readonly resourceMetadata?: string;
}

/** The RFC 9728 metadata URL of `resource`: `<origin>/.well-known/oauth-protected-resource<path>`. */
export function resourceMetadataUrl(resource: string): string {
  const url = new URL(resource);
  const path = url.pathname === "/" ? "" : url.pathname.replace(/\/$/, "");
  return `${url.origin}/.well-known/oauth-protected-resource${path}`;
}

/** What {@link protectedResourceMetadata} describes: a resource served apart from its authorization server. */
export interface ProtectedResourceMetadataOptions {
  /** The authorization server's issuer, whose tokens this resource accepts. */
  readonly issuer: string;
  /** This resource's indicator (what its tokens' `aud` names). */
  readonly resource: string;
  /** The scopes a client may ask for this resource. Default: not listed. */
  readonly scopes?: readonly string[];
}

/**
 * The RFC 9728 metadata of a resource whose authorization server runs elsewhere (another app, or
 * another process), as the `Response` to answer at {@link resourceMetadataUrl}: the resource, its
 * authorization server, the header as the one way to send a token, and its scopes. A client that
 * meets the guards' 401 reads it to find where to get a token. (On the provider's own app,
 * `wellKnown` of `@latch/oidc-provider/express` or `webHandler(…).protectedResource` serve it.)
 *
 * @example
 * ```ts
 * import { protectedResourceMetadata } from "@latch/oidc-provider/resource"
 * // app/.well-known/oauth-protected-resource/route.ts
 * export const GET = () => protectedResourceMetadata({ issuer: "https://id.example", resource: "https://api.example", scopes: ["notes:read"] })
 * ```
 */
export function protectedResourceMetadata(options: ProtectedResourceMetadataOptions): Response {
  const metadata = {
    resource: options.resource,
    authorization_servers: [options.issuer],
    bearer_methods_supported: ["header"],
    ...(options.scopes?.length && { scopes_supported: [...options.scopes] }),
  };
  return Response.json(metadata, { headers: { "Cache-Control": "public, max-age=300", "Access-Control-Allow-Origin": "*" } });
}

/** The token of an `Authorization: Bearer …` header (RFC 6750 §2.1), or `undefined`. */
export function bearerToken(header: string | null | undefined): string | undefined {
  return header && /^Bearer [A-Za-z0-9._~+/-]+=*$/i.test(header) ? header.slice(7) : undefined;
}

const quoted = (value: string) => `"${value.replace(/["\\]/g, "")}"`;

/** The `WWW-Authenticate` value of a refusal: the resource's metadata, and the error when a token was sent. */
export function bearerChallenge(error: AccessTokenRefused, options: { readonly resourceMetadata: string; readonly scopes?: readonly string[]; readonly tokenSent: boolean }): string {
  const challenge = [`resource_metadata=${quoted(options.resourceMetadata)}`];
  if (options.tokenSent) challenge.push(`error=${quoted(error.error)}`, `error_description=${quoted(error.message)}`);
  if (error.error === "insufficient_scope") challenge.push(`scope=${quoted((options.scopes ?? []).join(" "))}`);
  return `Bearer ${challenge.join(", ")}`;
}

/**
 * Checks the bearer token of a web `Request`: the verified token, or the `Response` to answer
 * (401 `invalid_token`, 403 `insufficient_scope`, with the `WWW-Authenticate` challenge naming the
 * resource's metadata). For a SvelteKit `handle` hook or any server of web requests.
 *
 * @example
 * ```ts
 * import { accessTokenGuard } from "@latch/oidc-provider/resource"
 * const guard = accessTokenGuard({ issuer: "https://app.example", resource: "https://app.example/mcp", scopes: ["notes:read"] })
 * export async function handle({ event, resolve }: { event: { request: Request; url: URL; locals: Record<string, unknown> }; resolve: (event: never) => Promise<Response> }) {
 *   if (!event.url.pathname.startsWith("/mcp")) return resolve(event as never)
 *   const token = await guard(event.request)
 *   if (token instanceof Response) return token
 *   event.locals.accessToken = token
 *   return resolve(event as never)
 * }
 * ```
 */
export function accessTokenGuard(options: RequireAccessTokenOptions): (request: Request) => Promise<VerifiedAccessToken | Response> {
  const verify = accessTokenVerifier(options);
  const resourceMetadata = options.resourceMetadata ?? resourceMetadataUrl(options.resource);
  return async (request) => {
    const token = bearerToken(request.headers.get("authorization"));
    try {
      return await verify(token, options.scopes);
    } catch (error) {
      if (!(error instanceof AccessTokenRefused)) throw error;
      return Response.json(
        { error: error.error, error_description: error.message },
        { status: error.status, headers: { "WWW-Authenticate": bearerChallenge(error, { resourceMetadata, scopes: options.scopes, tokenSent: !!token }), "Cache-Control": "no-store" } },
      );
    }
  };
}

/**
 * Wraps a route handler that takes a web `Request` (a Next.js App Router route handler): it runs
 * with the verified token, or the request is refused as {@link accessTokenGuard} refuses it. The
 * handler's other arguments (Next.js's `context`) are passed on.
 *
 * @example
 * ```ts
 * import { withAccessToken } from "@latch/oidc-provider/resource"
 * // app/api/notes/route.ts
 * export const GET = withAccessToken({ issuer: "https://app.example", resource: "https://app.example/api/notes", scopes: ["notes:read"] }, async (_request, token) =>
 *   Response.json({ for: token.subject }),
 * )
 * ```
 */
export function withAccessToken<Rest extends unknown[]>(
  options: RequireAccessTokenOptions,
  handler: (request: Request, token: VerifiedAccessToken, ...rest: Rest) => Response | Promise<Response>,
): (request: Request, ...rest: Rest) => Promise<Response> {
  const guard = accessTokenGuard(options);
  return async (request, ...rest) => {
    const token = await guard(request);
    return token instanceof Response ? token : handler(request, token, ...rest);
  };
}

/**
 * Wraps a handler that takes an event with a web `request` (a SvelteKit `RequestHandler`): it runs
 * with the verified token, or the request is refused as {@link accessTokenGuard} refuses it.
 *
 * @example
 * ```ts
 * import { withAccessTokenEvent } from "@latch/oidc-provider/resource"
 * // src/routes/api/notes/+server.ts
 * export const GET = withAccessTokenEvent({ issuer: "https://app.example", resource: "https://app.example/api/notes", scopes: ["notes:read"] }, async (_event: { request: Request }, token) =>
 *   Response.json({ for: token.subject }),
 * )
 * ```
 */
export function withAccessTokenEvent<Event extends { readonly request: Request }>(
  options: RequireAccessTokenOptions,
  handler: (event: Event, token: VerifiedAccessToken) => Response | Promise<Response>,
): (event: Event) => Promise<Response> {
  const guard = accessTokenGuard(options);
  return async (event) => {
    const token = await guard(event.request);
    return token instanceof Response ? token : handler(event, token);
  };
}
