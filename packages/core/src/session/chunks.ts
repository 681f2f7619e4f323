import type { Cookie, CookieOption } from "../types/cookies.js";
import { expireCookie } from "../security/cookies.js";

/**
 * Browsers drop cookies over about 4096 bytes (RFC 6265 §6.1 sets 4096 as the minimum they must
 * keep), so a long value is cut into `<name>.0`, `<name>.1`, … each well under that with its
 * attributes.
 */
export const chunkSize = 3936;

const chunkSuffix = /\.(\d+)$/;

/** Joins a possibly chunked cookie: `<name>` itself, or every `<name>.<n>` ordered by `n`. */
export function readChunkedCookie(cookies: Record<string, string>, name: string): string | undefined {
  if (cookies[name] !== undefined) return cookies[name];
  const chunks: [number, string][] = [];
  for (const [key, value] of Object.entries(cookies)) {
    if (!key.startsWith(`${name}.`)) continue;
    const match = chunkSuffix.exec(key);
    if (match) chunks.push([Number(match[1]), value]);
  }
  if (!chunks.length) return undefined;
  return chunks.sort((a, b) => a[0] - b[0]).map(([, value]) => value).join("");
}

/** Names of the session cookies the request carried (whole or chunks). */
function carriedNames(cookies: Record<string, string>, name: string): string[] {
  return Object.keys(cookies).filter((key) => key === name || (key.startsWith(`${name}.`) && chunkSuffix.test(key)));
}

/**
 * The cookies that store `value` under `cookie.name`: first a deletion of every session cookie the
 * request carried that the new value does not overwrite, then the value whole or in chunks.
 */
export function writeChunkedCookie(cookies: Record<string, string>, cookie: CookieOption, value: string, expires?: Date): Cookie[] {
  const options = expires ? { ...cookie.options, expires } : cookie.options;
  const pieces: Cookie[] = [];
  if (value.length <= chunkSize) {
    pieces.push({ name: cookie.name, value, options });
  } else {
    for (let i = 0; i * chunkSize < value.length; i++) {
      pieces.push({ name: `${cookie.name}.${i}`, value: value.slice(i * chunkSize, (i + 1) * chunkSize), options });
    }
  }
  const written = new Set(pieces.map((p) => p.name));
  const stale = carriedNames(cookies, cookie.name).filter((n) => !written.has(n)).map((n) => expireCookie(n, cookie.options));
  return [...stale, ...pieces];
}

/** Deletes every session cookie the request carried (and the plain name, to be sure). */
export function clearChunkedCookie(cookies: Record<string, string>, cookie: CookieOption): Cookie[] {
  const names = new Set([cookie.name, ...carriedNames(cookies, cookie.name)]);
  return [...names].map((n) => expireCookie(n, cookie.options));
}
