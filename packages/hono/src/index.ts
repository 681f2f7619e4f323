/**
 * Latch for Hono, on Node, Bun, Deno and Cloudflare Workers: `initAuthConfig` gives the config to
 * every request, `authHandler()` serves `<basePath>/*` (default `/auth`), `verifyAuth()`
 * answers 401 without a session, and `auth(c)` reads the session in a route. The names and shapes
 * are those of `@hono/auth-js`, so an app moves over by changing the package name.
 *
 * @example
 * ```ts
 * import { Hono } from "hono"
 * import { serve } from "@hono/node-server"
 * import { getConnInfo } from "@hono/node-server/conninfo"
 * import { authHandler, initAuthConfig, verifyAuth } from "@latch/hono"
 * import Credentials from "@latch/core/providers/credentials"
 *
 * const app = new Hono()
 * app.use("*", initAuthConfig((c) => ({ providers: [Credentials({ authorize })] })))
 * app.use("/auth/*", authHandler({ getConnInfo }))
 * app.use("/api/*", verifyAuth())
 * app.get("/api/me", (c) => c.json(c.get("authUser").session.user))
 * serve(app)
 * ```
 * @module @latch/hono
 */
import { Auth, AuthError, setClientAddress, type Session } from "@latch/core";
import { InvalidRequest } from "@latch/core/errors";
import { getToken, type JWT, type JWTDecodeParams } from "@latch/core/jwt";
import type { Context, MiddlewareHandler } from "hono";
import { env } from "hono/adapter";
import { HTTPException } from "hono/http-exception";
import { defaultBasePath, prepareConfig, type HonoAuthConfig } from "./config.js";
import { originOf, toAuthRequest } from "./request.js";
import { takesOtherMethods, readSession, signInRequest, signOutRequest, warnOnOtherHost, type SignInAuthorizationParams, type SignInOptions, type SignOutOptions } from "@latch/core/integration";

export type { HonoAuthConfig } from "./config.js";
export type { SignInAuthorizationParams, SignInOptions, SignOutOptions } from "@latch/core/integration";
// The names `@hono/auth-js` and `@auth/core` export, so that an app moves over by changing the package name.
export type { Account, AuthConfig, DefaultSession, Profile, Session, User } from "@latch/core";
export { AuthError, CredentialsSignin, customFetch } from "@latch/core";
export { MissingSecretError } from "@latch/core/errors";

/** A config, or a function of the request's context that returns one (`@hono/auth-js`'s `ConfigHandler`). */
export type ConfigHandler = (c: Context) => HonoAuthConfig | PromiseLike<HonoAuthConfig>;

/**
 * What `verifyAuth()` sets as `c.get("authUser")`, under `@hono/auth-js`'s shape: the session,
 * and with JWT sessions the decoded token. `user` (the adapter's user, which `@hono/auth-js`
 * copies from the session callback's arguments with database sessions) stays unset: put what a
 * route needs into the session with the `session` callback.
 */
export interface AuthUser {
  session: Session;
  token?: JWT;
  user?: Session["user"];
}

declare module "hono" {
  interface ContextVariableMap {
    /** The prepared config, set by {@link initAuthConfig}. */
    authConfig: HonoAuthConfig;
    /** The signed-in user, set by {@link verifyAuth}. */
    authUser: AuthUser;
    /** The session of the request (`null` without one), set by {@link verifyAuth} and {@link auth}. */
    session: Session | null;
  }
}

/**
 * Thrown when a Latch middleware runs before {@link initAuthConfig} gave the request its config
 * (a mistake in the app's setup, found at its first request; its `type` is `"AuthError"`).
 */
export class MissingAuthConfig extends AuthError {
  override name = "MissingAuthConfig";
}

/** Options of {@link authHandler}. */
export interface AuthHandlerOptions {
  /**
   * The client's address, for rate limits: your runtime adapter's `getConnInfo` (`@hono/node-server/conninfo`,
   * `hono/bun`, `hono/deno`). Without it, limits key by account only, unless the config names a
   * source (`RateLimit({ clientAddress: { platform: "cloudflare" } })` on Workers). Forwarded
   * headers are read only behind the proxies of `RateLimit({ clientAddress: { trustedProxies } })`.
   */
  getConnInfo?: (c: Context) => { remote: { address?: string | undefined } };
}

/**
 * Gives every request the config (`c.get("authConfig")`), with the environment's defaults read
 * through Hono's `env(c)`: `process.env` on Node and Bun, `Deno.env` on Deno, the bindings
 * (`c.env`) on Workers. Register it before the other middleware of this package. `getConnInfo`
 * given here serves {@link authHandler}, {@link signIn} and {@link signOut} alike.
 *
 * @example
 * ```ts
 * app.use("*", initAuthConfig((c) => ({ secret: c.env.AUTH_SECRET, providers: [GitHub] })))
 * ```
 */
