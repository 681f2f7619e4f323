import { requestOrigin, setClientAddress } from "@latch/core";
import { InvalidRequest } from "@latch/core/errors";

/** The parts of SvelteKit's `RequestEvent` that the request conversion reads. */
export interface EventRequest {
  readonly request: Request;
  readonly url: URL;
  /** The client's address as the adapter reports it (absent in tests that build events by hand). */
  readonly getClientAddress?: () => string;
}

/**
 * Hands the client's address (`event.getClientAddress()`: the socket's peer, or what the adapter
 * was told to trust, such as adapter-node's `ADDRESS_HEADER`) to core for `request`. An adapter
 * that cannot tell throws; then the request has no address and rate limits count by account.
 */
export function handOffClientAddress(event: EventRequest, request: Request): Request {
  try {
    setClientAddress(request, event.getClientAddress?.());
  } catch {
    // no address known
  }
  return request;
}

/**
 * The site's origin for a request: `siteUrl`'s (`AUTH_URL`) when set, else the protocol and host
 * SvelteKit derived for the request (`ORIGIN`, or the `Host` header), checked by core's
 * `requestOrigin`. `InvalidRequest` for a scheme other than http(s) or a malformed host.
 */
export function originOf(event: EventRequest, siteUrl: string | undefined): string {
  if (siteUrl) {
    try {
      return new URL(siteUrl).origin;
    } catch {
      // core reports an invalid siteUrl as a configuration error
    }
  }
  return requestOrigin(event.url.protocol, event.url.host).origin;
}

/** `origin` + the request's path and query: the only parts of the request URL Latch sees. */
export function urlOf(event: EventRequest, origin: string, path = event.url.pathname, search = event.url.search): URL {
  const url = new URL(origin);
  url.pathname = path;
  url.search = search;
  return url;
}

const maxBody = 64 * 1024;

/**
 * The request `Auth()` sees for a request under `basePath`: the site's origin with the request's
 * path and query, its headers, and (for any method but GET and HEAD: a POST, or a plugin's PUT,
 * PATCH, DELETE…) its body, read up to the size core accepts.
 */
export async function toAuthRequest(event: EventRequest, origin: string): Promise<Request> {
  const { request } = event;
  const method = request.method.toUpperCase();
  const url = urlOf(event, origin);
  const headers = new Headers(request.headers);
  if (method === "GET" || method === "HEAD") return handOffClientAddress(event, new Request(url, { method, headers }));
  const body = new Uint8Array(await request.arrayBuffer());
  if (body.byteLength > maxBody) throw new InvalidRequest("The request body is too large.", 413);
  headers.delete("content-length");
  headers.delete("transfer-encoding");
  return handOffClientAddress(event, new Request(url, { method, headers, body: body.byteLength ? body : undefined }));
}
