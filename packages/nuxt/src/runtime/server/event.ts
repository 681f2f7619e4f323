/**
 * What Latch reads of an h3 event: the site's origin, the client's address, the web `Request`
 * `Auth()` sees, the session of the request and the app's own sign-in and sign-out. Nitro's node
 * server hands h3 the Node request, so everything is read from it, never from h3's helpers that
 * trust forwarded headers (`getRequestProtocol` believes `X-Forwarded-Proto`).
 */
import { Auth, type Session } from "@latch/core";
import {
  authUrlOf,
  readSession,
  refusalResponse,
  refusedMethod,
  signInRequest,
  signOutRequest,
  siteOrigin,
  toAuthRequest,
  warnOnOtherHost,
  type SignInAuthorizationParams,
  type SignInOptions,
  type SignOutOptions,
} from "@latch/core/integration";
import { InvalidRequest } from "@latch/core/errors";
import { getRequestWebStream, type H3Event } from "h3";
import type { ReadyConfig } from "./settings.js";

/** The parts of an h3 event Latch reads: the Node request (its socket, method, target and headers). */
export type LatchEvent = Pick<H3Event, "node" | "context">;

/**
 * The client's address as the server saw it: the socket's peer. `X-Forwarded-For` is never read
 * here (nor h3's `getRequestIP`, nor Nitro's own settings): forwarded headers count only behind
 * the proxies of `RateLimit({ clientAddress: { trustedProxies } })`, which core checks against
 * this address.
 */
export function clientAddressOf(event: LatchEvent): string | undefined {
  return event.node?.req?.socket?.remoteAddress || undefined;
}

/** One request header by its lower-case name (a repeated one joined as Node joins it). */
export function headerOf(event: LatchEvent, name: string): string | undefined {
  const value = event.node.req.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

/**
 * The site's origin: `AUTH_URL` (siteUrl) when set, else `https` on a TLS socket (`http`
 * otherwise) and the `Host` header, checked by core.
 *
 * @throws {InvalidRequest} A malformed `Host`.
 */
export function eventOrigin(event: LatchEvent, config: ReadyConfig): string {
  const encrypted = (event.node.req.socket as { encrypted?: boolean } | undefined)?.encrypted === true;
  return siteOrigin(config.siteUrl, encrypted ? "https" : "http", headerOf(event, "host"));
}

/** The request's headers as web `Headers`. @throws {InvalidRequest} A header the Fetch standard refuses. */
function webHeaders(event: LatchEvent): Headers {
  const headers = new Headers();
  try {
    for (const [name, value] of Object.entries(event.node.req.headers)) {
      if (name.startsWith(":") || value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
    }
  } catch {
    throw new InvalidRequest("A request header is not valid.");
  }
  return headers;
}

/**
 * The request body as a stream, for the methods h3 reads one of (POST, PUT, PATCH, DELETE): h3's
 * own, so that a body an earlier handler already read (and h3 kept) still reaches Latch.
 */
function bodyOf(event: LatchEvent): ReadableStream | undefined {
  return getRequestWebStream(event as H3Event);
}

/**
 * Answers a request under the base path through Latch: a method it does not serve, a malformed
 * `Host` or request target get a 4xx JSON answer; otherwise `Auth()` sees the site's origin with
 * the request line's path and query (an absolute-form target's authority is dropped), the
 * headers, the body and the socket's peer as the client's address.
 */
export async function handleEvent(event: LatchEvent, config: ReadyConfig): Promise<Response> {
  const method = (event.node.req.method ?? "GET").toUpperCase();
  try {
    const origin = eventOrigin(event, config);
    const url = authUrlOf(event.node.req.url ?? "/", origin);
    const refused = refusedMethod(method, url.pathname.slice(config.basePath.length), config);
    if (refused) return refusalResponse(refused);
    warnOnOtherHost((name) => headerOf(event, name), config);
    const body = bodyOf(event);
    const request = new Request(url, { method, headers: webHeaders(event), ...(body ? { body, duplex: "half" } : {}) } as RequestInit);
    return await Auth(toAuthRequest(request, origin, clientAddressOf(event)), config);
  } catch (error) {
    if (error instanceof InvalidRequest) return refusalResponse(error);
    throw error;
  }
}

const sessionKey = Symbol.for("@latch/nuxt/session");

/**
 * The session of the request, or `null` (also for a malformed `Host`), read once per event and
 * kept on `event.context`.
 *
 * @throws {MissingSecretError} The config has no secret.
 */
export function eventSession(event: LatchEvent, config: ReadyConfig): Promise<Session | null> {
  const context = event.context as Record<symbol, Promise<Session | null> | undefined>;
  const read = async (): Promise<Session | null> => {
    let origin: string;
    try {
      origin = eventOrigin(event, config);
    } catch (error) {
      if (error instanceof InvalidRequest) return null;
      throw error;
    }
    warnOnOtherHost((name) => headerOf(event, name), config);
    return readSession((name) => headerOf(event, name), { origin, basePath: config.basePath, config });
  };
  return (context[sessionKey] ??= read());
}

/** A sign-in from the app's own server route, at the site's origin; a malformed `Host` gets a 400. */
export async function eventSignIn(event: LatchEvent, config: ReadyConfig, provider?: string, options?: SignInOptions, authorizationParams?: SignInAuthorizationParams): Promise<Response> {
  let origin: string;
  try {
    origin = eventOrigin(event, config);
    return await signInRequest({ headers: webHeaders(event), address: clientAddressOf(event) }, { origin, basePath: config.basePath, config }, provider, options, authorizationParams);
  } catch (error) {
    if (error instanceof InvalidRequest) return refusalResponse(error);
    throw error;
  }
}

/** A sign-out from the app's own server route, at the site's origin; a malformed `Host` gets a 400. */
export async function eventSignOut(event: LatchEvent, config: ReadyConfig, options?: SignOutOptions): Promise<Response> {
  let origin: string;
  try {
    origin = eventOrigin(event, config);
    return await signOutRequest({ headers: webHeaders(event), address: clientAddressOf(event) }, { origin, basePath: config.basePath, config }, options);
  } catch (error) {
    if (error instanceof InvalidRequest) return refusalResponse(error);
    throw error;
  }
}
