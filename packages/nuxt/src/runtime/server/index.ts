/**
 * Latch in a Nuxt app's server routes (`server/api/*.ts`, `server/routes/*.ts`), with the config
 * of the app's `auth.config.ts`: the session of a request, and sign-in and sign-out from the
 * app's own routes. `getServerSession` is also auto-imported in the server directory.
 *
 * @example
 * ```ts
 * // server/api/me.get.ts
 * import { getServerSession } from "@latch/nuxt/server"
 * export default defineEventHandler(async (event) => {
 *   const session = await getServerSession(event)
 *   if (!session) throw createError({ statusCode: 401 })
 *   return session.user
 * })
 * ```
 * @module @latch/nuxt/server
 */
import type { Session } from "@latch/core";
import type { SignInAuthorizationParams, SignInOptions, SignOutOptions } from "@latch/core/integration";
import authConfig from "#latch/config";
import { eventSession, eventSignIn, eventSignOut, type LatchEvent } from "./event.js";
import { nitroConfig } from "./nitro-config.js";

export type { Session } from "@latch/core";
export type { SignInAuthorizationParams, SignInOptions, SignOutOptions } from "@latch/core/integration";
export type { LatchEvent } from "./event.js";

/**
 * The session of the request, or `null` (also for a malformed `Host`); read once per request.
 * Throws `MissingSecretError` without a secret, and an `AuthError` when the session cannot be read.
 *
 * @example
 * ```ts
 * const session = await getServerSession(event)
 * ```
 */
export function getServerSession(event: LatchEvent): Promise<Session | null> {
  return eventSession(event, nitroConfig(authConfig));
}

/**
 * Signs in from the app's own server route (a form of the app's pages posted to it) and answers
 * what Latch's endpoint answers: credentials are checked at once, then a redirect to `redirectTo`
 * with the session cookie (or to the sign-in page with `?error=CredentialsSignin`); OAuth and OIDC
 * redirect to the provider; email sends the link; without a known provider, the sign-in page.
 * The browser's `Origin` must be the site's own; the client's address is the socket's peer.
 *
 * @example
 * ```ts
 * // server/routes/login.post.ts
 * export default defineEventHandler(async (event) => {
 *   const form = await readFormData(event)
 *   return signIn(event, "credentials", { email: String(form.get("email")), password: String(form.get("password")), redirectTo: "/dashboard" })
 * })
 * ```
 */
export function signIn(event: LatchEvent, provider?: string, options?: SignInOptions, authorizationParams?: SignInAuthorizationParams): Promise<Response> {
  return eventSignIn(event, nitroConfig(authConfig), provider, options, authorizationParams);
}

/**
 * Signs out from the app's own server route: ends the session, clears its cookies and redirects
 * to `redirectTo`. The browser's `Origin` must be the site's own, as for {@link signIn}.
 *
 * @example
 * ```ts
 * // server/routes/logout.post.ts
 * export default defineEventHandler((event) => signOut(event, { redirectTo: "/" }))
 * ```
 */
export function signOut(event: LatchEvent, options?: SignOutOptions): Promise<Response> {
  return eventSignOut(event, nitroConfig(authConfig), options);
}
