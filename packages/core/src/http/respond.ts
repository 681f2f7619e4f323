import { serializeCookie } from "../security/cookies.js";
import type { ResponseInternal } from "../types/response.js";

/** Cache headers for responses that carry per-user data. */
export const noStore: Record<string, string> = { "Cache-Control": "private, no-cache, no-store", Expires: "0", Pragma: "no-cache" };

/**
 * Turns an action's result into a `Response`: a 302 (or, in JSON mode, 200 `{ url }`), JSON, or
 * HTML, with every cookie as its own `Set-Cookie` header.
 */
export function toResponse(internal: ResponseInternal, jsonMode: boolean): Response {
  // One list of header pairs, given to the Response once (a Headers object would be built, then copied).
  const headers: [string, string][] = internal.headers ? Object.entries(internal.headers) : [];
  for (const cookie of internal.cookies ?? []) headers.push(["Set-Cookie", serializeCookie(cookie)]);
  if (internal.redirect) {
    if (jsonMode) {
      setHeader(headers, "Content-Type", "application/json");
      return new Response(JSON.stringify({ url: internal.redirect }), { status: 200, headers });
    }
    setHeader(headers, "Location", internal.redirect);
    return new Response(null, { status: 302, headers });
  }
  let body: string | null = null;
  if (typeof internal.body === "string") {
    body = internal.body;
    if (!headers.some(([name]) => name.toLowerCase() === "content-type")) headers.push(["Content-Type", "text/html; charset=utf-8"]);
  } else if (internal.body !== undefined) {
    body = JSON.stringify(internal.body);
    setHeader(headers, "Content-Type", "application/json");
  }
  return new Response(body, { status: internal.status ?? 200, headers });
}

/** Sets `name` to `value` in place of any value it had (header names are case-insensitive). */
function setHeader(headers: [string, string][], name: string, value: string): void {
  const lower = name.toLowerCase();
  const i = headers.findIndex(([n]) => n.toLowerCase() === lower);
  if (i === -1) headers.push([name, value]);
  else headers[i] = [name, value];
}
