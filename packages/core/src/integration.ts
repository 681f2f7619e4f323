/**
 * `@latch/core/integration`: what every framework integration shares beyond `Auth` itself, so that
 * each package holds only what its framework needs. A sign-in or sign-out started by the app's own
 * route (its form posts to the app, not to Latch, so the browser's `Origin` stands for the CSRF
 * token), and the start-up warning when `AUTH_URL` names another host than the one reached.
 */
import { Auth } from "./auth.js";
import { setClientAddress } from "./security/client-address.js";
import { originCheck } from "./symbols.js";
import type { AuthConfig } from "./types/config.js";

/** Options of a server-side `signIn`. */
export interface SignInOptions extends Record<string, unknown> {
  /** Where the user lands after signing in. Default: the page the form was on (`Referer`), else `/`. */
  redirectTo?: string;
  /** @deprecated Use `redirectTo`. */
  callbackUrl?: string;
  /** `false`: answer `{ url }` as JSON instead of redirecting. Default `true`. */
  redirect?: boolean;
}

/** Options of a server-side `signOut`. */
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

/** What a server-side sign-in or sign-out reads of the incoming request. */
export interface ActionRequest {
  /** The browser's headers (cookies, `Origin`, `Sec-Fetch-Site`, `Referer`). */
  headers: Headers;
  /** The client's address as the server saw it, if known. */
  address: string | undefined;
}

/** Where the app serves Latch, and under which origin. */
export interface ActionTarget<Config extends AuthConfig = AuthConfig> {
  /** The site's origin, such as `https://app.example`. */
  origin: string;
  /** Where Latch is mounted, such as `/auth`. */
  basePath: string;
  config: Config;
}

const checkedByOrigin = new WeakMap<object, AuthConfig>();

// The browser posted the app's form, not Latch's, so no CSRF token came with it: its `Origin` (or
// `Sec-Fetch-Site`) must be the site's own, and a request from another site is refused as at the endpoint.
function originChecked<Config extends AuthConfig>(config: Config): Config {
  if (config.skipCSRFCheck) return config;
  let checked = checkedByOrigin.get(config);
  if (!checked) {
    checked = { ...config, csrfCheck: originCheck };
    checkedByOrigin.set(config, checked);
  }
  return checked as Config;
}

/** The type of the provider `id` of the config (`credentials`, `oauth`, `oidc`, `email`, …). */
function providerType(config: AuthConfig, id: string): string | undefined {
  for (const provider of config.providers ?? []) {
    const resolved = (typeof provider === "function" ? provider() : provider) as { id?: string; type?: string; options?: { id?: string; type?: string } };
    if ((resolved.options?.id ?? resolved.id) === id) return resolved.options?.type ?? resolved.type;
  }
  return undefined;
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
  target: ActionTarget,
  provider?: string,
  options: SignInOptions = {},
  authorizationParams?: SignInAuthorizationParams,
): Promise<Response> {
  const { redirect, redirectTo: _redirectTo, callbackUrl: _callbackUrl, ...rest } = options;
  const callbackUrl = returnTo(options, incoming);
  const base = `${target.origin}${target.basePath}`;
  const type = provider ? providerType(target.config, provider) : undefined;
  if (!provider || !type) {
    const url = `${base}/signin?${new URLSearchParams({ callbackUrl })}`;
    return redirect === false ? Response.json({ url }) : new Response(null, { status: 303, headers: { location: url } });
  }
  const query = new URLSearchParams(authorizationParams).toString();
  const action = type === "credentials" ? "callback" : "signin";
  const url = `${base}/${action}/${encodeURIComponent(provider)}${query ? `?${query}` : ""}`;
  const fields: Record<string, string> = { callbackUrl };
  for (const [name, value] of Object.entries(rest)) if (typeof value === "string") fields[name] = value;
  return Auth(internalPost(incoming, url, fields, redirect === false), originChecked(target.config));
}

/** Signs out from the app's own route: ends the session, clears its cookies, redirects. */
export function signOutRequest(incoming: ActionRequest, target: ActionTarget, options: SignOutOptions = {}): Promise<Response> {
  const callbackUrl = returnTo(options, incoming);
  return Auth(internalPost(incoming, `${target.origin}${target.basePath}/signout`, { callbackUrl }, options.redirect === false), originChecked(target.config));
}

/** Headers a reverse proxy adds: a request that carries one may name the proxy's upstream in `Host`. */
const forwardingHeaders = ["forwarded", "x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-real-ip"];

const warned = new WeakSet<object>();

/**
 * Warns once per config when `siteUrl` (AUTH_URL) names another host than the one a client reached
 * directly: every URL Latch writes (form actions, redirects, callback URLs) goes to `siteUrl`, so
 * the pages served here would post elsewhere. A request through a proxy (it carries a forwarding
 * header) is not compared, since its `Host` may be the proxy's upstream. `header` reads one
 * request header by its lower-case name.
 */
export function warnOnOtherHost(header: (name: string) => string | undefined, config: AuthConfig): void {
  if (!config.siteUrl || warned.has(config)) return;
  const host = header("host")?.toLowerCase();
  if (!host || forwardingHeaders.some((name) => header(name) !== undefined)) return;
  let site: URL;
  try {
    site = new URL(config.siteUrl);
  } catch {
    return; // core reports an invalid siteUrl as a configuration error
  }
  if (site.host === host) return;
  warned.add(config);
  const message = `AUTH_URL (siteUrl) is ${site.origin}, but this request came to ${host}: the pages Latch serves here post to ${site.origin}. Set AUTH_URL to the address people use, or leave it unset and set AUTH_TRUST_HOST=true behind a proxy you control.`;
  if (config.logger?.warn) config.logger.warn("site-url-mismatch", message);
  else console.warn(`\x1b[33m[latch][warn]\x1b[0m site-url-mismatch`, message);
}
