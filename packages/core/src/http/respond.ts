import type { Cookie } from "../types/cookies.js";
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

/** `result` with `cookies` set before its own (later cookies of the same name win in the browser). */
export function withCookies(result: ResponseInternal, cookies: readonly (Cookie | undefined)[]): ResponseInternal {
  return { ...result, cookies: [...cookies.filter((c): c is Cookie => !!c), ...(result.cookies ?? [])] };
}

// RFC 6265 §4.1.1: a cookie name is a token (visible ASCII but separators), a cookie value visible
// ASCII but `"`, `,`, `;` and `\`; values are percent-encoded on write, so they always fit.
const nameChars = /^[\u0021-\u003A\u003C\u003E-\u007E]+$/;
const domainChars = /^([.]?[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)([.][a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;
const pathChars = /^[\u0020-\u003A\u003D-\u007E]*$/;

/**
 * A `Set-Cookie` header value (RFC 6265 §4.1): the value percent-encoded, then the attributes.
 * Throws a `TypeError` for a name, domain, path or date that cannot be written.
 */
export function serializeSetCookie({ name, value, options }: Cookie): string {
  if (!nameChars.test(name)) throw new TypeError("The cookie name has characters a cookie name cannot have.");
  // Percent-encoding leaves only characters a cookie value may hold (and throws on a lone surrogate).
  let header = `${name}=${value ? encodeURIComponent(value) : ""}`;
  if (options.maxAge !== undefined) {
    if (!Number.isInteger(options.maxAge)) throw new TypeError(`The maxAge of cookie ${name} is not an integer.`);
    header += `; Max-Age=${options.maxAge}`;
  }
  if (options.domain) {
    if (!domainChars.test(options.domain)) throw new TypeError(`The domain of cookie ${name} is not a domain name.`);
    header += `; Domain=${options.domain}`;
  }
  if (options.path) {
    if (!pathChars.test(options.path)) throw new TypeError(`The path of cookie ${name} has characters a path attribute cannot have.`);
    header += `; Path=${options.path}`;
  }
  if (options.expires) {
    if (!(options.expires instanceof Date) || !Number.isFinite(options.expires.valueOf())) throw new TypeError(`The expiry of cookie ${name} is not a date.`);
    header += `; Expires=${options.expires.toUTCString()}`;
  }
  if (options.httpOnly) header += "; HttpOnly";
  if (options.secure) header += "; Secure";
  if (options.partitioned) header += "; Partitioned";
  if (options.sameSite) {
    const sameSite = String(options.sameSite).toLowerCase();
    if (sameSite === "strict") header += "; SameSite=Strict";
    else if (sameSite === "lax") header += "; SameSite=Lax";
    else if (sameSite === "none") header += "; SameSite=None";
    else throw new TypeError(`The sameSite of cookie ${name} must be "lax", "strict" or "none".`);
  }
  return header;
}

/** A `Set-Cookie` header value; the value is percent-encoded (the name Latch's own modules use). */
export const serializeCookie: (cookie: Cookie) => string = serializeSetCookie;
