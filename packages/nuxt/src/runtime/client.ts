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
export type ClientAuthorizationParams = string | string[][] | Record<string, string> | URLSearchParams;

async function post(url: string, basePath: string, fields: Record<string, string>): Promise<{ response: Response; url: string | undefined }> {
  const { csrfToken } = (await (await fetch(`${basePath}/csrf`)).json()) as { csrfToken: string };
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Auth-Return-Redirect": "1" },
    body: new URLSearchParams({ ...fields, csrfToken }),
  });
  const data = (await response.clone().json().catch(() => ({}))) as { url?: string };
  return { response, url: data.url };
}

function go(url: string): void {
  window.location.href = url;
  // Only the hash changes: the browser would not load the page (and its session) again.
  if (url.includes("#")) window.location.reload();
}

/** The provider's type from `<basePath>/providers`, for providers whose id does not say it. */
async function providerType(basePath: string, provider: string): Promise<string | undefined> {
  if (provider === "credentials" || provider === "email") return provider;
  try {
    const providers = (await (await fetch(`${basePath}/providers`)).json()) as Record<string, { type?: string }>;
    return providers[provider]?.type;
  } catch {
    return undefined;
  }
}

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
  const { basePath = "/api/auth", callbackUrl, redirectTo, redirect = true, ...rest } = options;
  const returnTo = String(redirectTo ?? callbackUrl ?? window.location.href);
  if (!providerId) {
    go(`${basePath}/signin?${new URLSearchParams({ callbackUrl: returnTo })}`);
    return undefined;
  }
  const type = await providerType(basePath, providerId);
  const action = type === "credentials" ? "callback" : "signin";
  const query = new URLSearchParams(authorizationParams).toString();
  const fields: Record<string, string> = { callbackUrl: returnTo };
  for (const [name, value] of Object.entries(rest)) if (value !== undefined) fields[name] = String(value);
  const { response, url } = await post(`${basePath}/${action}/${encodeURIComponent(providerId)}${query ? `?${query}` : ""}`, basePath, fields);
  const error = url ? new URL(url, window.location.href).searchParams.get("error") : null;
  if (redirect || (type !== "credentials" && type !== "email") || !error) {
    go(url ?? returnTo);
    return undefined;
  }
  return response;
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
  const { basePath = "/api/auth" } = options;
  const returnTo = options.redirectTo ?? options.callbackUrl ?? window.location.href;
  const { url } = await post(`${basePath}/signout`, basePath, { callbackUrl: returnTo });
  go(url ?? returnTo);
}
