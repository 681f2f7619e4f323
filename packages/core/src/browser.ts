/**
 * `@latch/core/browser`: what a framework's browser client does to sign in and out, once, for the
 * clients that post forms to Latch (`@latch/astro/client`, `@latch/nuxt/client`,
 * `@latch/solid-start/client`): the CSRF token from `<basePath>/csrf`, the form posted with
 * `X-Auth-Return-Redirect: 1`, the answer's `{ url }` saying where to go; and the switch of the
 * session's active organization that `@latch/react` and `@latch/sveltekit/client` post, with its
 * refusal (`SwitchOrganizationError`). Browser code: it imports
 * nothing, so no server module reaches a page's bundle through it.
 *
 * @example
 * ```ts
 * const started = await startSignIn("/api/auth", "github", { redirectTo: "/dashboard" })
 * if (started) goTo(started.url ?? started.returnTo)
 * ```
 * @module @latch/core/browser
 */

/** What a browser's sign-in posts besides the provider: where to land, and the form's other fields (`email`, `password`…). */
export interface BrowserSignInFields extends Record<string, unknown> {
  /** Where the user lands after signing in. Default: the current page. */
  redirectTo?: string;
  /** @deprecated Use `redirectTo`. */
  callbackUrl?: string;
}

/** What a browser's sign-out posts: where to land. */
export interface BrowserSignOutFields {
  /** Where the user lands after signing out. Default: the current page. */
  redirectTo?: string;
  /** @deprecated Use `redirectTo`. */
  callbackUrl?: string;
}

/** The authorization parameters added to the provider's authorization URL, as `URLSearchParams` takes them. */
export type BrowserAuthorizationParams = string | string[][] | Record<string, string> | URLSearchParams;

/** A form Latch answered: the response, and the `url` its JSON names (where the browser should go). */
export interface PostedForm {
  readonly response: Response;
  readonly url: string | undefined;
}

/** A sign-in posted to Latch: the answer, the provider's type, and where the user lands unless the answer says otherwise. */
export interface StartedSignIn extends PostedForm {
  /** The provider's type (`credentials`, `email`, `oauth`, `oidc`…), when Latch's provider list names it. */
  readonly type: string | undefined;
  /** `redirectTo` (or `callbackUrl`), else the current page. */
  readonly returnTo: string;
  /** The `error` the answer's URL names (`CredentialsSignin`…), or `undefined`. */
  readonly error: string | undefined;
  /** The `code` the answer's URL names, for a credentials sign-in that gives one. */
  readonly code: string | undefined;
}

/** Posts `fields` and the CSRF token of `<basePath>/csrf` to `<basePath>/<path>`, asking for the redirect as JSON. */
export async function postForm(basePath: string, path: string, fields: Record<string, string>): Promise<PostedForm> {
  const { csrfToken } = (await (await fetch(`${basePath}/csrf`)).json()) as { csrfToken: string };
  const response = await fetch(`${basePath}/${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Auth-Return-Redirect": "1" },
    body: new URLSearchParams({ ...fields, csrfToken }),
  });
  const data = (await response.clone().json().catch(() => ({}))) as { url?: unknown };
  return { response, url: typeof data.url === "string" ? data.url : undefined };
}

/** Sends the browser to `url`. */
export function goTo(url: string): void {
  window.location.href = url;
  // Only the hash changes: the browser would not load the page (and its session) again.
  if (url.includes("#")) window.location.reload();
}

/** The provider's type, from `<basePath>/providers` for a provider whose id does not say it. */
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
 * Starts a sign-in with `provider` at Latch under `basePath`: credentials are posted to the
 * callback and checked at once, other providers to their sign-in. Without a provider, the browser
 * goes to the sign-in page and this answers `null`. The caller decides where the browser goes
 * next (usually {@link goTo} the answer's `url`, else `returnTo`).
 */
export async function startSignIn(basePath: string, provider: string | undefined, fields: BrowserSignInFields = {}, authorizationParams?: BrowserAuthorizationParams): Promise<StartedSignIn | null> {
  const { callbackUrl, redirectTo, ...rest } = fields;
  const returnTo = String(redirectTo ?? callbackUrl ?? window.location.href);
  if (!provider) {
    goTo(`${basePath}/signin?${new URLSearchParams({ callbackUrl: returnTo })}`);
    return null;
  }
  const type = await providerType(basePath, provider);
  const action = type === "credentials" ? "callback" : "signin";
  const query = new URLSearchParams(authorizationParams).toString();
  const form: Record<string, string> = { callbackUrl: returnTo };
  for (const [name, value] of Object.entries(rest)) if (value !== undefined) form[name] = String(value);
  const { response, url } = await postForm(basePath, `${action}/${encodeURIComponent(provider)}${query ? `?${query}` : ""}`, form);
  const answered = url ? new URL(url, window.location.href) : undefined;
  return { response, url, type, returnTo, error: answered?.searchParams.get("error") ?? undefined, code: answered?.searchParams.get("code") ?? undefined };
}

/** Signs out at Latch under `basePath`; answers where to go next (the answer's `url`, else `redirectTo`, else the current page). */
export async function postSignOut(basePath: string, fields: BrowserSignOutFields = {}): Promise<string> {
  const returnTo = fields.redirectTo ?? fields.callbackUrl ?? window.location.href;
  const { url } = await postForm(basePath, "signout", { callbackUrl: returnTo });
  return url ?? returnTo;
}

/** The refusal of a switch of the session's active organization: the server's error `type` (`OrganizationNotFound` for an organization the user is not a member of, `NotSignedIn`…) and status. */
export class SwitchOrganizationError extends Error {
  /** The error type the server answered with, or `"NetworkError"` when none came. */
  readonly type: string;
  /** The HTTP status, or 0 when the request did not reach the server. */
  readonly status: number;
  constructor(type: string, status: number) {
    super(`Switching the organization was refused: ${type}.`);
    this.name = "SwitchOrganizationError";
    this.type = type;
    this.status = status;
  }
}

/**
 * Posts `body` (`{ organizationId }`, and `csrfToken` where the framework has no origin check of
 * its own) as JSON to `url` (`<basePath>/organizations/switch`).
 *
 * @throws {SwitchOrganizationError} The server refused, or could not be reached.
 */
export async function postOrganizationSwitch(url: string, body: Record<string, unknown>): Promise<void> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  }).catch(() => null);
  if (response?.ok) return;
  const answer = response && ((await response.json().catch(() => ({}))) as { error?: unknown });
  throw new SwitchOrganizationError(typeof answer?.error === "string" ? answer.error : "NetworkError", response?.status ?? 0);
}
