/**
 * Latch for Next.js 15 and 16 (App Router and Pages Router), a drop-in for `next-auth@5`:
 * `NextAuth(config)` gives the Route Handlers, `auth()` and the server-side `signIn`, `signOut`
 * and `unstable_update`.
 *
 * @example
 * ```ts
 * // auth.ts
 * import NextAuth from "@latch/next"
 * import GitHub from "@latch/next/providers/github"
 * export const { handlers, auth, signIn, signOut } = NextAuth({ providers: [GitHub] })
 *
 * // app/api/auth/[...nextauth]/route.ts
 * export const { GET, POST } = handlers
 *
 * // proxy.ts (Next.js 16; middleware.ts before)
 * export { auth as proxy } from "./auth"
 * ```
 * @module @latch/next
 */
import type { Session } from "@latch/core";
import type { SessionOf } from "@latch/core/plugins";
import type { NextRequest } from "next/server";
import { serverSignIn, serverSignOut, serverUpdate, type AuthorizationParams, type SignInOptions, type SignOutOptions, type UpdateData } from "./actions.js";
import { createAuth, type AuthFunction } from "./auth.js";
import { configFor, type NextAuthConfig } from "./config.js";
import { createHandlers, type RouteHandlers } from "./handlers.js";

export type { NextAuthConfig, NextAuthConfigInput, AuthorizedParams, SessionCallbackParams } from "./config.js";
export type { AuthFunction } from "./auth.js";
export type { RouteHandlers } from "./handlers.js";
export type { NextAuthRequest, AuthWrappedHandler, AppRouteHandlerContext } from "./interceptor.js";
export type { SignInOptions, SignOutOptions, AuthorizationParams, UpdateData } from "./actions.js";
export type { Session, User, DefaultSession, Account, Profile, AuthConfig } from "@latch/core";
export { AuthError, CredentialsSignin } from "@latch/core";
export { MissingSecretError } from "@latch/core/errors";

/** What {@link NextAuth} returns. */
export interface NextAuthResult<AppSession = Session> {
  /** `export const { GET, POST } = handlers` in `app/api/auth/[...nextauth]/route.ts`. */
  handlers: RouteHandlers;
  /** Reads the session everywhere, or guards requests as the interceptor; see {@link AuthFunction}. */
  auth: AuthFunction<AppSession>;
  /**
   * Signs in from server code (Server Actions, Route Handlers). Without a provider (or with one
   * that is not configured): redirects to the sign-in page. OAuth/OIDC: redirects to the
   * provider; `authorizationParams` join the authorization URL. Credentials: posts the fields of
   * `options` and redirects to `redirectTo` (default: the current page). With `redirect: false`
   * the URL is returned instead. A refused sign-in throws the `AuthError` subclass of its type,
   * `CredentialsSignin` with its `code`.
   *
   * @example
   * ```ts
   * "use server"
   * await signIn("credentials", formData) // or { email, password, redirectTo: "/dashboard" }
   * ```
   */
  signIn: (provider?: string, options?: SignInOptions, authorizationParams?: AuthorizationParams) => Promise<any>;
  /**
   * Signs out from server code and redirects to `redirectTo` (default: the current page); with
   * `redirect: false` returns that URL.
   *
   * @example
   * ```ts
   * "use server"
   * await signOut({ redirectTo: "/" })
   * ```
   */
  signOut: (options?: SignOutOptions) => Promise<any>;
  /**
   * Updates the session from server code (the `jwt` callback gets `trigger: "update"` and the data
   * as `session`; database sessions: the `session` callback gets it as `newSession`) and returns
   * the updated session. Unstable, as in Auth.js.
   *
   * @example
   * ```ts
   * await unstable_update({ user: { name: "Ada L." } })
   * ```
   */
  unstable_update: (data: UpdateData) => Promise<AppSession | null>;
}

/**
 * Sets Latch up for a Next.js app. `config` may be a function of the request (`undefined`
 * outside one), for configuration that depends on it. The environment fills what the config
 * leaves out (`AUTH_SECRET`, `AUTH_URL`, `AUTH_TRUST_HOST`, `AUTH_<PROVIDER>_ID`/`_SECRET`, …)
 * without writing into it; `basePath` defaults to `/api/auth`.
 *
 * @example
 * ```ts
 * import NextAuth from "@latch/next"
 * import Credentials from "@latch/next/providers/credentials"
 *
 * export const { handlers, auth, signIn, signOut, unstable_update } = NextAuth({
 *   providers: [Credentials({ credentials: { email: {}, password: {} }, authorize: checkPassword })],
 *   callbacks: { authorized: ({ auth }) => !!auth?.user },
 * })
 * ```
 */
export default function NextAuth<Config extends NextAuthConfig = NextAuthConfig>(
  config: Config | ((request: NextRequest | undefined) => Config | PromiseLike<Config>),
): NextAuthResult<SessionOf<Config>> {
  return {
    handlers: createHandlers(config),
    // The readers return what core's session endpoint returns: the session with the plugins' fields.
    auth: createAuth(config) as AuthFunction<SessionOf<Config>>,
    signIn: async (provider, options, authorizationParams) => serverSignIn(await configFor(config, undefined), provider, options, authorizationParams),
    signOut: async (options) => serverSignOut(await configFor(config, undefined), options),
    unstable_update: async (data) => (await serverUpdate(await configFor(config, undefined), data)) as SessionOf<Config> | null,
  };
}

export { NextAuth };
