/**
 * Latch for Fastify 5: register `latch` (a `fastify-plugin` plugin) with the config, and it serves
 * `<basePath>/*` (default `/auth`) and gives every request of the context it is registered in
 * `request.auth()`, the session or `null`.
 *
 * @example
 * ```ts
 * import Fastify from "fastify"
 * import { latch } from "@latch/fastify"
 * import Credentials from "@latch/core/providers/credentials"
 *
 * const app = Fastify()
 * await app.register(latch, { providers: [Credentials({ authorize })] })
 * app.get("/me", async (request) => (await request.auth())?.user ?? null)
 * ```
 * @module @latch/fastify
 */
import { Auth, AuthError, setClientAddress, type Session } from "@latch/core";
import { InvalidRequest } from "@latch/core/errors";
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { defaultBasePath, prepareConfig, type FastifyAuthConfig } from "./config.js";
import { originOf, toWebRequest } from "./request.js";
import { takesOtherMethods, readSession, signInRequest, signOutRequest, warnOnOtherHost, type ActionRequest, type SignInAuthorizationParams, type SignInOptions, type SignOutOptions } from "@latch/core/integration";

export type { FastifyAuthConfig } from "./config.js";
export type { SignInAuthorizationParams, SignInOptions, SignOutOptions } from "@latch/core/integration";
export type { Account, AuthConfig, DefaultSession, Profile, Session, User } from "@latch/core";
export { AuthError, CredentialsSignin, customFetch } from "@latch/core";
export { MissingSecretError } from "@latch/core/errors";

declare module "fastify" {
  interface FastifyRequest {
    /**
     * The session of the request, or `null`; read once per request. Set by the `latch` plugin for
     * the requests of the context it is registered in.
     */
    auth(): Promise<Session | null>;
  }
}

/** Bodies of Latch's routes above this are answered 413 by Fastify. */
const maxBody = 64 * 1024;

const sessions = new WeakMap<FastifyRequest, Promise<Session | null>>();

/** The config of each registration, by the `request.auth` it decorates requests with. */
const configs = new WeakMap<object, FastifyAuthConfig>();

/** The config of the registration whose context `request` is in. */
function configOf(request: FastifyRequest, what: string): FastifyAuthConfig {
  const config = typeof request.auth === "function" ? configs.get(request.auth) : undefined;
  if (!config) throw new AuthError(`${what}: register the latch plugin in this request's context first.`);
  return config;
}

/** Whether `path` (under `basePath`) may take other methods than GET, HEAD and POST: a configured plugin's, or a feature's rows that answer them. */
function isPluginPath(path: string, config: FastifyAuthConfig): boolean {
  return takesOtherMethods(path, config);
}

/** Writes a web `Response` to Fastify: status, every header (each `Set-Cookie` on its own), body. */
async function send(response: Response, reply: FastifyReply): Promise<FastifyReply> {
  reply.code(response.status);
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header("set-cookie", cookies);
  return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
}

async function sessionOf(request: FastifyRequest, config: FastifyAuthConfig): Promise<Session | null> {
  warnOnOtherHost((name) => request.headers[name] as string | undefined, config);
  let origin: string;
  try {
    origin = originOf(request, config.siteUrl);
  } catch (error) {
    // A request whose Host or protocol is malformed has no session to show.
    if (error instanceof InvalidRequest) return null;
    throw error;
  }
  return readSession((name) => request.headers[name] as string | undefined, { origin, basePath: config.basePath ?? defaultBasePath, config });
}

const plugin: FastifyPluginAsync<FastifyAuthConfig> = async (fastify, options) => {
  // Fastify hands a plugin its options object; the config is everything but Fastify's own keys.
  const config = prepareConfig(options, process.env);
  const basePath = config.basePath!;
  // Registered under a prefix, the routes' own prefix is what basePath adds to it.
  if (basePath !== fastify.prefix && !basePath.startsWith(`${fastify.prefix}/`)) {
    throw new TypeError(`@latch/fastify is registered under the prefix "${fastify.prefix}", but basePath is "${basePath}": set basePath to a path under the prefix, such as "${fastify.prefix}/auth".`);
  }

  const auth = function (this: FastifyRequest) {
    let session = sessions.get(this);
    if (!session) {
      session = sessionOf(this, config);
      sessions.set(this, session);
    }
    return session;
  };
  configs.set(auth, config);
  fastify.decorateRequest("auth", auth);

  // Latch's routes in a context of their own: their parser keeps every body as bytes, and the
  // app's parsers (JSON, forms, its own) stay as they are for its routes.
  await fastify.register(
    async (routes: FastifyInstance) => {
      routes.removeAllContentTypeParsers();
      routes.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: maxBody }, (_request, body, done) => done(null, body));
      const handler = async (request: FastifyRequest, reply: FastifyReply) => {
        // The socket's peer, never a header (Fastify's `trustProxy` is not read): rate limits
        // read forwarded headers only behind the proxies the config trusts.
        const peer = request.raw.socket?.remoteAddress;
        warnOnOtherHost((name) => request.headers[name] as string | undefined, config);
        let web: Request;
        try {
          const path = new URL(request.url, "http://path.invalid").pathname;
          web = toWebRequest(request, originOf(request, config.siteUrl), isPluginPath(path.slice(basePath.length), config));
        } catch (error) {
          if (!(error instanceof InvalidRequest)) throw error;
          return reply.code(error.status).send({ error: error.type, message: error.message });
        }
        setClientAddress(web, peer);
        return send(await Auth(web, config), reply);
      };
      routes.all("/*", handler);
    },
    { prefix: basePath.slice(fastify.prefix.length) },
  );
};

