/**
 * Latch for TanStack Start (React): `TanStackStartAuth(config)` gives the `handlers` of a server
 * route at `<basePath>/$` serving sign-in, callbacks, sessions and sign-out, `getSession(request)`
 * for server functions (which loaders and `beforeLoad` guards call), `requireSession(request)`
 * that sends a visitor without a session to the sign-in page, and server-side `signIn`/`signOut`
 * for the app's own server functions and server routes. The browser's side is
 * `@latch/tanstack-start/react` (`@latch/react`).
 *
 * @example
 * ```ts
 * // src/auth.ts
 * import { TanStackStartAuth } from "@latch/tanstack-start"
 * import GitHub from "@latch/core/providers/github"
 * export const { handlers, getSession, requireSession, signIn, signOut } = TanStackStartAuth({ providers: [GitHub] })
 *
 * // src/routes/api/auth/$.ts
 * export const Route = createFileRoute("/api/auth/$")({ server: { handlers } })
 * ```
 * @module @latch/tanstack-start
 */
import type { AuthConfig, Session } from "@latch/core";
import {
  actionOrigin,
  handleWebRequest,
  signInRequest,
  signOutRequest,
  warnOnOtherHost,
  webRequestSession,
  withEnvironment,
  type SignInAuthorizationParams,
  type SignInOptions,
  type SignOutOptions,
} from "@latch/core/integration";

export type { Session } from "@latch/core";
export type { SignInAuthorizationParams, SignInOptions, SignOutOptions } from "@latch/core/integration";

/** Where Latch is served unless the config says otherwise: `/api/auth`, as with Auth.js. */
export const defaultBasePath = "/api/auth";

/** What a server route's method handler receives, as far as Latch reads it: the web `Request`. */
export interface ServerRouteContext {
  request: Request;
}

/** A server route's method handler: TanStack Start's `({ request }) => Response`. */
export type ServerRouteHandler = (context: ServerRouteContext) => Promise<Response>;

/**
 * The `handlers` of the server route at `<basePath>/$`, for
 * `createFileRoute(path)({ server: { handlers } })`: `GET` and `POST` are Latch's routes; `ANY`
 * takes every other method, so that a plugin's routes get theirs and the rest a 405 JSON answer.
 */
export interface ServerRouteHandlers {
  GET: ServerRouteHandler;
  POST: ServerRouteHandler;
  ANY: ServerRouteHandler;
}

/** The config of `TanStackStartAuth`: Latch's `AuthConfig` without `raw`; `basePath` defaults to `/api/auth`. */
export interface TanStackStartAuthConfig extends Omit<AuthConfig, "raw"> {}

/** What {@link TanStackStartAuth} returns. */
export interface TanStackStartAuthResult {
  /** The server route's method handlers at `<basePath>/$`. */
  handlers: ServerRouteHandlers;
  /**
   * The session of a request, or `null` (also for a malformed `Host`). On the server only: call
   * it in a server function with `getRequest()` of `@tanstack/react-start/server`.
   * Throws `MissingSecretError` without a secret.
   */
  getSession: (request: Request) => Promise<Session | null>;
  /**
   * The session of a request; without one, throws TanStack Router's redirect (302, a full page
   * load) to the sign-in page with the way back (`<basePath>/signin?callbackUrl=<path and query>`).
   * In a server function, the redirect reaches a `beforeLoad` or a loader that calls it. The way
   * back is the page's address: pass it as `from` when `request` is the server function's own.
   */
  requireSession: (request: Request, from?: string) => Promise<Session>;
  /**
   * Signs in from the app's own server function or server route and answers what Latch's endpoint
   * answers (a redirect with the session cookie, to the provider, or to the sign-in page with
   * `?error=`). The browser's `Origin` must be the site's own.
   */
  signIn: (request: Request, provider?: string, options?: SignInOptions, authorizationParams?: SignInAuthorizationParams) => Promise<Response>;
  /** Signs out from the app's own server function or server route: ends the session, clears its cookies, redirects to `redirectTo`. */
  signOut: (request: Request, options?: SignOutOptions) => Promise<Response>;
}

