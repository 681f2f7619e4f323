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
import { Auth, AuthError, requestOrigin, setClientAddress, setEnvDefaults, type AuthConfig, type Session } from "@latch/core";
import { InvalidRequest, MissingSecretError } from "@latch/core/errors";
import { signInRequest, signOutRequest, warnOnOtherHost, type SignInAuthorizationParams, type SignInOptions, type SignOutOptions } from "@latch/core/integration";

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

/** Methods the Fetch standard forbids in a `Request`, refused before anything else. */
const forbiddenMethods = new Set(["CONNECT", "TRACE", "TRACK"]);

function refusal(error: InvalidRequest): Response {
  return Response.json({ error: error.type, message: error.message }, { status: error.status });
}

/** The environment on this runtime: `process.env` where there is one, else nothing. */
function runtimeEnvironment(): Record<string, string | undefined> {
  return (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {};
}

/** The site's origin: `siteUrl`'s (`AUTH_URL`) when set, else the request URL's protocol and its `Host`, checked by core. */
function originOf(request: Request, siteUrl: string | undefined): string {
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
  let prepared: (AuthConfig & { basePath: string }) | undefined;
  const ready = (): AuthConfig & { basePath: string } => {
    if (!prepared) {
      const copy: AuthConfig = { ...config, providers: [...(config.providers ?? [])] };
      setEnvDefaults(runtimeEnvironment(), copy);
      copy.basePath = config.basePath ?? defaultBasePath;
      prepared = copy as AuthConfig & { basePath: string };
    }
    return prepared;
  };
  const header = (request: Request) => (name: string) => request.headers.get(name) ?? undefined;

  async function handle(args: RouteArgs): Promise<Response> {
    const settings = ready();
    const { request } = args;
    const method = request.method.toUpperCase();
    const path = new URL(request.url).pathname.slice(settings.basePath.length);
    const first = path.split("/")[1];
    const pluginPath = !!first && !!settings.plugins?.some((plugin) => plugin.id === first);
    if (forbiddenMethods.has(method) || (method !== "GET" && method !== "HEAD" && method !== "POST" && !pluginPath)) {
      return refusal(new InvalidRequest(`Method ${method} is not supported.`, 405));
    }
    warnOnOtherHost(header(request), settings);
    let origin: string;
    try {
      origin = originOf(request, settings.siteUrl);
    } catch (error) {
      if (error instanceof InvalidRequest) return refusal(error);
      throw error;
    }
    const source = new URL(request.url);
    const url = new URL(origin);
    url.pathname = source.pathname;
    url.search = source.search;
    const headers = new Headers(request.headers);
    const authRequest = method === "GET" || method === "HEAD" || !request.body ? new Request(url, { method, headers }) : new Request(url, { method, headers, body: request.body, duplex: "half" } as RequestInit);
    setClientAddress(authRequest, clientAddressOf(args));
    return Auth(authRequest, settings);
  }

  async function getSession(request: Request): Promise<Session | null> {
    const settings = ready();
    warnOnOtherHost(header(request), settings);
    const secrets = settings.secret === undefined ? [] : [settings.secret].flat().filter(Boolean);
    if (!secrets.length) {
      throw new MissingSecretError("Reading the session needs a secret: set AUTH_SECRET (or `secret` in the config) to a random string of at least 32 characters, e.g. the output of `openssl rand -base64 33`.");
    }
    let origin: string;
    try {
      origin = originOf(request, settings.siteUrl);
    } catch (error) {
      if (error instanceof InvalidRequest) return null;
      throw error;
    }
    const headers = new Headers();
    for (const name of ["cookie", "authorization", "x-api-key"]) {
      const value = request.headers.get(name);
      if (value !== null) headers.set(name, value);
    }
    const credential = headers.has("authorization") || headers.has("x-api-key");
    const response = await Auth(new Request(new URL(`${settings.basePath}/session`, origin), { headers }), settings);
    if ((response.status === 401 || response.status === 403 || response.status === 429) && credential) return null;
    const data = (await response.json()) as Session | null | { message?: string };
    if (response.status !== 200) throw new AuthError((data as { message?: string } | null)?.message ?? `Reading the session failed with status ${response.status}.`);
    return (data && Object.keys(data).length ? data : null) as Session | null;
  }

  async function requireSession(request: Request): Promise<Session> {
    const session = await getSession(request);
    if (session?.user) return session;
    const url = new URL(request.url);
    throw new Response(null, { status: 302, headers: { location: `${ready().basePath}/signin?${new URLSearchParams({ callbackUrl: `${url.pathname}${url.search}` })}` } });
  }

  function actionOrigin(request: Request): string | Response {
    try {
      return originOf(request, ready().siteUrl);
    } catch (error) {
      if (error instanceof InvalidRequest) return refusal(error);
      throw error;
    }
  }

  async function signIn(args: RouteArgs, provider?: string, options?: SignInOptions, authorizationParams?: SignInAuthorizationParams): Promise<Response> {
    const origin = actionOrigin(args.request);
    if (origin instanceof Response) return origin;
    const settings = ready();
    return signInRequest({ headers: args.request.headers, address: clientAddressOf(args) }, { origin, config: settings, basePath: settings.basePath }, provider, options, authorizationParams);
  }

  async function signOut(args: RouteArgs, options?: SignOutOptions): Promise<Response> {
    const origin = actionOrigin(args.request);
    if (origin instanceof Response) return origin;
    const settings = ready();
    return signOutRequest({ headers: args.request.headers, address: clientAddressOf(args) }, { origin, config: settings, basePath: settings.basePath }, options);
  }

  return { loader: handle, action: handle, getSession, requireSession, signIn, signOut };
}
