import type { ResponseInternal } from "../types/response.js";

let headersCode: Promise<typeof import("../pages/security-headers.js")> | undefined;

/**
 * Adds the page security headers (CSP, framing, referrer, sniffing) and `Vary: Accept-Language`
 * to a response whose body is a rendered page (an HTML string); every other response is returned
 * as it is.
 */
export async function withPageHeaders(internal: ResponseInternal): Promise<ResponseInternal> {
  if (typeof internal.body !== "string") return internal;
  // Loaded with the pages themselves, when the first page is rendered (once: a warm import() still costs a resolution).
  const { pageSecurityHeaders } = await (headersCode ??= import("../pages/security-headers.js"));
  // A page's language may follow the request's Accept-Language: caches keep one copy per value (RFC 9110 §12.5.5).
  return { ...internal, headers: { ...internal.headers, ...(await pageSecurityHeaders(internal.body)), Vary: "Accept-Language" } };
}