/** The shape of the request TanStack Start's Node server (srvx, under Nitro) hands over. */
interface NodeServedRequest {
  runtime?: { node?: { req?: { socket?: { remoteAddress?: unknown } } } };
}

/**
 * The client's address as the Node server saw it: the peer of the request's socket, which
 * TanStack Start's Node server (srvx, under Nitro) keeps on the `Request` it hands the app.
 * `undefined` on another server. Neither `X-Forwarded-For` nor the server's own `trustProxy`
 * setting is read: forwarded headers count only behind the proxies of
 * `RateLimit({ clientAddress: { trustedProxies } })`, which core checks against this address.
 */
export function clientAddressOf(request: Request): string | undefined {
  try {
    const address = (request as NodeServedRequest).runtime?.node?.req?.socket?.remoteAddress;
    return typeof address === "string" && address ? address : undefined;
  } catch {
    return undefined;
  }
}

/** A redirect TanStack Router follows with a full page load, thrown from a guard. */
function routerRedirect(location: string): Response {
  const response = new Response(null, { status: 302, headers: { location } });
  // TanStack Router knows its redirects by these options (`redirect()` of @tanstack/react-router).
  return Object.assign(response, { options: { href: location, statusCode: 302, reloadDocument: true } });
}

/**
 * Latch for one TanStack Start app: the server route's handlers, the session of a request, a
 * guard, and server-side sign-in and sign-out. The environment's defaults (`AUTH_SECRET`,
 * `AUTH_URL`, `AUTH_TRUST_HOST`, `AUTH_<PROVIDER>_ID/_SECRET`) are read from `process.env` on the
 * first request, when the server runs rather than when it is built; the config object is never
 * written to.
 *
 * @example
 * ```ts
 * export const { handlers, getSession, requireSession, signIn, signOut } = TanStackStartAuth({ providers: [GitHub] })
 * ```
 */
export function TanStackStartAuth(config: TanStackStartAuthConfig): TanStackStartAuthResult {
  const ready = (): AuthConfig & { basePath: string } => withEnvironment(config as AuthConfig, defaultBasePath);
  const header = (request: Request) => (name: string) => request.headers.get(name) ?? undefined;

  async function handle({ request }: ServerRouteContext): Promise<Response> {
    const settings = ready();
    return handleWebRequest(request, settings, settings.basePath, clientAddressOf(request));
  }

  async function getSession(request: Request): Promise<Session | null> {
    const settings = ready();
    warnOnOtherHost(header(request), settings);
    return webRequestSession(request, settings, settings.basePath);
  }

  async function requireSession(request: Request, from?: string): Promise<Session> {
    const session = await getSession(request);
    if (session?.user) return session;
    const url = new URL(request.url);
    // A path of this site only: `//host` and `/\host` are other origins to a browser.
    const back = from !== undefined && /^\/(?![/\\])/.test(from) ? from : `${url.pathname}${url.search}`;
    throw routerRedirect(`${ready().basePath}/signin?${new URLSearchParams({ callbackUrl: back })}`);
  }

  async function signIn(request: Request, provider?: string, options?: SignInOptions, authorizationParams?: SignInAuthorizationParams): Promise<Response> {
    const origin = actionOrigin(request, ready().siteUrl);
    if (origin instanceof Response) return origin;
    const settings = ready();
    return signInRequest({ headers: request.headers, address: clientAddressOf(request) }, { origin, config: settings, basePath: settings.basePath }, provider, options, authorizationParams);
  }

  async function signOut(request: Request, options?: SignOutOptions): Promise<Response> {
    const origin = actionOrigin(request, ready().siteUrl);
    if (origin instanceof Response) return origin;
    const settings = ready();
    return signOutRequest({ headers: request.headers, address: clientAddressOf(request) }, { origin, config: settings, basePath: settings.basePath }, options);
  }

  return { handlers: { GET: handle, POST: handle, ANY: handle }, getSession, requireSession, signIn, signOut };
}
