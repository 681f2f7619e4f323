/**
 * Sign in and out from the browser: the CSRF token comes from `<basePath>/csrf`, the form goes to
 * `<basePath>/…` with `X-Auth-Return-Redirect: 1`, and the answer's `{ url }` says where to go.
 * In a Nuxt app the module auto-imports `signIn` and `signOut` that pass the base path of its
 * options; called from here, pass `basePath` (default `/api/auth`).
 *
 * @example
 * ```vue
 * <button @click="signIn('github', { callbackUrl: '/dashboard' })">Sign in with GitHub</button>
 * ```
 * @module @latch/nuxt/client
 */
import { goTo, postSignOut, startSignIn, type BrowserAuthorizationParams } from "@latch/core/browser";

/** Options of the browser's {@link signIn}. */
export interface ClientSignInOptions extends Record<string, unknown> {
  /** Where Latch is served. Default `/api/auth`. */
  basePath?: string;
  /** Where the user lands after signing in. Default: the current page. */
  callbackUrl?: string;
  /** Same as `callbackUrl`. */
  redirectTo?: string;
  /** `false`: for credentials and email, answer the `Response` on failure instead of going to the error page. Default `true`. */
  redirect?: boolean;
}

/** Options of the browser's {@link signOut}. */
export interface ClientSignOutOptions {
  /** Where Latch is served. Default `/api/auth`. */
  basePath?: string;
  /** Where the user lands after signing out. Default: the current page. */
  callbackUrl?: string;
  /** Same as `callbackUrl`. */
  redirectTo?: string;
}

/** The authorization parameters added to the provider's authorization URL. */
export type ClientAuthorizationParams = BrowserAuthorizationParams;

/**
 * Starts a sign-in with `providerId` (credentials are checked at once), or opens the sign-in page
 * without one. The browser goes where the server says, and the page loads again with its session
 * rendered on the server; with `redirect: false`, a refused credentials or email sign-in answers
 * the `Response` instead (its JSON `url` carries `?error=`).
 *
 * @example
 * ```ts
 * await signIn("credentials", { email, password, redirect: false })
 * ```
 */
export async function signIn(providerId?: string, options: ClientSignInOptions = {}, authorizationParams?: ClientAuthorizationParams): Promise<Response | undefined> {
  const { basePath = "/api/auth", redirect = true, ...fields } = options;
  const started = await startSignIn(basePath, providerId, fields, authorizationParams);
  if (!started) return undefined;
  if (redirect || (started.type !== "credentials" && started.type !== "email") || !started.error) {
    goTo(started.url ?? started.returnTo);
    return undefined;
  }
  return started.response;
}

/**
 * Signs out and goes where the server says (the current page unless `callbackUrl`).
 *
 * @example
 * ```ts
 * await signOut({ callbackUrl: "/" })
 * ```
 */
export async function signOut(options: ClientSignOutOptions = {}): Promise<void> {
  const { basePath = "/api/auth", ...fields } = options;
  goTo(await postSignOut(basePath, fields));
}
