import { siteOrigin } from "@latch/core/integration";
import { InvalidRequest } from "@latch/core/errors";

/** Bodies above this are cut; core answers 413 from the declared length or the size it sees. */
const maxBody = 64 * 1024;

/** Methods the Fetch standard forbids in a `Request`. */
const forbiddenMethods = new Set(["CONNECT", "TRACE", "TRACK"]);

/**
 * The site origin of a request: `siteUrl`'s (`AUTH_URL`) when set, else the request URL's
 * protocol and the `Host` header. Never the authority of an absolute-form request line (which
 * some servers copy into the request's URL). `InvalidRequest` for a malformed host.
 */
export function originOf(url: URL, host: string | undefined, siteUrl: string | undefined): string {
  return siteOrigin(siteUrl, url.protocol, host ?? url.host);
}

/** The body, at most one byte past the limit, read from the stream without buffering the rest. */
async function cappedBody(body: ReadableStream<Uint8Array>): Promise<Uint8Array<ArrayBuffer>> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
      if (size > maxBody) break;
    }
  } finally {
    void reader.cancel().catch(() => {});
  }
  const out = new Uint8Array(Math.min(size, maxBody + 1));
  let offset = 0;
  for (const chunk of chunks) {
    const part = chunk.subarray(0, out.length - offset);
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
}

/** How the request reaches this module: its URL, method, headers and a way to read its body. */
export interface IncomingRequest {
  url: string;
  method: string;
  headers: Headers;
  /** The body as a stream, or `undefined` when it was read before (then `readBody` gives it). */
  stream(): ReadableStream<Uint8Array> | null | undefined;
  /** The body already read by the app (a parser's cache). */
  readBody(): Promise<ArrayBuffer>;
}

/**
 * The `Request` that `Auth()` sees: `origin` with the path and query of the incoming URL, the same
 * headers, and the body (for POST and the other methods a plugin's path may answer).
 * `InvalidRequest` for a forbidden method, or one Latch does not serve outside a plugin's path.
 */
export async function toAuthRequest(incoming: IncomingRequest, origin: string, anyMethod: boolean): Promise<Request> {
  const method = incoming.method.toUpperCase();
  const plain = method === "GET" || method === "HEAD" || method === "POST";
  if (!plain && (!anyMethod || forbiddenMethods.has(method))) throw new InvalidRequest(`Method ${method} is not supported.`);
  const source = new URL(incoming.url);
  const url = new URL(origin);
  url.pathname = source.pathname;
  url.search = source.search;
  const headers = new Headers(incoming.headers);
  if (method === "GET" || method === "HEAD") return new Request(url, { method, headers });
  const stream = incoming.stream();
  const body = stream ? await cappedBody(stream) : stream === null ? undefined : new Uint8Array(await incoming.readBody());
  headers.delete("transfer-encoding");
  if (body && body.byteLength) headers.set("content-length", String(body.byteLength));
  else headers.delete("content-length");
  return new Request(url, { method, headers, body: body && body.byteLength ? body : undefined });
}
