/**
 * Latch for SolidStart 2: `SolidAuth(config)` gives the `GET` and `POST` handlers of the catch-all
 * API route (`src/routes/api/auth/[...solidauth].ts`) that serves sign-in, callbacks, sessions and
 * sign-out; `getSession(request, config)` reads the session in server functions, queries and
 * middleware; `signIn` and `signOut` start a sign-in or sign-out from the app's own actions. The
 * names and shapes are those of `@auth/solid-start`: an app moves over by renaming its imports.
 * The browser's side is `@latch/solid-start/client`.
 *
 * @example
 * ```ts
 * // src/routes/api/auth/[...solidauth].ts
 * import { SolidAuth, type SolidAuthConfig } from "@latch/solid-start"
 * import GitHub from "@latch/core/providers/github"
 * export const authOpts: SolidAuthConfig = { providers: [GitHub] }
 * export const { GET, POST } = SolidAuth(authOpts)
 * ```
 * @module @latch/solid-start
 */
import type { Session } from "@latch/core";
import {
  actionOrigin,
  handleWebRequest,
  refusalResponse,
  refusedMethod,
  signInRequest,
  signOutRequest,
  warnOnOtherHost,
  webRequestSession,
  type SignInAuthorizationParams,
  type SignInOptions,
  type SignOutOptions,
} from "@latch/core/integration";
import { prepareConfig, type SolidAuthConfig } from "./config.js";

export { defaultPrefix, type SolidAuthConfig } from "./config.js";
// The names `@auth/solid-start` exports, so that an app moves over by renaming its imports.
export type { Account, AuthConfig, DefaultSession, Profile, Session, User } from "@latch/core";
export { AuthError, CredentialsSignin, customFetch } from "@latch/core";
export { MissingSecretError } from "@latch/core/errors";
export type { SignInAuthorizationParams, SignInOptions, SignOutOptions } from "@latch/core/integration";

/**
 * What Latch reads of SolidStart's request event (`APIEvent` in an API route, `getRequestEvent()`
 * in a server function): the web `Request`, and where the client's address comes from.
 */
export interface SolidAuthEvent {
  /** The web `Request` SolidStart hands over. */
  request: Request;
  /**
   * SolidStart's `clientAddress` (h3's `getRequestIP`): read only where the server is not Node's
   * and only when no `X-Forwarded-For` entry equals it, since srvx's `trustProxy` would take it
   * from that header.
   */
  clientAddress?: string | undefined;
  /** h3's event: on Node (Nitro's node server), its `req.runtime.node.req.socket` is the connection. */
  nativeEvent?: unknown;
}
/**
 * The handlers of {@link SolidAuth}, exported by the catch-all API route: `GET` and `POST` as
 * with `@auth/solid-start`; `PUT`, `PATCH` and `DELETE` for the routes of plugins that take them
 * (Latch answers 405 to them elsewhere; without them SolidStart answers those methods itself).
 */
export interface SolidAuthHandlers {
  /** Latch's `GET` routes: the pages, the session, the CSRF token, the providers, the callbacks. */
  GET: (event: SolidAuthEvent) => Promise<Response>;
  /** Latch's `POST` routes: sign-in, the callbacks, sign-out, the session's update. */
  POST: (event: SolidAuthEvent) => Promise<Response>;
  /** A plugin's `PUT` routes; 405 elsewhere. */
  PUT: (event: SolidAuthEvent) => Promise<Response>;
  /** A plugin's `PATCH` routes; 405 elsewhere. */
  PATCH: (event: SolidAuthEvent) => Promise<Response>;
  /** A plugin's `DELETE` routes; 405 elsewhere. */
  DELETE: (event: SolidAuthEvent) => Promise<Response>;
}

/** The socket's peer of the Node request under h3's event (srvx's `runtime.node.req`), when the server is Node's. */
function nodeSocketPeer(nativeEvent: unknown): string | undefined {
  const runtime = (nativeEvent as { req?: { runtime?: { node?: { req?: { socket?: { remoteAddress?: unknown } } } } } } | undefined)?.req?.runtime;
  const address = runtime?.node?.req?.socket?.remoteAddress;
  return typeof address === "string" && address ? address : undefined;
}

/**
 * The client's address as the server saw it: the socket's peer on Node; elsewhere SolidStart's
 * `clientAddress`, dropped when it is one of the `X-Forwarded-For` entries (a header, not the
 * connection). Forwarded headers count only behind the proxies of
 * `RateLimit({ clientAddress: { trustedProxies } })`, which core checks against this address.
 */
export function clientAddressOf(event: SolidAuthEvent): string | undefined {
  const peer = nodeSocketPeer(event.nativeEvent);
  if (peer) return peer;
  const address = event.clientAddress;
  if (typeof address !== "string" || !address) return undefined;
  const forwarded = (event.request.headers.get("x-forwarded-for") ?? "").split(",").map((entry) => entry.trim());
  return forwarded.includes(address) ? undefined : address;
}

const header = (request: Request) => (name: string) => request.headers.get(name) ?? undefined;

