import type { AuthConfig } from "../types/config.js";
import type { Cookie, CookieOptions, CookiesOptions } from "../types/cookies.js";
import { checkMaxAge } from "./check-cookie.js";

/**
 * The default cookie names and attributes (OWASP session management: HttpOnly, SameSite=Lax,
 * Secure with the `__Secure-`/`__Host-` prefixes on HTTPS). The names match Auth.js so that
 * sessions carry over.
 */
export function defaultCookies(secure: boolean): CookiesOptions {
  const prefix = secure ? "__Secure-" : "";
  const base: CookieOptions = { httpOnly: true, sameSite: "lax", path: "/", secure };
  return {
    sessionToken: { name: `${prefix}authjs.session-token`, options: { ...base } },
    callbackUrl: { name: `${prefix}authjs.callback-url`, options: { ...base } },
    // __Host- pins the cookie to this host and path /, so a sibling subdomain cannot plant one.
    csrfToken: { name: `${secure ? "__Host-" : ""}authjs.csrf-token`, options: { ...base } },
    pkceCodeVerifier: { name: `${prefix}authjs.pkce.code_verifier`, options: { ...base, maxAge: checkMaxAge } },
    state: { name: `${prefix}authjs.state`, options: { ...base, maxAge: checkMaxAge } },
    nonce: { name: `${prefix}authjs.nonce`, options: { ...base, maxAge: checkMaxAge } },
    webauthnChallenge: { name: `${prefix}authjs.challenge`, options: { ...base, maxAge: checkMaxAge } },
  };
}

/** The default cookies with `config.cookies` overrides applied. */
export function resolveCookies(secure: boolean, overrides: AuthConfig["cookies"] = {}): CookiesOptions {
  const cookies = defaultCookies(secure);
  for (const role of Object.keys(cookies) as (keyof CookiesOptions)[]) {
    const override = overrides[role];
    if (!override) continue;
    cookies[role] = { name: override.name ?? cookies[role].name, options: { ...cookies[role].options, ...override.options } };
  }
  return cookies;
}

/** A `Set-Cookie` header value; the value is percent-encoded. */
export function serializeCookie(cookie: Cookie): string {
  return serializeSetCookie(cookie);
}

// RFC 6265 §4.1.1: a cookie name is a token (visible ASCII but separators), a cookie value visible
// ASCII but `"`, `,`, `;` and `\`; values are percent-encoded on write, so they always fit.
const nameChars = /^[\u0021-\u003A\u003C\u003E-\u007E]+$/;
const valueChars = /^[\u0021-\u003A\u003C-\u007E]*$/;
const domainChars = /^([.]?[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)([.][a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;
const pathChars = /^[\u0020-\u003A\u003D-\u007E]*$/;

/**
 * A `Set-Cookie` header value (RFC 6265 §4.1): the value percent-encoded, then the attributes.
 * Throws a `TypeError` for a name, domain, path or date that cannot be written.
 */
export function serializeSetCookie({ name, value, options }: Cookie): string {
  if (!nameChars.test(name)) throw new TypeError("The cookie name has characters a cookie name cannot have.");
  const encoded = value ? encodeURIComponent(value) : "";
  if (!valueChars.test(encoded)) throw new TypeError(`The value of cookie ${name} cannot be written.`);
  let header = `${name}=${encoded}`;
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

/** A cookie that deletes `name`: empty value, same attributes, `Max-Age=0`. */
export function expireCookie(name: string, options: CookieOptions): Cookie {
  const { expires: _expires, ...rest } = options;
  return { name, value: "", options: { ...rest, maxAge: 0 } };
}
