import { authUrlOf, siteOrigin } from "@latch/core/integration";
import { InvalidRequest } from "@latch/core/errors";
import type { FastifyRequest } from "fastify";

/** Methods the Fetch standard forbids in a `Request`. */
const forbiddenMethods = new Set(["CONNECT", "TRACE", "TRACK"]);

/**
 * The site origin of a request: `siteUrl`'s (`AUTH_URL`) when set, else the protocol (which
 * honours `X-Forwarded-Proto` only when the app sets Fastify's `trustProxy`) and the `Host`
 * header as sent. `InvalidRequest` for a scheme other than http(s) or a malformed host.
 */
export function originOf(request: FastifyRequest, siteUrl: string | undefined): string {
  return siteOrigin(siteUrl, request.protocol, request.headers.host);
}

/**
 * The URL `Auth()` sees: the site's origin, then the path and query of the request line. An
 * absolute-form request line gives only its path and query: its authority never becomes the
 * site's origin.
 */
export function requestUrlOf(target: string, origin: string): URL {
  return authUrlOf(target, origin);
}

/**
 * Turns a Fastify request whose body the plugin's own parser kept as bytes into a web `Request`
 * (any method but the forbidden ones when `anyMethod`, for a plugin's paths).
 */
export function toWebRequest(request: FastifyRequest, origin: string, anyMethod: boolean): Request {
  const method = request.method.toUpperCase();
  const plain = method === "GET" || method === "HEAD" || method === "POST";
  if (!plain && (!anyMethod || forbiddenMethods.has(method))) throw new InvalidRequest(`Method ${method} is not supported.`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
    else headers.set(name, value);
  }
  const url = requestUrlOf(request.raw.url ?? request.url, origin);
  if (method === "GET" || method === "HEAD") return new Request(url, { method, headers });
  const body = request.body instanceof Uint8Array && request.body.byteLength ? new Uint8Array(request.body) : undefined;
  headers.delete("transfer-encoding");
  if (body) headers.set("content-length", String(body.byteLength));
  else headers.delete("content-length");
  return new Request(url, { method, headers, body });
}
