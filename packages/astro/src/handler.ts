import { Auth, AuthError, requestOrigin, setClientAddress, type Session } from "@latch/core";
import { InvalidRequest, MissingSecretError } from "@latch/core/errors";
import { signInRequest, signOutRequest, warnOnOtherHost, type SignInAuthorizationParams, type SignInOptions, type SignOutOptions } from "@latch/core/integration";
import type { APIContext, APIRoute, MiddlewareHandler } from "astro";
import { prepareConfig, type FullAuthConfig } from "./config.js";

/** Methods the Fetch standard forbids in a `Request`, refused before anything else. */
const forbiddenMethods = new Set(["CONNECT", "TRACE", "TRACK"]);

/** The parts of Astro's `APIContext` Latch reads: the request, and the client's address when the adapter knows it. */
export type AuthContext = Pick<APIContext, "request"> & Partial<Pick<APIContext, "clientAddress">>;

/** A 4xx JSON answer for a request Latch will not take (`InvalidRequest`), never a 500. */
function refusal(error: InvalidRequest): Response {
  return Response.json({ error: error.type, message: error.message }, { status: error.status });
}

/**
 * The site's origin: `siteUrl`'s (`AUTH_URL`) when set, else the protocol of the URL Astro built
 * for the request and its `Host` header, checked by core. `InvalidRequest` for a malformed host.
 */
export function originOf(request: Request, siteUrl: string | undefined): string {
  if (siteUrl) {
    try {
      return new URL(siteUrl).origin;
    } catch {
      // core reports an invalid siteUrl as a configuration error
    }
  }
  return requestOrigin(new URL(request.url).protocol, request.headers.get("host")).origin;
}

/**
 * The client's address as the adapter saw it (`@astrojs/node`: the socket's peer). Astro answers
 * the first `X-Forwarded-For` entry instead when `security.allowedDomains` matches the request's
 * host; that value is a header, not the socket, so it is dropped here: forwarded headers count only
 * behind the proxies of `RateLimit({ clientAddress: { trustedProxies } })`.
 */
export function clientAddressOf(context: AuthContext): string | undefined {
  let address: string | undefined;
  try {
    address = context.clientAddress;
  } catch {
    return undefined; // an adapter (or a prerendered page) without one
  }
  const forwarded = context.request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return address && address !== forwarded ? address : undefined;
}

const header = (request: Request) => (name: string) => request.headers.get(name) ?? undefined;

/** The request `Auth()` sees: the site's origin with the path and query, the headers and the body stream. */
function toAuthRequest(request: Request, origin: string): Request {
  const method = request.method.toUpperCase();
  const source = new URL(request.url);
  const url = new URL(origin);
  url.pathname = source.pathname;
  url.search = source.search;
  const headers = new Headers(request.headers);
  if (method === "GET" || method === "HEAD" || !request.body) return new Request(url, { method, headers });
  // core reads the body up to the size it accepts (413 beyond).
  return new Request(url, { method, headers, body: request.body, duplex: "half" } as RequestInit);
}

/** Whether `path` (below the prefix) starts with the id of a configured plugin, whose routes may take any method. */
function isPluginPath(path: string, config: FullAuthConfig): boolean {
  const first = path.split("/")[1];
  return !!first && !!config.plugins?.some((plugin) => plugin.id === first);
}

/** Answers a request under the config's prefix through Latch. */
export async function handle(context: AuthContext, config: FullAuthConfig): Promise<Response> {
  const ready = prepareConfig(config);
  const { request } = context;
  const method = request.method.toUpperCase();
  const path = new URL(request.url).pathname;
  const plain = method === "GET" || method === "HEAD" || method === "POST";
  if (forbiddenMethods.has(method) || (!plain && !isPluginPath(path.slice(ready.prefix.length), ready))) {
    return refusal(new InvalidRequest(`Method ${method} is not supported.`, 405));
  }
  warnOnOtherHost(header(request), ready);
  let origin: string;
  try {
    origin = originOf(request, ready.siteUrl);
  } catch (error) {
    if (error instanceof InvalidRequest) return refusal(error);
    throw error;
  }
  const authRequest = toAuthRequest(request, origin);
  setClientAddress(authRequest, clientAddressOf(context));
  return Auth(authRequest, ready);
}

/** The endpoints of {@link AstroAuth}: Astro calls `ALL` for every method. */
export interface AstroAuthHandlers {
  GET: APIRoute;
  POST: APIRoute;
  ALL: APIRoute;
}

/** Endpoint handlers that serve Latch for `config` (see `AstroAuth` of `@latch/astro/server`). */
export function handlersFor(config: FullAuthConfig): AstroAuthHandlers {
  const route: APIRoute = (context) => handle(context, config);
  return { GET: route, POST: route, ALL: route };
}

