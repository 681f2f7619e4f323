/**
 * `@latch/core/integration`: what every framework integration shares beyond `Auth` itself, so that
 * each package holds only what its framework needs. A sign-in or sign-out started by the app's own
 * route (its form posts to the app, not to Latch, so the browser's `Origin` stands for the CSRF
 * token), the start-up warning when `AUTH_URL` names another host than the one reached, and the
 * conversion of the framework's request: the site's origin, the URL and request `Auth()` sees,
 * the methods it refuses, and the session of a request.
 */
import { Auth } from "./auth.js";
import { requestOrigin, setEnvDefaults } from "./config/env.js";
import { AuthError, InvalidRequest, MissingSecretError } from "./errors.js";
import { setClientAddress } from "./security/client-address.js";
import { featureCode, originCheck } from "./symbols.js";
import type { AuthConfig } from "./types/config.js";
import type { Session } from "./types/entities.js";

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

/**
 * The site's origin: `siteUrl`'s (`AUTH_URL`) when set, else `protocol` (`"https"` or `"https:"`,
 * as the framework or its proxy settings give it) and the `Host` header, checked by core.
 *
 * @throws {InvalidRequest} A scheme other than http(s), or a malformed host.
 */
export function siteOrigin(siteUrl: string | undefined, protocol: string, host: string | null | undefined): string {
  if (siteUrl) {
    try {
      return new URL(siteUrl).origin;
    } catch {
      // core reports an invalid siteUrl as a configuration error
    }
  }
  return requestOrigin(protocol, host).origin;
}

/**
 * The site's origin for a framework's web `Request`: {@link siteOrigin} of its URL's protocol and
 * its `Host` header.
 *
 * @throws {InvalidRequest} A malformed host.
 */
export function webRequestOrigin(request: Request, siteUrl: string | undefined): string {
  return siteOrigin(siteUrl, new URL(request.url).protocol, request.headers.get("host"));
}

/**
 * The site's origin for a server-side sign-in or sign-out from a web `Request`, or the 4xx answer
 * ({@link refusalResponse}) for a malformed `Host`.
 */
export function actionOrigin(request: Request, siteUrl: string | undefined): string | Response {
  try {
    return webRequestOrigin(request, siteUrl);
  } catch (error) {
    if (error instanceof InvalidRequest) return refusalResponse(error);
    throw error;
  }
}

/**
 * The URL `Auth()` sees for a raw request target: the site's origin, then the path and query of
 * the request line. An absolute-form target (`POST http://other.example/auth/… HTTP/1.1`, RFC 9112
 * §3.2.2) gives only its path and query: its authority never becomes the site's origin.
 *
 * @throws {InvalidRequest} A target that is neither a path nor an http(s) URL.
 */
export function authUrlOf(target: string, origin: string): URL {
  let path: URL;
  try {
    path = new URL(target, "http://path.invalid");
  } catch {
    throw new InvalidRequest("The request target is not valid.");
  }
  if (!target.startsWith("/") || target.startsWith("//")) {
    const absolute = /^[a-z][a-z0-9+.-]*:/i.test(target);
    if (!absolute || (path.protocol !== "http:" && path.protocol !== "https:")) throw new InvalidRequest("The request target is not valid.");
  }
  const url = new URL(origin);
  url.pathname = path.pathname;
  url.search = path.search;
  return url;
}

/** Methods the Fetch standard forbids in a `Request`. */
const forbiddenMethods = new Set(["CONNECT", "TRACE", "TRACK"]);

/**
 * Whether `path` (below the base path, such as `/scim/v2/Users`) is where Latch may answer a
 * method other than GET, HEAD and POST: a configured plugin's routes, or the rows of a configured
 * feature that answer other methods (`Scim()`'s PUT, PATCH and DELETE). An integration hands such
 * a request to `Auth()` with its method and body; any other it refuses before.
 */
export function takesOtherMethods(path: string, config: { readonly plugins?: readonly { readonly id: string }[] }): boolean {
  const first = path.split("/")[1];
  if (!first) return false;
  if (config.plugins?.some((plugin) => plugin.id === first)) return true;
  return Object.values(config).some((value) =>
    ((value as { [featureCode]?: { rows?: readonly { path: string; methods: readonly string[] | "any" }[] } } | null)?.[featureCode]?.rows ?? []).some(
      (row) => row.path.split("/")[0] === first && (row.methods === "any" || row.methods.some((m) => m !== "GET" && m !== "POST")),
    ),
  );
}

/**
 * Why `Auth()` must not see a request of `method` at `path` (below the base path, such as
 * `/session`): a 405 `InvalidRequest` for a method the Fetch standard forbids, or for one other
 * than GET, HEAD and POST outside a configured plugin's routes and the rows of a feature that
 * answer other methods ({@link takesOtherMethods}). `undefined` when the request may go on.
 */
export function refusedMethod(method: string, path: string, config: Pick<AuthConfig, "plugins">): InvalidRequest | undefined {
  const upper = method.toUpperCase();
  if (upper === "GET" || upper === "HEAD" || upper === "POST") return undefined;
  return forbiddenMethods.has(upper) || !takesOtherMethods(path, config) ? new InvalidRequest(`Method ${upper} is not supported.`, 405) : undefined;
}

