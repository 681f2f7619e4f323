/**
 * Sign in and out from the browser, as `@auth/solid-start/client` does: the CSRF token comes from
 * `<prefix>/csrf`, the form goes to `<prefix>/…` with `X-Auth-Return-Redirect: 1`, and the
 * answer's `{ url }` says where to go. `prefix` defaults to `/api/auth`.
 *
 * @example
 * ```tsx
 * import { signIn, signOut } from "@latch/solid-start/client"
 * <button onClick={() => signIn("github")}>Sign in with GitHub</button>
 * <button onClick={() => signOut({ redirectTo: "/" })}>Sign out</button>
 * ```
 * @module @latch/solid-start/client
 */
import { goTo, postSignOut, startSignIn, type BrowserAuthorizationParams } from "@latch/core/browser";

/** Options of the browser's {@link signIn}. Other fields (such as `email`, `password`) are posted with the form. */
export interface SignInOptions<Redirect extends boolean = boolean> extends Record<string, unknown> {
  /** Where Latch is served. Default `/api/auth`. */
  prefix?: string;
  /** Where the user lands after signing in. Default: the current page. */
  redirectTo?: string;
  /** @deprecated Use `redirectTo`. */
  callbackUrl?: string;
  /** `false`: answer a {@link SignInResponse} instead of going where the server says. Default `true`. */
  redirect?: Redirect;
}

/** Options of the browser's {@link signOut}. */
export interface SignOutOptions {
  /** Where Latch is served. Default `/api/auth`. */
  prefix?: string;
  /** Where the user lands after signing out. Default: the current page. */
  redirectTo?: string;
  /** @deprecated Use `redirectTo`. */
  callbackUrl?: string;
  /** `false`: stay on the page (the session is ended all the same). Default `true`. */
  redirect?: boolean;
}

/** What {@link signIn} answers with `redirect: false`, as `@auth/solid-start/client`'s `SignInResponse`. */
export interface SignInResponse {
  /** The error the server named (`CredentialsSignin`, …), or `undefined`. */
  error: string | undefined;
  /** The error's code, for credentials sign-ins that give one. */
  code: string | undefined;
  /** The HTTP status of the sign-in request. */
  status: number;
  /** Whether the request succeeded and named no error. */
  ok: boolean;
  /** Where the server would send the browser; `null` on an error. */
  url: string | null;
}

/** The authorization parameters added to the provider's authorization URL, as `URLSearchParams` takes them. */
export type SignInAuthorizationParams = BrowserAuthorizationParams;

/**
 * Starts a sign-in with `provider` (credentials are checked at once), or opens the sign-in page
 * without one. The browser goes where the server says; with `redirect: false`, the answer is a
 * {@link SignInResponse} and the page stays.
 *
 * @example
 * ```ts
 * const result = await signIn("credentials", { email, password, redirect: false })
 * if (result.error) showError(result.error)
 * ```
 */
export async function signIn(provider?: string, options?: SignInOptions<true>, authorizationParams?: SignInAuthorizationParams): Promise<void>;
export async function signIn(provider: string | undefined, options: SignInOptions<false>, authorizationParams?: SignInAuthorizationParams): Promise<SignInResponse>;
export async function signIn(provider?: string, options: SignInOptions = {}, authorizationParams?: SignInAuthorizationParams): Promise<SignInResponse | void> {
  const { prefix = "/api/auth", redirect = true, ...fields } = options;
  const started = await startSignIn(prefix, provider, fields, authorizationParams);
  if (!started) return;
  if (redirect) {
    goTo(started.url ?? started.returnTo);
    return;
  }
  const { response, url, error, code } = started;
  return { error, code, status: response.status, ok: response.ok && !error, url: error ? null : (url ?? null) };
}

/**
 * Signs out and goes where the server says (the current page unless `redirectTo`).
 *
 * @example
 * ```ts
 * await signOut({ redirectTo: "/" })
 * ```
 */
export async function signOut(options: SignOutOptions = {}): Promise<void> {
  const { prefix = "/api/auth", redirect = true, ...fields } = options;
  const next = await postSignOut(prefix, fields);
  if (redirect) goTo(next);
}
