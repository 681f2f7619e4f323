/**
 * The browser's side of the wire protocol: the same requests `next-auth/react` sends (JSON mode
 * with `X-Auth-Return-Redirect`, the CSRF token from `/csrf`), under `basePath`.
 */
import type { Session } from "@latch/core";
import { postOrganizationSwitch } from "@latch/core/browser";

export { SwitchOrganizationError } from "@latch/core/browser";

/** Where Latch is mounted, as the client functions see it; `SessionProvider`'s `basePath` sets it. */
export const clientConfig = { basePath: "/api/auth" };

/** One provider as `GET /providers` lists it. */
export interface ClientSafeProvider {
  id: string;
  name: string;
  type: string;
  signinUrl: string;
  callbackUrl: string;
}

/** Options of {@link signIn}: where to go, whether to navigate, and the fields a credentials provider reads. */
export interface SignInOptions extends Record<string, unknown> {
  /** Where to go after signing in; default the current page. */
  redirectTo?: string;
  /** The older name of `redirectTo`. */
  callbackUrl?: string;
  /** Navigate to the result (default `true`); with `false` the result is returned. */
  redirect?: boolean;
}

/** What {@link signIn} resolves to with `redirect: false`. */
export interface SignInResponse {
  /** The error type (`CredentialsSignin`, …) or `undefined`. */
  error: string | undefined;
  /** The `code` of a `CredentialsSignin`. */
  code: string | undefined;
  status: number;
  ok: boolean;
  /** Where the server sends the user; `null` on error. */
  url: string | null;
}

/** Options of {@link signOut}. */
export interface SignOutParams {
  /** Where to go afterwards; default the current page. */
  redirectTo?: string;
  /** The older name of `redirectTo`. */
  callbackUrl?: string;
  /** Navigate (default `true`); with `false` resolves to `{ url }`. */
  redirect?: boolean;
}

type Listener = (session: Session | null) => void;
const listeners = new Set<Listener>();

/** The channel on which tabs of the same site tell each other that the session changed. */
const channelName = "latch-session";
let channel: BroadcastChannel | undefined;
/** Tells this page's messages from the other tabs' (a page's own channels hear it too). */
const thisTab = Math.random().toString(36).slice(2);

function tellOtherTabs(): void {
  if (typeof BroadcastChannel === "undefined") return;
  channel ??= new BroadcastChannel(channelName);
  channel.postMessage({ event: "session", from: thisTab });
}

/** Calls `listener` when another tab signs in, signs out or updates the session (used by `SessionProvider`). */
export function onOtherTabChange(listener: () => void): () => void {
  if (typeof BroadcastChannel === "undefined") return () => {};
  const own = new BroadcastChannel(channelName);
  own.onmessage = (message: MessageEvent<{ from?: string }>) => {
    if (message.data?.from !== thisTab) listener();
  };
  return () => own.close();
}

/** Subscribes to sessions fetched by the client functions (used by `SessionProvider`). */
export function onSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function publish(session: Session | null): void {
  for (const listener of listeners) listener(session);
}

function url(path: string): string {
  return `${clientConfig.basePath}/${path}`;
}

async function json<T>(path: string, init?: RequestInit): Promise<T | null> {
  try {
    const response = await fetch(url(path), init);
    if (!response.ok) return null;
    return (await response.json()) as T;
  } catch {
    return null;
  }
}

function isSession(data: unknown): data is Session {
  return typeof data === "object" && data !== null && Object.keys(data).length > 0;
}

/**
 * The current session from `GET <basePath>/session`, or `null`.
 *
 * @example
 * ```ts
 * const session = await getSession()
 * ```
 */
export async function getSession(): Promise<Session | null> {
  const data = await json<Session>("session", { cache: "no-store" });
  const session = isSession(data) ? data : null;
  publish(session);
  return session;
}

/**
 * A CSRF token from `GET <basePath>/csrf` (it also sets the CSRF cookie), for forms that post to Latch.
 *
 * @example
 * ```ts
 * const csrfToken = await getCsrfToken()
 * ```
 */
export async function getCsrfToken(): Promise<string> {
  const data = await json<{ csrfToken: string }>("csrf", { cache: "no-store" });
  return data?.csrfToken ?? "";
}

/**
 * The configured providers from `GET <basePath>/providers`, or `null` when it failed.
 *
 * @example
 * ```ts
 * const providers = await getProviders() // { github: { id, name, type, signinUrl, callbackUrl }, … }
 * ```
 */
