/**
 * Sign in and out from the browser, as `@auth/sveltekit/client` does: the request goes to
 * `<base>/auth/...` with `X-Auth-Return-Redirect: 1` and the answer's `{ url }` says where to go.
 * No CSRF token is sent: the browser's `Origin` header is what the server checks.
 *
 * @example
 * ```svelte
 * <script>
 *   import { signIn, signOut } from "@latch/sveltekit/client"
 * </script>
 * <button onclick={() => signIn("github")}>Sign in with GitHub</button>
 * <button onclick={() => signOut()}>Sign out</button>
 * <button onclick={() => switchOrganization(org.id)}>{org.name}</button>
 * ```
 * @module @latch/sveltekit/client
 */
import { invalidateAll } from "$app/navigation";
import { base } from "$app/paths";
import type { Session } from "@latch/core";
import { postOrganizationSwitch } from "@latch/core/browser";
import type { SignInAuthorizationParams, SignInOptions, SignOutOptions } from "./types.js";

export type { SignInAuthorizationParams, SignInOptions, SignOutOptions } from "./types.js";
export { SwitchOrganizationError } from "@latch/core/browser";

/** The answer of `signIn` with `redirect: false`. */
export interface SignInResponse {
  /** The error type (`CredentialsSignin`, …), when sign-in failed. */
  error: string | undefined;
  /** The `code` of a `CredentialsSignin`. */
  code: string | undefined;
  status: number;
  ok: boolean;
  /** Where to go next; `null` on error. */
  url: string | null;
}

/** The answer of `signOut` with `redirect: false`. */
export interface SignOutResponse {
  url: string;
}

const authPath = () => `${base ?? ""}/auth`;

async function postForm(url: string, fields: Record<string, string>): Promise<{ response: Response; url: string | undefined }> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Auth-Return-Redirect": "1" },
    body: new URLSearchParams(fields),
  });
  const data = (await response.json().catch(() => ({}))) as { url?: string };
  return { response, url: data.url };
}

function go(url: string): void {
  window.location.href = url;
  // Only the hash changes: the browser would not load the page again.
  if (url.includes("#")) window.location.reload();
}

/** The provider's type from `<base>/auth/providers`, for providers whose id does not say it. */
async function providerType(provider: string): Promise<string | undefined> {
  if (provider === "credentials") return "credentials";
  try {
    const providers = (await (await fetch(`${authPath()}/providers`)).json()) as Record<string, { type?: string }>;
    return providers[provider]?.type;
  } catch {
    return undefined;
  }
}

/**
 * Starts a sign-in with `provider` (credentials are checked at once), or opens the sign-in page
 * when no provider is given. By default the browser goes where the server says; with
 * `redirect: false` the result says it instead (and carries `error` and `code` on failure).
 */
export async function signIn(provider?: string, options?: SignInOptions<true>, authorizationParams?: SignInAuthorizationParams): Promise<void>;
export async function signIn(provider: string | undefined, options: SignInOptions<false>, authorizationParams?: SignInAuthorizationParams): Promise<SignInResponse>;
export async function signIn(provider?: string, options: SignInOptions = {}, authorizationParams?: SignInAuthorizationParams): Promise<SignInResponse | void> {
  const { redirect = true, redirectTo, callbackUrl, ...rest } = options;
  const returnTo = String(redirectTo ?? callbackUrl ?? window.location.href);
  if (!provider) {
    go(`${authPath()}/signin?${new URLSearchParams({ callbackUrl: returnTo })}`);
    return;
  }
  const action = (await providerType(provider)) === "credentials" ? "callback" : "signin";
  const query = new URLSearchParams(authorizationParams).toString();
  const fields: Record<string, string> = { callbackUrl: returnTo };
  for (const [name, value] of Object.entries(rest)) if (value !== undefined) fields[name] = String(value);
  const { response, url } = await postForm(`${authPath()}/${action}/${encodeURIComponent(provider)}${query ? `?${query}` : ""}`, fields);
  if (redirect) {
    go(url ?? returnTo);
    return;
  }
  const answer = url ? new URL(url, window.location.href) : undefined;
  const error = answer?.searchParams.get("error") ?? undefined;
  return { error, code: answer?.searchParams.get("code") ?? undefined, status: response.status, ok: response.ok, url: error ? null : (url ?? null) };
}

/** Signs out and, by default, goes where the server says (the current page unless `redirectTo`). */
export async function signOut(options?: SignOutOptions<true>): Promise<void>;
export async function signOut(options: SignOutOptions<false>): Promise<SignOutResponse>;
export async function signOut(options: SignOutOptions = {}): Promise<SignOutResponse | void> {
  const { redirect = true } = options;
  const returnTo = options.redirectTo ?? options.callbackUrl ?? window.location.href;
  const { url } = await postForm(`${authPath()}/signout`, { callbackUrl: returnTo });
  if (redirect) {
    go(url ?? returnTo);
    return;
  }
  return { url: url ?? returnTo };
}


/**
 * Makes `organizationId` the session's active organization (`null`: none) with
 * `POST <base>/auth/organizations/switch`, then runs the page's `load` functions again
 * (`invalidateAll`), so `page.data.session.organization` shows it; resolves to the new session.
 * Needs `Organizations()` on the server.
 *
 * @throws {SwitchOrganizationError} The server refused (not a member, not signed in).
 * @example
 * ```svelte
 * <button onclick={() => switchOrganization(org.id)}>{org.name}</button>
 * ```
 */
export async function switchOrganization(organizationId: string | null): Promise<Session | null> {
  await postOrganizationSwitch(`${authPath()}/organizations/switch`, { organizationId });
  await invalidateAll();
  const session = (await (await fetch(`${authPath()}/session`, { cache: "no-store" })).json().catch(() => null)) as Session | null;
  return session && Object.keys(session).length ? session : null;
}
