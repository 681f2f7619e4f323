/**
 * Latch for React Router in framework mode: `ReactRouterAuth(config)` gives the `loader` and
 * `action` of a resource route at `<basePath>/*` that serves sign-in, callbacks, sessions and
 * sign-out, `getSession(request)` for loaders and actions, `requireSession(request)` that sends a
 * visitor without a session to the sign-in page, and server-side `signIn`/`signOut` for the app's
 * own actions. The browser's side is `@latch/react-router/react` (`@latch/react`).
 *
 * @example
 * ```ts
 * // app/auth.server.ts
 * import { ReactRouterAuth } from "@latch/react-router"
 * import GitHub from "@latch/core/providers/github"
 * export const { loader, action, getSession, requireSession, signIn, signOut } = ReactRouterAuth({ providers: [GitHub] })
 *
 * // app/routes/auth.ts, routed as route("api/auth/*", "routes/auth.ts")
 * export { loader, action } from "../auth.server"
 * ```
 * @module @latch/react-router
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

/**
 * The key under which the server puts the client's address (the socket's peer) into React
 * Router's request context, a `RouterContext<string | undefined>` for
 * `RouterContextProvider.set`. It is one object per process, whichever copy of this module a
 * bundler made, so the server and the built routes agree on it.
 *
 * @example
 * ```js
 * // server.js (Express with @react-router/express)
 * app.all("/{*splat}", createRequestHandler({ build, getLoadContext: (req) => {
 *   const context = new RouterContextProvider()
 *   context.set(clientAddressContext, req.socket.remoteAddress)
 *   return context
 * } }))
 * ```
 */
export const clientAddressContext: { defaultValue?: string | undefined } = ((globalThis as Record<symbol, unknown>)[Symbol.for("@latch/react-router/client-address")] ??= { defaultValue: undefined }) as { defaultValue?: string | undefined };

/** React Router's request context as Latch reads it: `context.get(key)` of a `RouterContextProvider`. */
export interface ContextReader {
  get(key: { defaultValue?: string | undefined }): unknown;
}

/** What a loader or an action receives, as far as Latch reads it: the web `Request` and React Router's context. */
export interface RouteArgs {
  request: Request;
  context?: ContextReader | unknown;
}

/** The config of `ReactRouterAuth`: Latch's `AuthConfig` without `raw`; `basePath` defaults to `/api/auth`. */
export interface ReactRouterAuthConfig extends Omit<AuthConfig, "raw"> {}

/** What {@link ReactRouterAuth} returns. */
export interface ReactRouterAuthResult {
  /** The resource route's `loader` at `<basePath>/*`: Latch's `GET` routes (pages, session, CSRF token, callbacks). */
  loader: (args: RouteArgs) => Promise<Response>;
  /** The resource route's `action` at `<basePath>/*`: Latch's `POST` routes (sign-in, callbacks, sign-out, session update). */
  action: (args: RouteArgs) => Promise<Response>;
  /** The session of a request, or `null` (also for a malformed `Host`). Throws `MissingSecretError` without a secret. */
  getSession: (request: Request) => Promise<Session | null>;
  /**
   * The session of a request; without one, throws a redirect (302) to the sign-in page with the
   * way back (`<basePath>/signin?callbackUrl=<path and query>`), which React Router answers.
   */
  requireSession: (request: Request) => Promise<Session>;
  /**
   * Signs in from the app's own action and answers what Latch's endpoint answers (a redirect with
   * the session cookie, to the provider, or to the sign-in page with `?error=`). The browser's
   * `Origin` must be the site's own.
   */
  signIn: (args: RouteArgs, provider?: string, options?: SignInOptions, authorizationParams?: SignInAuthorizationParams) => Promise<Response>;
  /** Signs out from the app's own action: ends the session, clears its cookies, redirects to `redirectTo`. */
  signOut: (args: RouteArgs, options?: SignOutOptions) => Promise<Response>;
}

/**
 * The client's address the server put under {@link clientAddressContext}, or `undefined`.
 * Forwarded headers are never read here: they count only behind the proxies of
 * `RateLimit({ clientAddress: { trustedProxies } })`, which core checks against this address.
 */
export function clientAddressOf(args: RouteArgs): string | undefined {
  const context = args.context as Partial<ContextReader> | undefined;
  if (!context || typeof context.get !== "function") return undefined;
  try {
    const address = context.get(clientAddressContext);
    return typeof address === "string" && address ? address : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Latch for one React Router app: the resource route's `loader` and `action`, the session of a
 * request, a guard, and server-side sign-in and sign-out. The environment's defaults
 * (`AUTH_SECRET`, `AUTH_URL`, `AUTH_TRUST_HOST`, `AUTH_<PROVIDER>_ID/_SECRET`) are read on the
 * first request; the config object is never written to.
 *
 * @example
 * ```ts
 * export const { loader, action, getSession, requireSession, signIn, signOut } = ReactRouterAuth({ providers: [GitHub] })
 * ```
 */
export function ReactRouterAuth(config: ReactRouterAuthConfig): ReactRouterAuthResult {
  const ready = (): AuthConfig & { basePath: string } => withEnvironment(config as AuthConfig, defaultBasePath);
  const header = (request: Request) => (name: string) => request.headers.get(name) ?? undefined;

  async function handle(args: RouteArgs): Promise<Response> {
    const settings = ready();
    return handleWebRequest(args.request, settings, settings.basePath, clientAddressOf(args));
  }

  async function getSession(request: Request): Promise<Session | null> {
    const settings = ready();
    warnOnOtherHost(header(request), settings);
    return webRequestSession(request, settings, settings.basePath);
  }

  async function requireSession(request: Request): Promise<Session> {
    const session = await getSession(request);
    if (session?.user) return session;
    const url = new URL(request.url);
    throw new Response(null, { status: 302, headers: { location: `${ready().basePath}/signin?${new URLSearchParams({ callbackUrl: `${url.pathname}${url.search}` })}` } });
  }

  async function signIn(args: RouteArgs, provider?: string, options?: SignInOptions, authorizationParams?: SignInAuthorizationParams): Promise<Response> {
    const origin = actionOrigin(args.request, ready().siteUrl);
    if (origin instanceof Response) return origin;
    const settings = ready();
    return signInRequest({ headers: args.request.headers, address: clientAddressOf(args) }, { origin, config: settings, basePath: settings.basePath }, provider, options, authorizationParams);
  }

  async function signOut(args: RouteArgs, options?: SignOutOptions): Promise<Response> {
    const origin = actionOrigin(args.request, ready().siteUrl);
    if (origin instanceof Response) return origin;
    const settings = ready();
    return signOutRequest({ headers: args.request.headers, address: clientAddressOf(args) }, { origin, config: settings, basePath: settings.basePath }, options);
  }

  return { loader: handle, action: handle, getSession, requireSession, signIn, signOut };
}