/** The 4xx JSON answer for a request Latch will not take (`{ error: type, message }`), never a 500. */
export function refusalResponse(error: InvalidRequest): Response {
  return Response.json({ error: error.type, message: error.message }, { status: error.status });
}

/**
 * The request `Auth()` sees for a framework's web `Request`: the site's origin with the request
 * URL's path and query, its headers and its body stream (core reads it up to the size it accepts,
 * 413 beyond), and the client's address as the server saw it, for the rate limits.
 */
export function toAuthRequest(request: Request, origin: string, address: string | undefined): Request {
  const method = request.method.toUpperCase();
  const source = new URL(request.url);
  const url = new URL(origin);
  url.pathname = source.pathname;
  url.search = source.search;
  const headers = new Headers(request.headers);
  const authRequest =
    method === "GET" || method === "HEAD" || !request.body
      ? new Request(url, { method, headers })
      : new Request(url, { method, headers, body: request.body, duplex: "half" } as RequestInit);
  setClientAddress(authRequest, address);
  return authRequest;
}

/**
 * Answers a framework's web `Request` under `basePath` through `Auth()`: a method core must not see
 * is refused (405), the `AUTH_URL` host warning is given, a malformed `Host` is a 4xx, and the
 * request goes on at the site's origin with the client's `address` as the server saw it (never a
 * header), for the rate limits.
 */
export async function handleWebRequest(request: Request, config: AuthConfig, basePath: string, address: string | undefined): Promise<Response> {
  const refused = refusedMethod(request.method, new URL(request.url).pathname.slice(basePath.length), config);
  if (refused) return refusalResponse(refused);
  warnOnOtherHost((name) => request.headers.get(name) ?? undefined, config);
  const origin = actionOrigin(request, config.siteUrl);
  if (origin instanceof Response) return origin;
  return Auth(toAuthRequest(request, origin, address), config);
}

/**
 * The session of a request, read through `Auth()` at `<origin><basePath>/session` with only the
 * request's `Cookie`, `Authorization` (bearer sessions) and `x-api-key` (API keys) headers;
 * `header` reads one by its lower-case name. `null` when signed out, and when a presented bearer
 * token or API key is refused (unknown, revoked, expired, over its limit).
 *
 * @throws {MissingSecretError} The config has no secret.
 * @throws {AuthError} The read failed otherwise (the message is core's).
 */
export async function readSession(header: (name: string) => string | null | undefined, target: ActionTarget): Promise<Session | null> {
  const { config } = target;
  const secrets = config.secret === undefined ? [] : [config.secret].flat().filter(Boolean);
  if (!secrets.length) {
    throw new MissingSecretError("Reading the session needs a secret: set AUTH_SECRET (or `secret` in the config) to a random string of at least 32 characters, e.g. the output of `openssl rand -base64 33`.");
  }
  const headers = new Headers();
  for (const name of ["cookie", "authorization", "x-api-key"]) {
    const value = header(name);
    if (typeof value === "string" && (value !== "" || name === "x-api-key")) headers.set(name, value);
  }
  const credential = headers.has("authorization") || headers.has("x-api-key");
  const response = await Auth(new Request(new URL(`${target.basePath}/session`, target.origin), { headers }), config);
  if ((response.status === 401 || response.status === 403 || response.status === 429) && credential) return null;
  const data = (await response.json()) as Session | null | { message?: string };
  if (response.status !== 200) throw new AuthError((data as { message?: string } | null)?.message ?? `Reading the session failed with status ${response.status}.`);
  return data && Object.keys(data).length ? (data as Session) : null;
}

/**
 * The session of a framework's web `Request` under `config`, served at `basePath`: {@link readSession}
 * at the site's origin ({@link webRequestOrigin}); `null` for a malformed `Host`, which has no
 * session to show.
 */
export async function webRequestSession(request: Request, config: AuthConfig, basePath: string): Promise<Session | null> {
  let origin: string;
  try {
    origin = webRequestOrigin(request, config.siteUrl);
  } catch (error) {
    if (error instanceof InvalidRequest) return null;
    throw error;
  }
  return readSession((name) => request.headers.get(name), { origin, basePath, config });
}

/** The environment on this runtime: `process.env` where there is one (Node, Bun, Deno), else nothing. */
export function runtimeEnvironment(): Record<string, string | undefined> {
  return (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {};
}

const configsWithEnvironment = new WeakMap<object, AuthConfig & { basePath: string }>();

/**
 * A copy of `config` with the environment's defaults (`AUTH_SECRET`, `AUTH_URL`, `AUTH_TRUST_HOST`,
 * `AUTH_<PROVIDER>_ID/_SECRET`, …) read from {@link runtimeEnvironment} at the first call (at run
 * time, not at build time), and `basePath` set: `basePath` when given, else the config's own, else
 * `defaultBasePath`. Made once per config object; the app's object is never written to.
 */
export function withEnvironment<Config extends AuthConfig>(config: Config, defaultBasePath: string, basePath?: string): Config & { basePath: string } {
  let ready = configsWithEnvironment.get(config);
  if (!ready) {
    const copy: AuthConfig = { ...config, providers: [...(config.providers ?? [])] };
    setEnvDefaults(runtimeEnvironment(), copy);
    copy.basePath = basePath ?? config.basePath ?? defaultBasePath;
    ready = copy as AuthConfig & { basePath: string };
    configsWithEnvironment.set(config, ready);
  }
  return ready as Config & { basePath: string };
}