export function getProviders(): Promise<Record<string, ClientSafeProvider> | null> {
  return json<Record<string, ClientSafeProvider>>("providers");
}

function navigate(to: string): void {
  window.location.href = to;
  // A URL that differs only in its hash does not reload.
  if (to.includes("#")) window.location.reload();
}

async function postForm(path: string, fields: Record<string, unknown>): Promise<{ response: Response; url: string }> {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined && value !== null) body.set(key, String(value));
  body.set("csrfToken", await getCsrfToken());
  const response = await fetch(url(path), {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Auth-Return-Redirect": "1" },
    body,
  });
  const data = (await response.json().catch(() => ({}))) as { url?: string };
  return { response, url: data.url ?? window.location.href };
}

/**
 * Starts a sign-in from the browser. Without a provider (or an unknown one) it goes to the sign-in
 * page. OAuth/OIDC and email: posts to `/signin/<id>` and follows the answer. Credentials: posts
 * the fields of `options` to `/callback/<id>`; with `redirect: false` resolves to the outcome
 * (`error` is `CredentialsSignin` when refused) instead of navigating.
 *
 * @example
 * ```ts
 * const result = await signIn("credentials", { email, password, redirect: false })
 * if (result?.error) show("Wrong email or password")
 * ```
 */
export async function signIn(provider?: string, options: SignInOptions = {}, authorizationParams?: string | Record<string, string> | URLSearchParams | string[][]): Promise<SignInResponse | undefined> {
  const { redirect = true, redirectTo, callbackUrl: legacyCallbackUrl, ...fields } = options;
  const callbackUrl = redirectTo ?? legacyCallbackUrl ?? window.location.href;
  const providers = await getProviders();
  const found = provider ? providers?.[provider] : undefined;
  if (!found) {
    navigate(`${url("signin")}?${new URLSearchParams({ callbackUrl })}`);
    return undefined;
  }
  const query = new URLSearchParams(authorizationParams).toString();
  const action = found.type === "credentials" ? "callback" : "signin";
  const { response, url: target } = await postForm(`${action}/${encodeURIComponent(found.id)}${query ? `?${query}` : ""}`, { ...fields, callbackUrl });
  if (redirect) {
    navigate(target);
    return undefined;
  }
  const params = new URL(target, window.location.href).searchParams;
  const error = params.get("error") ?? undefined;
  if (response.ok && !error) {
    await getSession();
    tellOtherTabs();
  }
  return { error, code: params.get("code") ?? undefined, status: response.status, ok: response.ok && !error, url: error ? null : target };
}

/**
 * Signs out from the browser: posts to `/signout` with the CSRF token, then navigates to
 * `redirectTo` (default: the current page), or with `redirect: false` resolves to `{ url }`.
 *
 * @example
 * ```ts
 * await signOut({ redirectTo: "/" })
 * ```
 */
export async function signOut(options: SignOutParams = {}): Promise<{ url: string } | undefined> {
  const callbackUrl = options.redirectTo ?? options.callbackUrl ?? window.location.href;
  const { url: target } = await postForm("signout", { callbackUrl });
  tellOtherTabs();
  if (options.redirect ?? true) {
    // The page is left as it is until the browser navigates: a component that requires a
    // session must not send the user to the sign-in page first.
    navigate(target);
    return undefined;
  }
  publish(null);
  return { url: target };
}

/** `POST <basePath>/session` with `{ csrfToken, data }`: the updated session, or `null` when refused. */
export async function updateSession(data: unknown): Promise<Session | null> {
  const csrfToken = await getCsrfToken();
  const session = await json<Session>("session", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ csrfToken, data }),
  });
  const result = isSession(session) ? session : null;
  publish(result);
  tellOtherTabs();
  return result;
}


/**
 * Makes `organizationId` the session's active organization (`null`: none) with
 * `POST <basePath>/organizations/switch`, then fetches the session again: `useSession()` and the
 * other tabs see `session.organization` change. Needs `Organizations()` on the server.
 *
 * @throws {SwitchOrganizationError} The server refused (not a member, not signed in).
 * @example
 * ```tsx
 * const { data: session } = useSession()
 * <button onClick={() => switchOrganization(org.id)}>{org.name}</button> // session.organization?.slug
 * ```
 */
export async function switchOrganization(organizationId: string | null): Promise<Session | null> {
  const csrfToken = await getCsrfToken();
  await postOrganizationSwitch(url("organizations/switch"), { csrfToken, organizationId });
  const session = await getSession();
  tellOtherTabs();
  return session;
}