export function initAuthConfig(config: HonoAuthConfig | ConfigHandler, options: AuthHandlerOptions = {}): MiddlewareHandler {
  return async (c, next) => {
    const input = typeof config === "function" ? await config(c) : config;
    c.set("authConfig", prepareConfig(input, environment(c)));
    if (options.getConnInfo) connInfos.set(c, options.getConnInfo);
    await next();
  };
}

/** The `getConnInfo` given to {@link initAuthConfig}, per request. */
const connInfos = new WeakMap<Context, NonNullable<AuthHandlerOptions["getConnInfo"]>>();

/** The client's address: from `getConnInfo` of the handler's options, else of {@link initAuthConfig}'s. */
function addressOf(c: Context, options: AuthHandlerOptions = {}): string | undefined {
  return (options.getConnInfo ?? connInfos.get(c))?.(c).remote.address;
}

/**
 * The runtime's environment through Hono's `env(c)`; on Deno without `--allow-env`, the bindings
 * Hono gives the request (none), so that the config alone decides.
 */
function environment(c: Context): Record<string, unknown> | undefined {
  try {
    return env(c);
  } catch {
    return c.env as Record<string, unknown> | undefined;
  }
}

function configOf(c: Context): HonoAuthConfig {
  const config = c.get("authConfig");
  if (!config) throw new MissingAuthConfig("No Latch config for this request: register initAuthConfig(…) before authHandler(), verifyAuth() and auth(c).");
  return config;
}

const header = (c: Context) => (name: string) => c.req.header(name);

/**
 * The request's URL with the protocol of the connection: `@hono/node-server` copies the scheme of
 * an absolute-form request line (`GET https://other.example/… HTTP/1.1`) into `c.req.url`, so on
 * Node the socket says whether the connection is TLS. Bun, Deno and Workers build the URL from
 * the connection themselves.
 */
function urlOf(c: Context): URL {
  const url = new URL(c.req.url);
  const incoming = (c.env as { incoming?: { socket?: { encrypted?: boolean } } } | undefined)?.incoming;
  if (incoming?.socket) url.protocol = incoming.socket.encrypted ? "https:" : "http:";
  return url;
}

/** Whether `path` (under `basePath`) may take other methods than GET, HEAD and POST: a configured plugin's, or a feature's rows that answer them. */
function isPluginPath(path: string, config: HonoAuthConfig): boolean {
  return takesOtherMethods(path, config);
}

/**
 * Serves Latch's routes under the config's `basePath` (default `/auth`); other requests go on
 * to the next handler. Mount it on `<basePath>/*`.
 *
 * @example
 * ```ts
 * app.use("/auth/*", authHandler({ getConnInfo }))
 * ```
 */
export function authHandler(options: AuthHandlerOptions = {}): MiddlewareHandler {
  return async (c, next) => {
    const config = configOf(c);
    const basePath = config.basePath ?? defaultBasePath;
    const url = urlOf(c);
    if (url.pathname !== basePath && !url.pathname.startsWith(`${basePath}/`)) return next();
    warnOnOtherHost(header(c), config);
    let request: Request;
    try {
      const origin = originOf(url, c.req.header("host"), config.siteUrl);
      request = await toAuthRequest(
        {
          url: c.req.url,
          method: c.req.method,
          headers: c.req.raw.headers,
          stream: () => (c.req.raw.bodyUsed ? undefined : c.req.raw.body),
          readBody: () => c.req.arrayBuffer(),
        },
        origin,
        isPluginPath(url.pathname.slice(basePath.length), config),
      );
    } catch (error) {
      if (!(error instanceof InvalidRequest)) throw error;
      return c.json({ error: error.type, message: error.message }, error.status as 400);
    }
    // The address the server saw, never a header: rate limits read forwarded headers only behind
    // the proxies the config trusts.
    setClientAddress(request, addressOf(c, options));
    return Auth(request, config);
  };
}

const sessions = new WeakMap<Context, Promise<Session | null>>();

/**
 * The session of the request, or `null` (also for a request whose `Host` is malformed); read once
 * per request and kept as `c.get("session")`. Needs {@link initAuthConfig}.
 *
 * Throws `MissingSecretError` when neither the config nor `AUTH_SECRET` gives a secret, and an
 * `AuthError` when the session cannot be read for another reason.
 *
 * @example
 * ```ts
 * app.get("/", async (c) => {
 *   const session = await auth(c)
 *   return c.html(session?.user ? `Hello ${session.user.name}` : `<a href="/auth/signin">Sign in</a>`)
 * })
 * ```
 */