/**
 * The Latch plugin: serves `<basePath>/*` (default `/auth`; the config's `basePath`, not
 * Fastify's `prefix`) and decorates the requests of the context it is registered in with
 * `request.auth()`. `AUTH_SECRET`, `AUTH_URL`, `AUTH_TRUST_HOST` and `AUTH_<PROVIDER>_ID/_SECRET`
 * are read from `process.env`.
 *
 * The client's address for rate limits is the socket's peer: Fastify's `trustProxy` is not read;
 * behind a proxy, name it in `RateLimit({ clientAddress: { trustedProxies } })`.
 *
 * @example
 * ```ts
 * await app.register(latch, { providers: [GitHub], basePath: "/auth" })
 * ```
 */
export const latch = fp(plugin, { fastify: "5.x", name: "@latch/fastify" });

/**
 * The session of a request, or `null` (also for a request whose `Host` is malformed): the same as
 * `request.auth()`, for code that reads it the way `getSession` of the other integrations does.
 *
 * Throws `MissingSecretError` when neither the config nor `AUTH_SECRET` gives a secret, and an
 * `AuthError` when the session cannot be read for another reason or the plugin is not registered
 * in the request's context.
 *
 * @example
 * ```ts
 * app.get("/dashboard", async (request, reply) => {
 *   const session = await getSession(request)
 *   if (!session?.user) return reply.redirect(`/auth/signin?callbackUrl=${encodeURIComponent(request.url)}`)
 *   return `Hello ${session.user.name}`
 * })
 * ```
 */
export function getSession(request: FastifyRequest): Promise<Session | null> {
  if (typeof request.auth !== "function") return Promise.reject(new AuthError("getSession: register the latch plugin in this request's context first."));
  return request.auth();
}

/** What the server-side actions read of a Fastify request: its headers and the socket's peer. */
function actionRequest(request: FastifyRequest): ActionRequest {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
    else if (value !== undefined) headers.set(name, value);
  }
  return { headers, address: request.raw.socket?.remoteAddress };
}

/** The site's origin, or `undefined` after answering 400 for a malformed `Host`. */
function actionOrigin(request: FastifyRequest, reply: FastifyReply, config: FastifyAuthConfig): string | undefined {
  try {
    return originOf(request, config.siteUrl);
  } catch (error) {
    if (!(error instanceof InvalidRequest)) throw error;
    void reply.code(error.status).send({ error: error.type, message: error.message });
    return undefined;
  }
}

/**
 * Signs in from the app's own route (a form of the app's pages posted to it) and answers with
 * `reply` what Latch's endpoint answers: credentials are checked at once, then a redirect to
 * `redirectTo` with the session cookie (or to the sign-in page with `?error=CredentialsSignin`);
 * OAuth and OIDC redirect to the provider; email sends the link. Without a known provider, a
 * redirect to the sign-in page. The browser's `Origin` must be the site's own (a form posted from
 * another site is refused).
 *
 * @example
 * ```ts
 * app.post("/login", async (request, reply) => {
 *   const { email, password } = request.body as { email: string; password: string }
 *   return signIn(request, reply, "credentials", { email, password, redirectTo: "/dashboard" })
 * })
 * ```
 */
export async function signIn(
  request: FastifyRequest,
  reply: FastifyReply,
  provider?: string,
  options?: SignInOptions,
  authorizationParams?: SignInAuthorizationParams,
): Promise<FastifyReply> {
  const config = configOf(request, "signIn");
  const origin = actionOrigin(request, reply, config);
  if (origin === undefined) return reply;
  return send(await signInRequest(actionRequest(request), { origin, config, basePath: config.basePath ?? defaultBasePath }, provider, options, authorizationParams), reply);
}

/**
 * Signs out from the app's own route: ends the session, clears its cookies and redirects to
 * `redirectTo`. The browser's `Origin` must be the site's own, as for {@link signIn}.
 *
 * @example
 * ```ts
 * app.post("/logout", (request, reply) => signOut(request, reply, { redirectTo: "/" }))
 * ```
 */
export async function signOut(request: FastifyRequest, reply: FastifyReply, options?: SignOutOptions): Promise<FastifyReply> {
  const config = configOf(request, "signOut");
  const origin = actionOrigin(request, reply, config);
  if (origin === undefined) return reply;
  return send(await signOutRequest(actionRequest(request), { origin, config, basePath: config.basePath ?? defaultBasePath }, options), reply);
}
