import { requestOrigin } from "@latch/core";
import { InvalidRequest } from "@latch/core/errors";

/** The largest body passed on to core; core answers 413 for anything longer. */
const maxBody = 64 * 1024;

/** What the origin is read from: the request's headers, and its protocol when no proxy says otherwise. */
export interface OriginSource {
  headers: Headers;
  /** `http` or `https` (with or without the colon). */
  protocol: string;
}

/**
 * The site's origin: `siteUrl`'s (`AUTH_URL`) when set, else the request's `X-Forwarded-Proto` /
 * protocol and `X-Forwarded-Host` / `Host` through core's `requestOrigin()` (core refuses them
 * unless the host is trusted). `InvalidRequest` for a malformed host or a scheme other than http(s).
 */
export function siteOrigin(source: OriginSource, siteUrl: string | undefined): string {
  if (siteUrl) {
    try {
      return new URL(siteUrl).origin;
    } catch {
      // core reports an invalid siteUrl as a configuration error
    }
  }
  const { headers } = source;
  // Only the first value of a comma-separated list: the client's side of the first proxy.
  const first = (value: string | null) => value?.split(",")[0]?.trim() || null;
  return requestOrigin(first(headers.get("x-forwarded-proto")) ?? source.protocol, first(headers.get("x-forwarded-host")) ?? headers.get("host")).origin;
}

async function cappedBody(request: Request): Promise<Uint8Array<ArrayBuffer> | undefined> {
  if (!request.body) return undefined;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    chunks.push(value);
    // Past the limit, stop reading; core answers 413 from the size it sees.
    if (size > maxBody) {
      await reader.cancel();
      break;
    }
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/**
 * The `Request` that core sees: the site's origin (see {@link siteOrigin}) with the path and query
 * of the request Next.js received, its headers, and its body (GET and POST only, unless
 * `anyMethod`: a plugin's endpoint, which may answer any method).
 */
export async function toAuthRequest(request: Request, siteUrl: string | undefined, anyMethod = false): Promise<Request> {
  const incoming = new URL(request.url);
  const origin = siteOrigin({ headers: request.headers, protocol: incoming.protocol }, siteUrl);
  // Only the path and query are kept, whatever authority the request URL names.
  const url = new URL(origin);
  url.pathname = incoming.pathname;
  url.search = incoming.search;
  const method = request.method.toUpperCase();
  const headers = new Headers(request.headers);
  if (!anyMethod && method !== "GET" && method !== "HEAD" && method !== "POST") throw new InvalidRequest(`Method ${method} is not supported.`, 405);
  if (method === "GET" || method === "HEAD") return new Request(url, { method, headers });
  const body = await cappedBody(request);
  headers.delete("content-length");
  headers.delete("transfer-encoding");
  return new Request(url, { method, headers, body: body?.byteLength ? body : undefined });
}