export function auth(c: Context): Promise<Session | null> {
  let session = sessions.get(c);
  if (!session) {
    session = sessionOf(c);
    sessions.set(c, session);
  }
  return session;
}

async function sessionOf(c: Context): Promise<Session | null> {
  const config = configOf(c);
  warnOnOtherHost(header(c), config);
  let origin: string;
  try {
    origin = originOf(urlOf(c), c.req.header("host"), config.siteUrl);
  } catch (error) {
    if (error instanceof InvalidRequest) return null;
    throw error;
  }
  const session = await readSession((name) => c.req.header(name), { origin, basePath: config.basePath ?? defaultBasePath, config });
  c.set("session", session);
  return session;
}

/**
 * The signed-in user as `@hono/auth-js` gives it (`{ session, token }`, `token` with JWT sessions
 * only), or `null`.
 *
 * @example
 * ```ts
 * const user = await getAuthUser(c)
 * ```
 */
export async function getAuthUser(c: Context): Promise<AuthUser | null> {
  const session = await auth(c);
  if (!session?.user) return null;
  const config = configOf(c);
  const database = config.session?.strategy === "database" || (config.session?.strategy === undefined && config.adapter !== undefined);
  if (database) return { session };
  // The session read above verified the cookie; this opens the same token for its claims.
  const url = urlOf(c);
  const cookieName = config.cookies?.sessionToken?.name;
  const decode = config.jwt?.decode;
  const token = await getToken({
    req: c.req.raw,
    secret: config.secret!,
    secureCookie: config.useSecureCookies ?? (config.siteUrl ?? url.href).startsWith("https:"),
    ...(cookieName ? { cookieName } : {}),
    ...(decode ? { decode: async (params: JWTDecodeParams) => (await decode(params)) ?? null } : {}),
  });
  return token ? { session, token } : { session };
}

/**
 * Lets a request with a session through (with `c.get("authUser")` and `c.get("session")` set) and
 * answers others 401 through an `HTTPException` (`app.onError` may turn it into a redirect).
 *
 * @example
 * ```ts
 * app.use("/api/*", verifyAuth())
 * ```
 */
export function verifyAuth(): MiddlewareHandler {
  return async (c, next) => {
    const authUser = await getAuthUser(c);
    if (!authUser) throw new HTTPException(401, { res: new Response("Unauthorized", { status: 401 }) });
    c.set("authUser", authUser);
    await next();
  };
}

/** The site's origin of a request, or the 400 answer for a malformed `Host`. */
function actionOrigin(c: Context, config: HonoAuthConfig): string | Response {
  try {
    return originOf(urlOf(c), c.req.header("host"), config.siteUrl);
  } catch (error) {
    if (!(error instanceof InvalidRequest)) throw error;
    return c.json({ error: error.type, message: error.message }, 400);
  }
}

/**
 * Signs in from the app's own route (a form of the app's pages posted to it) and answers what
 * Latch's endpoint answers: credentials are checked at once, then a redirect to `redirectTo` with
 * the session cookie (or to the sign-in page with `?error=CredentialsSignin`); OAuth and OIDC
 * redirect to the provider; email sends the link. Without a known provider, a redirect to the
 * sign-in page. The browser's `Origin` must be the site's own (a form posted from another site is
 * refused); the client's address comes from `getConnInfo` given to {@link initAuthConfig}.
 *
 * @example
 * ```ts
 * app.post("/login", async (c) => {
 *   const form = await c.req.parseBody()
 *   return signIn(c, "credentials", { email: String(form.email), password: String(form.password), redirectTo: "/dashboard" })
 * })
 * ```
 */
export async function signIn(c: Context, provider?: string, options?: SignInOptions, authorizationParams?: SignInAuthorizationParams): Promise<Response> {
  const config = configOf(c);
  const origin = actionOrigin(c, config);
  if (origin instanceof Response) return origin;
  return signInRequest({ headers: c.req.raw.headers, address: addressOf(c) }, { origin, config, basePath: config.basePath ?? defaultBasePath }, provider, options, authorizationParams);
}

/**
 * Signs out from the app's own route: ends the session, clears its cookies and redirects to
 * `redirectTo`. The browser's `Origin` must be the site's own, as for {@link signIn}.
 *
 * @example
 * ```ts
 * app.post("/logout", (c) => signOut(c, { redirectTo: "/" }))
 * ```
 */
export async function signOut(c: Context, options?: SignOutOptions): Promise<Response> {
  const config = configOf(c);
  const origin = actionOrigin(c, config);
  if (origin instanceof Response) return origin;
  return signOutRequest({ headers: c.req.raw.headers, address: addressOf(c) }, { origin, config, basePath: config.basePath ?? defaultBasePath }, options);
}
