import { Auth, originCheck, setClientAddress } from "@latch/core";
import type { HonoAuthConfig } from "./config.js";

/** Options of the server-side `signIn` of `@latch/hono`. */
export interface SignInOptions extends Record<string, unknown> {
  /** Where the user lands after signing in. Default: the page the form was on (`Referer`), else `/`. */
  redirectTo?: string;
  /** @deprecated Use `redirectTo`. */
  callbackUrl?: string;
  /** `false`: answer `{ url }` as JSON instead of redirecting. Default `true`. */
  redirect?: boolean;
}

/** Options of the server-side `signOut`. */
export interface SignOutOptions {
  /** Where the user lands after signing out. Default: the page the form was on (`Referer`), else `/`. */
  redirectTo?: string;
  /** @deprecated Use `redirectTo`. */
  callbackUrl?: string;
  /** `false`: answer `{ url }` as JSON instead of redirecting. Default `true`. */
  redirect?: boolean;
}

/** The authorization parameters added to the provider's authorization URL, as `URLSearchParams` takes them. */
export type SignInAuthorizationParams = string | string[][] | Record<string, string> | URLSearchParams;

const checkedByOrigin = new WeakMap<object, HonoAuthConfig>();

/**
 * The config for a sign-in or sign-out started by the app's own route: the browser posted the
 * app's form, not Latch's, so no CSRF token came with it; its `Origin` (or `Sec-Fetch-Site`) must
 * then be the site's own, and a request from another site is refused as at the endpoint.
 */
function originChecked(config: HonoAuthConfig): HonoAuthConfig {
  if (config.skipCSRFCheck) return config;
  let checked = checkedByOrigin.get(config);
  if (!checked) {
    checked = { ...config, csrfCheck: originCheck };
    checkedByOrigin.set(config, checked);
  }
  return checked;
}

/** The type of the provider `id` of the config (`credentials`, `oauth`, `oidc`, `email`, …). */
function providerType(config: HonoAuthConfig, id: string): string | undefined {
  for (const provider of config.providers ?? []) {
    const resolved = (typeof provider === "function" ? provider() : provider) as { id?: string; type?: string; options?: { id?: string; type?: string } };
    if ((resolved.options?.id ?? resolved.id) === id) return resolved.options?.type ?? resolved.type;
  }
  return undefined;
}

/** What a server-side sign-in or sign-out reads of the incoming request. */
export interface ActionRequest {
  /** The browser's headers (cookies, `Origin`, `Sec-Fetch-Site`, `Referer`). */
  headers: Headers;
  /** The client's address as the server saw it, if known. */
  address: string | undefined;
}

function internalPost(incoming: ActionRequest, url: string, fields: Record<string, string>, json: boolean): Request {
  const headers = new Headers(incoming.headers);
  for (const name of ["content-length", "transfer-encoding", "x-auth-return-redirect"]) headers.delete(name);
  headers.set("content-type", "application/x-www-form-urlencoded");
  if (json) headers.set("x-auth-return-redirect", "1");
  const request = new Request(url, { method: "POST", headers, body: new URLSearchParams(fields) });
  setClientAddress(request, incoming.address);
  return request;
}

function returnTo(options: { redirectTo?: unknown; callbackUrl?: unknown }, incoming: ActionRequest): string {
  const given = options.redirectTo ?? options.callbackUrl;
  return typeof given === "string" && given ? given : (incoming.headers.get("referer") ?? "/");
}

/**
 * Signs in with `provider` from the app's own route, answering what Latch's endpoint answers:
 * credentials are checked at once (a redirect to `redirectTo` with the session cookie, or to the
 * sign-in page with `?error=CredentialsSignin`), OAuth and OIDC redirect to the provider, email
 * sends the link. Without a (known) provider, a redirect to the sign-in page.
 */
export async function signInRequest(
  incoming: ActionRequest,
  origin: string,
  config: HonoAuthConfig,
  basePath: string,
  provider?: string,
  options: SignInOptions = {},
  authorizationParams?: SignInAuthorizationParams,
): Promise<Response> {
  const { redirect, redirectTo: _redirectTo, callbackUrl: _callbackUrl, ...rest } = options;
  const callbackUrl = returnTo(options, incoming);
  const base = `${origin}${basePath}`;
  const type = provider ? providerType(config, provider) : undefined;
  if (!provider || !type) {
    const url = `${base}/signin?${new URLSearchParams({ callbackUrl })}`;
    return redirect === false ? Response.json({ url }) : new Response(null, { status: 303, headers: { location: url } });
  }
  const query = new URLSearchParams(authorizationParams).toString();
  const action = type === "credentials" ? "callback" : "signin";
  const url = `${base}/${action}/${encodeURIComponent(provider)}${query ? `?${query}` : ""}`;
  const fields: Record<string, string> = { callbackUrl };
  for (const [name, value] of Object.entries(rest)) if (typeof value === "string") fields[name] = value;
  return Auth(internalPost(incoming, url, fields, redirect === false), originChecked(config));
}

/** Signs out from the app's own route: ends the session, clears its cookies, redirects. */
export function signOutRequest(incoming: ActionRequest, origin: string, config: HonoAuthConfig, basePath: string, options: SignOutOptions = {}): Promise<Response> {
  const callbackUrl = returnTo(options, incoming);
  return Auth(internalPost(incoming, `${origin}${basePath}/signout`, { callbackUrl }, options.redirect === false), originChecked(config));
}
