/**
 * Latch on the server side of an Astro app, with the config of `auth.config.ts` (served by the
 * integration as `auth:config`): the session of a request, a middleware guarding routes,
 * sign-in and sign-out from the app's own endpoints, and the auth endpoints themselves. The names
 * are those of `auth-astro/server`.
 *
 * @example
 * ```astro
 * ---
 * import { getSession } from "@latch/astro/server"
 * const session = await getSession(Astro.request)
 * ---
 * {session ? <p>Hello {session.user?.name}</p> : <a href="/api/auth/signin">Sign in</a>}
 * ```
 * @module @latch/astro/server
 */
import type { Session } from "@latch/core";
import type { SignInAuthorizationParams, SignInOptions, SignOutOptions } from "@latch/core/integration";
import type { MiddlewareHandler } from "astro";
import authConfig from "auth:config";
import type { FullAuthConfig } from "./config.js";
import { handlersFor, protectWith, sessionFor, signInFor, signOutFor, type AstroAuthHandlers, type AuthContext, type ProtectOptions } from "./handler.js";

export type { AstroAuthHandlers, AuthContext, ProtectOptions } from "./handler.js";
export type { SignInAuthorizationParams, SignInOptions, SignOutOptions } from "@latch/core/integration";

declare global {
  namespace App {
    interface Locals {
      /** The session of the request, once {@link protect} (or your own middleware) has read it. */
      session?: Session | null;
    }
  }
}

/**
 * The `GET`, `POST` and `ALL` endpoint handlers that serve Latch's routes under the config's
 * `prefix`. The integration injects them at `<prefix>/[...auth]`; with `injectEndpoints: false`,
 * export them from your own `src/pages/api/auth/[...auth].ts`.
 *
 * @example
 * ```ts
 * // src/pages/api/auth/[...auth].ts
 * import { AstroAuth } from "@latch/astro/server"
 * export const prerender = false
 * export const { GET, POST, ALL } = AstroAuth()
 * ```
 */
export function AstroAuth(config: FullAuthConfig = authConfig): AstroAuthHandlers {
  return handlersFor(config);
}

/**
 * The session of a request (`Astro.request` in a page, `context.request` in an endpoint or a
 * middleware), or `null`, also for a request whose `Host` is malformed. Throws
 * `MissingSecretError` without a secret, and an `AuthError` when the session cannot be read.
 *
 * @example
 * ```ts
 * const session = await getSession(Astro.request)
 * ```
 */
export function getSession(request: Request, config: FullAuthConfig = authConfig): Promise<Session | null> {
  return sessionFor(request, config);
}

/**
 * A middleware that lets a request to one of `paths` through only with a session (kept in
 * `context.locals.session`) and sends others to the sign-in page with the way back (or answers
 * what `unauthorized` returns). Export it as `onRequest` from `src/middleware.ts`, alone or in
 * Astro's `sequence`.
 *
 * @example
 * ```ts
 * // src/middleware.ts
 * import { protect } from "@latch/astro/server"
 * export const onRequest = protect({ paths: ["/dashboard"] })
 * ```
 */
export function protect(options: ProtectOptions, config: FullAuthConfig = authConfig): MiddlewareHandler {
  return protectWith(config, options);
}

/**
 * Signs in from the app's own endpoint (a form of the app's pages posted to it) and answers what
 * Latch's endpoint answers: credentials are checked at once, then a redirect to `redirectTo` with
 * the session cookie (or to the sign-in page with `?error=CredentialsSignin`); OAuth and OIDC
 * redirect to the provider; email sends the link; without a known provider, the sign-in page. The
 * browser's `Origin` must be the site's own; the client's address is `context.clientAddress`.
 *
 * @example
 * ```ts
 * // src/pages/login.ts
 * export const POST: APIRoute = async (context) => {
 *   const form = await context.request.formData()
 *   return signIn(context, "credentials", { email: String(form.get("email")), password: String(form.get("password")), redirectTo: "/dashboard" })
 * }
 * ```
 */
export function signIn(context: AuthContext, provider?: string, options?: SignInOptions, authorizationParams?: SignInAuthorizationParams, config: FullAuthConfig = authConfig): Promise<Response> {
  return signInFor(context, config, provider, options, authorizationParams);
}

/**
 * Signs out from the app's own endpoint: ends the session, clears its cookies and redirects to
 * `redirectTo`. The browser's `Origin` must be the site's own, as for {@link signIn}.
 *
 * @example
 * ```ts
 * export const POST: APIRoute = (context) => signOut(context, { redirectTo: "/" })
 * ```
 */
export function signOut(context: AuthContext, options?: SignOutOptions, config: FullAuthConfig = authConfig): Promise<Response> {
  return signOutFor(context, config, options);
}