/** Answers a request of the catch-all route through Latch. */
async function handle(event: SolidAuthEvent, config: SolidAuthConfig): Promise<Response> {
  const ready = prepareConfig(config);
  return handleWebRequest(event.request, ready, ready.prefix, clientAddressOf(event));
}

/**
 * The `GET` and `POST` handlers of the catch-all API route at the config's `prefix` (default
 * `/api/auth`, so `src/routes/api/auth/[...solidauth].ts`). The environment's defaults
 * (`AUTH_SECRET`, `AUTH_URL`, `AUTH_TRUST_HOST`, `AUTH_<PROVIDER>_ID/_SECRET`) are read from
 * `process.env` on the first request; the config object is never written to. The site's origin is
 * `AUTH_URL`'s when set, else the request's protocol and `Host` (checked); the client's address
 * for the rate limits is SolidStart's `clientAddress` (the socket's peer): forwarded headers count
 * only behind the proxies of `RateLimit({ clientAddress: { trustedProxies } })`.
 *
 * @example
 * ```ts
 * export const { GET, POST, PUT, PATCH, DELETE } = SolidAuth({ providers: [GitHub] })
 * ```
 */
export function SolidAuth(config: SolidAuthConfig): SolidAuthHandlers {
  const route = (event: SolidAuthEvent) => handle(event, config);
  return { GET: route, POST: route, PUT: route, PATCH: route, DELETE: route };
}

/**
 * The session of `request` under `config`, or `null` (also for a request whose `Host` is
 * malformed). Throws `MissingSecretError` without a secret, and an `AuthError` when the session
 * cannot be read.
 *
 * @example
 * ```ts
 * const user = query(async () => {
 *   "use server"
 *   const session = await getSession(getRequestEvent()!.request, authOpts)
 *   return session?.user ?? null
 * }, "user")
 * ```
 */
export async function getSession(request: Request, config: SolidAuthConfig): Promise<Session | null> {
  const ready = prepareConfig(config);
  warnOnOtherHost(header(request), ready);
  return webRequestSession(request, ready, ready.prefix);
}

/**
 * Signs in from the app's own server function (an `action` a form posts to) and answers what
 * Latch's endpoint answers: credentials are checked at once, then a redirect to `redirectTo` with
 * the session cookie (or to the sign-in page with `?error=CredentialsSignin`); OAuth and OIDC
 * redirect to the provider; email sends the link; without a known provider, the sign-in page.
 * Return the answer from the action: SolidStart forwards its cookies and its `Location`. The
 * browser's `Origin` must be the site's own (the form carries no CSRF token).
 *
 * @example
 * ```ts
 * const login = action(async (form: FormData) => {
 *   "use server"
 *   return signIn(getRequestEvent()!, authOpts, "credentials", { email: String(form.get("email")), password: String(form.get("password")), redirectTo: "/dashboard" })
 * })
 * ```
 */
export async function signIn(event: SolidAuthEvent, config: SolidAuthConfig, provider?: string, options?: SignInOptions, authorizationParams?: SignInAuthorizationParams): Promise<Response> {
  const ready = prepareConfig(config);
  const origin = actionOrigin(event.request, ready.siteUrl);
  if (origin instanceof Response) return origin;
  return signInRequest({ headers: event.request.headers, address: clientAddressOf(event) }, { origin, config: ready, basePath: ready.prefix }, provider, options, authorizationParams);
}

/**
 * Signs out from the app's own server function: ends the session, clears its cookies and
 * redirects to `redirectTo`. The browser's `Origin` must be the site's own, as for {@link signIn}.
 *
 * @example
 * ```ts
 * const logout = action(async () => {
 *   "use server"
 *   return signOut(getRequestEvent()!, authOpts, { redirectTo: "/" })
 * })
 * ```
 */
export async function signOut(event: SolidAuthEvent, config: SolidAuthConfig, options?: SignOutOptions): Promise<Response> {
  const ready = prepareConfig(config);
  const origin = actionOrigin(event.request, ready.siteUrl);
  if (origin instanceof Response) return origin;
  return signOutRequest({ headers: event.request.headers, address: clientAddressOf(event) }, { origin, config: ready, basePath: ready.prefix }, options);
}

/** Methods the Fetch standard forbids in a `Request`. */
const forbiddenMethods = new Set(["CONNECT", "TRACE", "TRACK"]);

/**
 * An h3 middleware for `createMiddleware` (`@solidjs/start/middleware`) answering a 405 JSON
 * `InvalidRequest` to `TRACE`, `TRACK` and `CONNECT`, which no route can export: without it
 * SolidStart renders a page for them. Every other request goes on.
 *
 * @example
 * ```ts
 * // src/middleware.ts, named by solidStart({ middleware: "./src/middleware.ts" })
 * import { refuseForbiddenMethods } from "@latch/solid-start"
 * import { createMiddleware } from "@solidjs/start/middleware"
 * export default createMiddleware([refuseForbiddenMethods])
 * ```
 */
export function refuseForbiddenMethods(event: { req: Request }): Response | undefined {
  const method = event.req.method.toUpperCase();
  if (!forbiddenMethods.has(method)) return undefined;
  const refused = refusedMethod(method, "", {});
  return refused ? refusalResponse(refused) : undefined;
}
