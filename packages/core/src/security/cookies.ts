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

/** A cookie that deletes `name`: empty value, same attributes, `Max-Age=0`. */
export function expireCookie(name: string, options: CookieOptions): Cookie {
  const { expires: _expires, ...rest } = options;
  return { name, value: "", options: { ...rest, maxAge: 0 } };
}

/** The name of the cookie that holds a sign-in waiting for its second factor (`__Secure-` on HTTPS, like the check cookies). */
export function waitingSignInCookieName(secure: boolean): string {
  return `${secure ? "__Secure-" : ""}latch.second-factor`;
}
