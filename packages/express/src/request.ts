import { isAuthAction } from "@latch/core";
import { authUrlOf, siteOrigin, takesOtherMethods } from "@latch/core/integration";
import { InvalidRequest } from "@latch/core/errors";
import type { Request as ExpressRequest } from "express";

const maxBody = 64 * 1024;

/**
 * The site origin of an Express request: `siteUrl`'s (`AUTH_URL`) when set, else the (proxy-aware)
 * protocol and `Host`. `InvalidRequest` for a scheme other than http(s) or a malformed host.
 */
export function originOf(req: ExpressRequest, siteUrl: string | undefined): string {
  // req.protocol honours X-Forwarded-Proto only when the app sets "trust proxy".
  return siteOrigin(siteUrl, req.protocol, req.get("host"));
}

/**
 * The URL `Auth()` sees: the site's origin, then the path and query of the request line. An
 * absolute-form request line (`POST http://other.example/auth/… HTTP/1.1`, RFC 9112 §3.2.2) gives
 * only its path and query: its authority never becomes the site's origin.
 */
export function requestUrlOf(req: ExpressRequest, origin: string): URL {
  return authUrlOf(req.originalUrl, origin);
}

async function rawBody(req: ExpressRequest): Promise<Uint8Array<ArrayBuffer> | undefined> {
  if (req.readableEnded || req.complete && req.readableLength === 0 && !req.readable) return undefined;
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    // Past the limit, stop buffering; core answers 413 from the declared length or the size it sees.
    if (size > maxBody + 1) break;
    chunks.push(chunk);
  }
  const body = new Uint8Array(Math.min(size, maxBody + 1));
  let offset = 0;
  for (const chunk of chunks) {
    const part = chunk.subarray(0, body.length - offset);
    body.set(part, offset);
    offset += part.byteLength;
  }
  return body;
}

/** Whether `segments` are an action and what may follow it (a provider id; `email`: its change paths). */
function startsActionPath([action = "", ...tail]: string[]): boolean {
  if (!isAuthAction(action)) return false;
  return action === "email" ? ["change", "change/confirm", "change/cancel"].includes(tail.join("/")) : tail.length <= 1;
}

/**
 * Where the middleware is mounted: `req.baseUrl`, less the action when it was mounted with a
 * wildcard (`app.use("/auth/*splat", …)` puts the whole path in `baseUrl`).
 */
export function mountPathOf(req: ExpressRequest): string {
  const path = req.baseUrl || "";
  // Only a wildcard mount leaves nothing in `req.path`; a plain mount such as "/account/signin"
  // is the mount path as it stands, even when it ends with an action's name.
  if (req.path !== "/") return path;
  // The action is the last segment, or the one before a provider id, or `email` before
  // `change/confirm` and `change/cancel`: the earliest segment that starts such a path.
  const parts = path.replace(/\/$/, "").split("/");
  const at = [3, 2, 1].map((back) => parts.length - back).find((i) => i >= 1 && startsActionPath(parts.slice(i))) ?? -1;
  return at >= 1 ? parts.slice(0, at).join("/") : path;
}

/** The body again, when a body parser (`express.json()`, `express.urlencoded()`) already read it. */
function parsedBody(req: ExpressRequest): string | undefined {
  if (req.body === undefined || req.body === null || typeof req.body !== "object") return undefined;
  const type = String(req.headers["content-type"] ?? "");
  // JSON, or a JSON-based type (`application/scim+json`) that the app's parser was told to read.
  if (/application\/([\w.-]+\+)?json/i.test(type)) return JSON.stringify(req.body);
  if (type.includes("application/x-www-form-urlencoded")) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(req.body as Record<string, unknown>)) params.append(key, String(value));
    return params.toString();
  }
  return undefined;
}

/** Methods the Fetch standard forbids in a `Request`. */
const forbiddenMethods = new Set(["CONNECT", "TRACE", "TRACK"]);

/** Whether `path` (under the mount path) starts with the id of a configured plugin. */
export function isPluginPath(path: string, config: { plugins?: readonly { id: string }[] }): boolean {
  return takesOtherMethods(path, config);
}

/** Turns an Express request into a web `Request` for `Auth()` (any method but the forbidden ones when `anyMethod`). */
export async function toWebRequest(req: ExpressRequest, origin: string, anyMethod = false): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
    else headers.set(name, value);
  }
  const url = requestUrlOf(req, origin);
  const method = req.method.toUpperCase();
  // Request refuses methods such as TRACE and CONNECT; core answers 400 for every other method,
  // except on a plugin's paths (`anyMethod`), whose endpoints may answer PUT, PATCH, DELETE, ….
  const plain = method === "GET" || method === "HEAD" || method === "POST";
  if (!plain && (!anyMethod || forbiddenMethods.has(method))) throw new InvalidRequest(`Method ${method} is not supported.`);
  if (method === "GET" || method === "HEAD") return new Request(url, { method, headers });
  const reparsed = parsedBody(req);
  if (reparsed !== undefined) {
    headers.delete("content-length");
    return new Request(url, { method, headers, body: reparsed });
  }
  const body = await rawBody(req);
  if (body && body.byteLength > 0) headers.delete("transfer-encoding");
  return new Request(url, { method, headers, body: body && body.byteLength ? body : undefined });
}
