/**
 * Sign in and out from the browser, as `auth-astro/client` does: the CSRF token is fetched from
 * `<prefix>/csrf`, the form goes to `<prefix>/...` with `X-Auth-Return-Redirect: 1`, and the
 * answer's `{ url }` says where to go. `prefix` defaults to `/api/auth`.
 *
 * @example
 * ```astro
 * <button id="login">Sign in with GitHub</button>
 * <script>
 *   import { signIn } from "@latch/astro/client"
 *   document.querySelector("#login")!.addEventListener("click", () => signIn("github"))
 * </script>
 * ```
 * @module @latch/astro/client
 */
import { goTo, postSignOut, startSignIn, type BrowserAuthorizationParams } from "@latch/core/browser";

/** Options of the browser's {@link signIn}. */
export interface ClientSignInOptions extends Record<string, unknown> {
  /** Where Latch is served. Default `/api/auth`. */
  prefix?: string;
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
  prefix?: string;
  /** Where the user lands after signing out. Default: the current page. */
  callbackUrl?: string;
  /** Same as `callbackUrl`. */
  redirectTo?: string;
}

/** The authorization parameters added to the provider's authorization URL. */
export type ClientAuthorizationParams = BrowserAuthorizationParams;

/**
 * Starts a sign-in with `providerId` (credentials are checked at once), or opens the sign-in page
 * without one. The browser goes where the server says; with `redirect: false`, a refused
 * credentials or email sign-in answers the `Response` instead (its JSON `url` carries `?error=`).
 *
 * @example
 * ```ts
 * await signIn("credentials", { email, password, redirect: false })
 * ```
 */
export async function signIn(providerId?: string, options: ClientSignInOptions = {}, authorizationParams?: ClientAuthorizationParams): Promise<Response | undefined> {
  const { prefix = "/api/auth", redirect = true, ...fields } = options;
  const started = await startSignIn(prefix, providerId, fields, authorizationParams);
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
  const { prefix = "/api/auth", ...fields } = options;
  goTo(await postSignOut(prefix, fields));
}