/** The session of `request` under `config`, or `null` (also for a malformed `Host`). */
export async function sessionFor(request: Request, config: FullAuthConfig): Promise<Session | null> {
  const ready = prepareConfig(config);
  warnOnOtherHost(header(request), ready);
  const secrets = ready.secret === undefined ? [] : [ready.secret].flat().filter(Boolean);
  if (!secrets.length) {
    throw new MissingSecretError("Reading the session needs a secret: set AUTH_SECRET (or `secret` in the config) to a random string of at least 32 characters, e.g. the output of `openssl rand -base64 33`.");
  }
  let origin: string;
  try {
    origin = originOf(request, ready.siteUrl);
  } catch (error) {
    if (error instanceof InvalidRequest) return null;
    throw error;
  }
  const headers = new Headers();
  const cookie = request.headers.get("cookie");
  if (cookie) headers.set("cookie", cookie);
  // Read only with bearer sessions on (`session.bearer`) and API keys on (`apiKeys`).
  const authorization = request.headers.get("authorization");
  if (authorization) headers.set("authorization", authorization);
  const apiKey = request.headers.get("x-api-key");
  if (apiKey !== null) headers.set("x-api-key", apiKey);
  const response = await Auth(new Request(new URL(`${ready.prefix}/session`, origin), { headers }), ready);
  if ((response.status === 401 || response.status === 403 || response.status === 429) && (apiKey !== null || authorization)) return null;
  const data = (await response.json()) as Session | null | { message?: string };
  if (response.status !== 200) throw new AuthError((data as { message?: string } | null)?.message ?? `Reading the session failed with status ${response.status}.`);
  return (data && Object.keys(data).length ? data : null) as Session | null;
}

/** The site's origin for a server-side sign-in or sign-out, or the 400 answer for a malformed `Host`. */
function actionOrigin(request: Request, config: FullAuthConfig): string | Response {
  try {
    return originOf(request, config.siteUrl);
  } catch (error) {
    if (error instanceof InvalidRequest) return refusal(error);
    throw error;
  }
}

/** A sign-in from the app's own endpoint (see `signIn` of `@latch/astro/server`). */
export async function signInFor(context: AuthContext, config: FullAuthConfig, provider?: string, options?: SignInOptions, authorizationParams?: SignInAuthorizationParams): Promise<Response> {
  const ready = prepareConfig(config);
  const origin = actionOrigin(context.request, ready);
  if (origin instanceof Response) return origin;
  return signInRequest({ headers: context.request.headers, address: clientAddressOf(context) }, { origin, config: ready, basePath: ready.prefix }, provider, options, authorizationParams);
}

/** A sign-out from the app's own endpoint (see `signOut` of `@latch/astro/server`). */
export async function signOutFor(context: AuthContext, config: FullAuthConfig, options?: SignOutOptions): Promise<Response> {
  const ready = prepareConfig(config);
  const origin = actionOrigin(context.request, ready);
  if (origin instanceof Response) return origin;
  return signOutRequest({ headers: context.request.headers, address: clientAddressOf(context) }, { origin, config: ready, basePath: ready.prefix }, options);
}

/** Options of `protect` (`@latch/astro/server`). */
export interface ProtectOptions {
  /**
   * The paths that need a session: a path covers itself and everything below it (`/dashboard`
   * covers `/dashboard/settings`). A function of the path decides by itself.
   */
  paths: readonly string[] | ((pathname: string) => boolean);
  /**
   * What a request without a session gets. Default: a redirect (302) to the sign-in page with the
   * way back (`<prefix>/signin?callbackUrl=<path and query>`).
   */
  unauthorized?: (context: APIContext) => Response | Promise<Response>;
}

/** Whether `pathname` is one of `paths` or below one. */
function covered(pathname: string, paths: ProtectOptions["paths"]): boolean {
  if (typeof paths === "function") return paths(pathname);
  return paths.some((path) => {
    const base = path.endsWith("/") && path !== "/" ? path.slice(0, -1) : path;
    return pathname === base || pathname.startsWith(base === "/" ? "/" : `${base}/`);
  });
}

/** The session of a request, read once per request and kept in `context.locals.session`. */
export async function localSession(context: APIContext, config: FullAuthConfig): Promise<Session | null> {
  const locals = context.locals as { session?: Session | null };
  if (locals.session === undefined) locals.session = await sessionFor(context.request, config);
  return locals.session;
}

/** A middleware guarding `options.paths` under `config` (see `protect` of `@latch/astro/server`). */
export function protectWith(config: FullAuthConfig, options: ProtectOptions): MiddlewareHandler {
  return async (context, next) => {
    if (!covered(context.url.pathname, options.paths)) return next();
    const session = await localSession(context, config);
    if (session?.user) return next();
    if (options.unauthorized) return options.unauthorized(context);
    const ready = prepareConfig(config);
    const back = `${context.url.pathname}${context.url.search}`;
    return new Response(null, { status: 302, headers: { location: `${ready.prefix}/signin?${new URLSearchParams({ callbackUrl: back })}` } });
  };
}
