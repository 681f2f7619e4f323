import type { Cookie } from "@latch/core";

/** The part of Next.js's cookie store (`cookies()` from `next/headers`, `NextResponse.cookies`) that is used. */
export interface CookieStore {
  set(name: string, value: string, options: Cookie["options"]): unknown;
}

/**
 * Sets each cookie on Next.js's cookie store. In a Server Component the store is read-only and
 * throws: the cookies are then dropped (the page cannot change them; the next request through a
 * Route Handler, Server Action or the interceptor will).
 */
export function setCookies(store: CookieStore, cookies: readonly Cookie[]): void {
  for (const cookie of cookies) {
    try {
      store.set(cookie.name, cookie.value, cookie.options);
    } catch {
      return;
    }
  }
}

/** A `Set-Cookie` value (RFC 6265 §4.1) for a cookie Latch sets; the value is percent-encoded. */
export function serializeSetCookie({ name, value, options }: Cookie): string {
  const parts = [`${name}=${encodeURIComponent(value)}`];
  if (options.domain) parts.push(`Domain=${options.domain}`);
  parts.push(`Path=${options.path ?? "/"}`);
  if (options.expires) parts.push(`Expires=${options.expires.toUTCString()}`);
  if (options.maxAge !== undefined) parts.push(`Max-Age=${Math.trunc(options.maxAge)}`);
  if (options.httpOnly) parts.push("HttpOnly");
  if (options.secure) parts.push("Secure");
  if (options.sameSite) parts.push(`SameSite=${options.sameSite[0]!.toUpperCase()}${options.sameSite.slice(1)}`);
  if (options.partitioned) parts.push("Partitioned");
  return parts.join("; ");
}
