import { serializeCookie } from "../security/cookies.js";
import type { ResponseInternal } from "../types/response.js";

/** Cache headers for responses that carry per-user data. */
export const noStore: Record<string, string> = { "Cache-Control": "private, no-cache, no-store", Expires: "0", Pragma: "no-cache" };

/**
 * Turns an action's result into a `Response`: a 302 (or, in JSON mode, 200 `{ url }`), JSON, or
 * HTML, with every cookie as its own `Set-Cookie` header.
 */
export function toResponse(internal: ResponseInternal, jsonMode: boolean): Response {
  const headers = new Headers(internal.headers);
  for (const cookie of internal.cookies ?? []) headers.append("Set-Cookie", serializeCookie(cookie));
  if (internal.redirect) {
    if (jsonMode) {
      headers.set("Content-Type", "application/json");
      return new Response(JSON.stringify({ url: internal.redirect }), { status: 200, headers });
    }
    headers.set("Location", internal.redirect);
    return new Response(null, { status: 302, headers });
  }
  let body: string | null = null;
  if (typeof internal.body === "string") {
    body = internal.body;
    if (!headers.has("Content-Type")) headers.set("Content-Type", "text/html; charset=utf-8");
  } else if (internal.body !== undefined) {
    body = JSON.stringify(internal.body);
    headers.set("Content-Type", "application/json");
  }
  return new Response(body, { status: internal.status ?? 200, headers });
}
