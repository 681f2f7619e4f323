import type { Session } from "@latch/core";
import {
  actionOrigin,
  handleWebRequest,
  signInRequest,
  signOutRequest,
  warnOnOtherHost,
  webRequestSession,
  type SignInAuthorizationParams,
  type SignInOptions,
  type SignOutOptions,
} from "@latch/core/integration";
import type { APIContext, APIRoute, MiddlewareHandler } from "astro";
import { prepareConfig, type FullAuthConfig } from "./config.js";

/** The parts of Astro's `APIContext` Latch reads: the request, and the client's address when the adapter knows it. */
export type AuthContext = Pick<APIContext, "request"> & Partial<Pick<APIContext, "clientAddress">>;

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

/** Answers a request under the config's prefix through Latch. */
export async function handle(context: AuthContext, config: FullAuthConfig): Promise<Response> {
  const ready = prepareConfig(config);
  return handleWebRequest(context.request, ready, ready.prefix, clientAddressOf(context));
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
  return webRequestSession(request, ready, ready.prefix);
}

/** A sign-in from the app's own endpoint (see `signIn` of `@latch/astro/server`). */
export async function signInFor(context: AuthContext, config: FullAuthConfig, provider?: string, options?: SignInOptions, authorizationParams?: SignInAuthorizationParams): Promise<Response> {
  const ready = prepareConfig(config);
  const origin = actionOrigin(context.request, ready.siteUrl);
  if (origin instanceof Response) return origin;
  return signInRequest({ headers: context.request.headers, address: clientAddressOf(context) }, { origin, config: ready, basePath: ready.prefix }, provider, options, authorizationParams);
}

/** A sign-out from the app's own endpoint (see `signOut` of `@latch/astro/server`). */
export async function signOutFor(context: AuthContext, config: FullAuthConfig, options?: SignOutOptions): Promise<Response> {
  const ready = prepareConfig(config);
  const origin = actionOrigin(context.request, ready.siteUrl);
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
