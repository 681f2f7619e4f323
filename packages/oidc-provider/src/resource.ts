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
import type { StorageFactory } from "./index.js";

/** Why an access token was refused; `status` is the HTTP answer (RFC 6750 §3.1). */
export class AccessTokenRefused extends Error {
  /** The stable type of this error. */
  static readonly type = "AccessTokenRefused";
  /** The stable type of this error. */
  readonly type = "AccessTokenRefused" as const;
  override readonly name = "AccessTokenRefused";
  constructor(
    /**
     * `invalid_token` (401: missing, malformed, badly signed, expired, revoked, another audience or
     * issuer), `insufficient_scope` (403), or `temporarily_unavailable` (503: whether it was revoked
     * could not be learnt, the store or the introspection endpoint failed; refused all the same).
     */
    readonly error: "invalid_token" | "insufficient_scope" | "temporarily_unavailable",
    message: string,
    /** 401, 403 or 503. */
    readonly status: 401 | 403 | 503 = error === "insufficient_scope" ? 403 : error === "temporarily_unavailable" ? 503 : 401,
  ) {
    super(message);
  }
}

/**
 * What knows whether an access token is still live, by its `jti`: the running `OAuthProvider`
 * (`OAuthProviderServer`) of the same app, or {@link storedAccessTokens} over the storage it shares.
 */
export interface IssuedAccessTokens {
  /** `true` while the token `jti` is neither revoked, nor its grant, nor expired. */
  accessTokenActive(jti: string): Promise<boolean>;
}

/**
 * Revoked tokens refused by asking the provider's storage, for a resource in the app that runs the
 * provider or sharing its storage: one read of the storage per request (none for a token kept in
 * the cache). A token is refused the moment it is revoked unless `cacheSeconds` is set.
 */
export interface RevocationCheck {
  /** The provider's record of the tokens it issued: the mounted `OAuthProvider` server, or {@link storedAccessTokens}. */
  readonly store: IssuedAccessTokens;
  /** How long a token found live is taken as live without asking again, in seconds: a revocation may go unseen this long. Default 0. */
  readonly cacheSeconds?: number;
}

/**
 * Revoked tokens refused by asking the authorization server (RFC 7662 introspection) with this
 * resource's own client credentials, for a resource that runs apart from the provider: one request
 * to the provider per request (none for a token kept in the cache). When the provider cannot be
 * asked, or refuses the credentials, the token is refused with 503 `temporarily_unavailable`.
 */
export interface IntrospectionCheck {
  /** The introspection endpoint. Default: `<issuer>/auth/oauth2/token/introspection`. */
  readonly endpoint?: string;
  /** The resource's own client at the provider (a confidential client, authenticated with `client_secret_basic`). */
  readonly clientId: string;
  /** That client's secret. */
  readonly clientSecret: string;
  /** How long a token found active is taken as active without asking again, in seconds: a revocation may go unseen this long. Default 0. */
  readonly cacheSeconds?: number;
  /** How long the provider may take to answer, in seconds. Default 5. */
  readonly timeoutSeconds?: number;
}

/**
 * The {@link IssuedAccessTokens} of a provider's storage, for a resource in another process that
 * shares it (the same database or Redis): the same `storage` and the same Latch secret as the provider's.
 *
 * @example
 * ```ts
 * import { pgStorage } from "@latch/oidc-provider/pg"
 * import { storedAccessTokens } from "@latch/oidc-provider/resource"
 * const store = storedAccessTokens(pgStorage(pool), { secret: process.env.AUTH_SECRET! })
 * // requireAccessToken({ issuer, resource, revocation: { store } })
 * ```
 */
