/**
 * A cookie store that behaves like a browser's for one test: cookies are kept per origin
 * (scheme, host and port), with the `Path`, `Max-Age` and `Expires` rules of RFC 6265.
 * `Domain` is ignored and `SameSite` and `Secure` are recorded but not enforced: a cookie is only
 * ever sent back to the origin that set it.
 */

/** A stored cookie. */
export interface Cookie {
  name: string;
  /** The value exactly as the server sent it (not percent-decoded). */
  value: string;
  path: string;
  /** Epoch milliseconds when the cookie expires; `undefined` for a session cookie. */
  expires: number | undefined;
  httpOnly: boolean;
  secure: boolean;
  sameSite: string | undefined;
}

interface Stored extends Cookie {
  created: number;
}

/** Cookies of many origins, fed with `Set-Cookie` headers and read back as `Cookie` headers. */
export class CookieJar {
  readonly #origins = new Map<string, Map<string, Stored>>();
  #sequence = 0;

  /**
   * Applies one `Set-Cookie` header value received from `url` (RFC 6265 section 5.2): a cookie
   * whose `Max-Age` is zero or negative, or whose `Expires` is past, deletes the stored one.
   */
  setCookie(url: string | URL, header: string): void {
    const target = new URL(url);
    const cookie = parseSetCookie(header, target.pathname);
    if (!cookie) return;
    let cookies = this.#origins.get(target.origin);
    if (!cookies) {
      cookies = new Map();
      this.#origins.set(target.origin, cookies);
    }
    const key = `${cookie.name};${cookie.path}`;
    if (cookie.expires !== undefined && cookie.expires <= Date.now()) {
      cookies.delete(key);
      return;
    }
    // A replaced cookie keeps its creation time (RFC 6265 section 5.3 step 11.3), which orders the Cookie header.
    const created = cookies.get(key)?.created ?? this.#sequence++;
    cookies.set(key, { ...cookie, created });
  }

  /** Applies every `Set-Cookie` header of a response to `url`. */
  storeResponse(url: string | URL, response: Response): void {
    for (const header of response.headers.getSetCookie()) this.setCookie(url, header);
  }

  /** The cookies that a request to `url` carries: live ones whose path matches, longest path first. */
  cookiesFor(url: string | URL): Cookie[] {
    const target = new URL(url);
    return this.#live(target.origin)
      .filter((cookie) => pathMatches(target.pathname, cookie.path))
      .sort((a, b) => b.path.length - a.path.length || a.created - b.created)
      .map(publicCookie);
  }

  /** The `Cookie` header for a request to `url`, or `undefined` when no cookie applies (RFC 6265 section 5.4). */
  header(url: string | URL): string | undefined {
    const cookies = this.cookiesFor(url);
    return cookies.length ? cookies.map((c) => `${c.name}=${c.value}`).join("; ") : undefined;
  }

  /** Every live cookie of `origin` (any path), in creation order. */
  cookies(origin: string | URL): Cookie[] {
    return this.#live(new URL(origin).origin)
      .sort((a, b) => a.created - b.created)
      .map(publicCookie);
  }

  /** Forgets the cookies of `origin`, or of every origin. */
  clear(origin?: string | URL): void {
    if (origin === undefined) this.#origins.clear();
    else this.#origins.delete(new URL(origin).origin);
  }

  #live(origin: string): Stored[] {
    const cookies = this.#origins.get(origin);
    if (!cookies) return [];
    const now = Date.now();
    for (const [key, cookie] of cookies) if (cookie.expires !== undefined && cookie.expires <= now) cookies.delete(key);
    return [...cookies.values()];
  }
}

function publicCookie({ created: _created, ...cookie }: Stored): Cookie {
  return cookie;
}

/** Parses a `Set-Cookie` value (RFC 6265 section 5.2); `undefined` when it sets nothing. */
export function parseSetCookie(header: string, requestPath = "/"): Cookie | undefined {
  const [pair = "", ...attributes] = header.split(";");
  const eq = pair.indexOf("=");
  if (eq === -1) return undefined;
  const name = pair.slice(0, eq).trim();
  if (!name) return undefined;
  const cookie: Cookie = {
    name,
    value: pair.slice(eq + 1).trim(),
    path: defaultPath(requestPath),
    expires: undefined,
    httpOnly: false,
    secure: false,
    sameSite: undefined,
  };
  let maxAge: number | undefined;
  for (const attribute of attributes) {
    const at = attribute.indexOf("=");
    const key = (at === -1 ? attribute : attribute.slice(0, at)).trim().toLowerCase();
    const value = at === -1 ? "" : attribute.slice(at + 1).trim();
    if (key === "path" && value.startsWith("/")) cookie.path = value;
    else if (key === "max-age" && /^-?\d+$/.test(value)) maxAge = Number(value);
    else if (key === "expires") {
      const time = Date.parse(value);
      if (!Number.isNaN(time)) cookie.expires = time;
    } else if (key === "httponly") cookie.httpOnly = true;
    else if (key === "secure") cookie.secure = true;
    else if (key === "samesite") cookie.sameSite = value;
  }
  // Max-Age wins over Expires (RFC 6265 section 5.3 step 3); zero or less means "expire now".
  if (maxAge !== undefined) cookie.expires = maxAge <= 0 ? 0 : Date.now() + maxAge * 1000;
  return cookie;
}

/** The default cookie path: the request path up to its last `/` (RFC 6265 section 5.1.4). */
function defaultPath(requestPath: string): string {
  if (!requestPath.startsWith("/")) return "/";
  const last = requestPath.lastIndexOf("/");
  return last <= 0 ? "/" : requestPath.slice(0, last);
}

/** Path-match of RFC 6265 section 5.1.4. */
function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith("/") || requestPath[cookiePath.length] === "/";
}