export function storedAccessTokens(storage: StorageFactory, keys: { readonly secret: string }): IssuedAccessTokens {
  const records = new (storage(keys))("AccessToken");
  return {
    async accessTokenActive(jti) {
      return (await records.find(jti))?.format === "jwt";
    },
  };
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
  /**
   * Refuse revoked tokens by asking the provider's storage (same app, or shared storage). Without
   * it or `introspection`, a token revoked before it expires is still taken.
   */
  readonly revocation?: RevocationCheck;
  /** Refuse revoked tokens by asking the provider's introspection endpoint (RFC 7662), for a resource that runs apart. */
  readonly introspection?: IntrospectionCheck;
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

/** Tokens found live, by the SHA-256 of the token, until when (ms); at most this many are kept. */
const cacheLimit = 10_000;

/** Keeps a positive answer for `seconds` (never past the token's expiry); `undefined` when `seconds` is 0. */
function liveCache(seconds: number | undefined) {
  if (!seconds || seconds <= 0) return undefined;
  const until = new Map<string, number>();
  return {
    has(key: string) {
      const at = until.get(key);
      if (at === undefined) return false;
      if (at > Date.now()) return true;
      until.delete(key);
      return false;
    },
    add(key: string, expiresAt: number) {
      if (until.size >= cacheLimit) until.delete(until.keys().next().value!);
      until.set(key, Math.min(Date.now() + seconds * 1000, expiresAt * 1000));
    },
  };
}

/** Asks `check`'s store whether the token `jti` is live: refused when not, 503 when the store fails. */
function storeLiveness(check: RevocationCheck) {
  const cache = liveCache(check.cacheSeconds);
  return async (payload: JWTPayload) => {
    const jti = payload.jti!;
    if (cache?.has(jti)) return;
    let active: boolean;
    try {
      active = await check.store.accessTokenActive(jti);
    } catch {
      throw new AccessTokenRefused("temporarily_unavailable", "Whether the access token was revoked cannot be checked now; try again later.");
    }
    if (!active) throw new AccessTokenRefused("invalid_token", "The access token was revoked.");
    cache?.add(jti, payload.exp!);
  };
}

/** Asks the introspection endpoint whether `token` is active: refused when not, 503 when it cannot be asked or refuses the client. */
function introspectedLiveness(check: IntrospectionCheck, issuer: string) {
  const cache = liveCache(check.cacheSeconds);
  const endpoint = check.endpoint ?? `${issuer}/auth/oauth2/token/introspection`;
  const basic = btoa(`${encodeURIComponent(check.clientId)}:${encodeURIComponent(check.clientSecret)}`);
  const unavailable = () => new AccessTokenRefused("temporarily_unavailable", "Whether the access token was revoked cannot be checked now; try again later.");
  return async (payload: JWTPayload, token: string) => {
    const key = btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token)))));
    if (cache?.has(key)) return;
    let answer: { active?: unknown; jti?: unknown };
    try {
      const response = await fetch(endpoint, {
        method: "POST",
        headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
        body: new URLSearchParams({ token, token_type_hint: "access_token" }),
        signal: AbortSignal.timeout((check.timeoutSeconds ?? 5) * 1000),
      });
      if (response.status !== 200) throw unavailable();
      answer = (await response.json()) as typeof answer;
    } catch {
      throw unavailable();
    }
    if (answer.active !== true || answer.jti !== payload.jti) throw new AccessTokenRefused("invalid_token", "The access token was revoked.");
    cache?.add(key, payload.exp!);
  };
}

/**
 * Makes the verifier of the provider's JWT access tokens for one resource: signature (the
 * provider's keys, fetched and cached), `typ` `at+jwt`, issuer, audience, expiry, and the scopes
 * a call needs. These are checked locally, so by default a token revoked before it expires (RFC
 * 7009, its grant revoked on the grants page, a reused refresh token) still verifies: give
 * `revocation` (the provider's storage) or `introspection` (RFC 7662) to refuse it too.
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
  const live = options.revocation ? storeLiveness(options.revocation) : options.introspection ? introspectedLiveness(options.introspection, options.issuer) : undefined;
  const requiredClaims = live ? ["exp", "sub", "client_id", "jti"] : ["exp", "sub", "client_id"];
  return async (token, scopes = []) => {
    if (!token) throw new AccessTokenRefused("invalid_token", "No access token.");
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keys, { issuer: options.issuer, audience: options.resource, typ: "at+jwt", clockTolerance: options.clockTolerance ?? 5, requiredClaims }));
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw new AccessTokenRefused("invalid_token", "The access token has expired.");
      if (error instanceof errors.JWTClaimValidationFailed) throw new AccessTokenRefused("invalid_token", `The access token is not for this resource (${error.claim}).`);
      throw new AccessTokenRefused("invalid_token", "The access token is not valid.");
    }
    if (live) {
      // Past `exp` but within the clock tolerance, the provider has already dropped its record.
      if (payload.exp! * 1000 <= Date.now()) throw new AccessTokenRefused("invalid_token", "The access token has expired.");
      await live(payload, token);
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
 * The headers of a refusal: `Cache-Control: no-store`, and the `WWW-Authenticate` challenge of
 * {@link bearerChallenge} (401, 403) or `Retry-After` (503, when revocation could not be checked).
 */
export function refusalHeaders(error: AccessTokenRefused, options: { readonly resourceMetadata: string; readonly scopes?: readonly string[]; readonly tokenSent: boolean }): Record<string, string> {
  if (error.status === 503) return { "Retry-After": "5", "Cache-Control": "no-store" };
  return { "WWW-Authenticate": bearerChallenge(error, options), "Cache-Control": "no-store" };
}

/**
 * Checks the bearer token of a web `Request`: the verified token, or the `Response` to answer
 * (401 `invalid_token`, 403 `insufficient_scope`, with the `WWW-Authenticate` challenge naming the
 * resource's metadata; 503 `temporarily_unavailable` when `revocation` or `introspection` could not
 * be asked). For a SvelteKit `handle` hook or any server of web requests.
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
        { status: error.status, headers: refusalHeaders(error, { resourceMetadata, scopes: options.scopes, tokenSent: !!token }) },
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
