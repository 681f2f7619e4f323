import { randomHex, sha256Hex, timingSafeEqual } from "../crypto/index.js";
import type { Cookie, CookieOption } from "../types/cookies.js";

/** The CSRF token of a request: the one in a valid cookie, or a new one with the cookie to set. */
export interface CsrfState {
  token: string;
  /** True when the request carried a cookie whose hash verifies. */
  cookieValid: boolean;
  /** Set when a new token was made. */
  cookie?: Cookie;
}

async function hashToken(token: string, secret: string): Promise<string> {
  return sha256Hex(`${token}${secret}`);
}

/**
 * Reads the double-submit CSRF cookie `<token>|<sha256hex(token + secret)>` (OWASP CSRF
 * cheat sheet, signed double-submit cookie). The hash is made with the first secret and
 * verified against each, so rotation does not break open forms. Makes a new token when the
 * cookie is missing or does not verify.
 */
export async function readCsrf(cookieValue: string | undefined, secrets: readonly string[], cookie: CookieOption): Promise<CsrfState> {
  if (cookieValue) {
    const separator = cookieValue.indexOf("|");
    const token = cookieValue.slice(0, separator);
    const hash = cookieValue.slice(separator + 1);
    if (separator > 0 && hash) {
      for (const secret of secrets) {
        if (timingSafeEqual(hash, await hashToken(token, secret))) return { token, cookieValid: true };
      }
    }
  }
  const token = randomHex(32);
  const value = `${token}|${await hashToken(token, secrets[0]!)}`;
  return { token, cookieValid: false, cookie: { name: cookie.name, value, options: cookie.options } };
}

/** A state-changing request passes when its cookie verified and its body's `csrfToken` equals the cookie's token. */
export function csrfPasses(state: CsrfState, bodyToken: unknown): boolean {
  return state.cookieValid && typeof bodyToken === "string" && timingSafeEqual(bodyToken, state.token);
}

/** What a request's `Origin` and `Sec-Fetch-Site` headers say about where it was sent from. */
export type RequestSource = "same-origin" | "elsewhere" | "unknown";

/**
 * Where a request comes from, by the headers browsers set and pages cannot forge (OWASP CSRF cheat
 * sheet, "Verifying Origin With Standard Headers"; Fetch Metadata, W3C). `Origin` decides when
 * present: the site's own origin, or `elsewhere` (including the opaque `null`). Without it,
 * `Sec-Fetch-Site: same-origin` is the site itself and any other value is `elsewhere`. With
 * neither, `unknown`: the caller falls back to the CSRF token.
 */
export function requestSource(headers: Headers, siteOrigin: string): RequestSource {
  const origin = headers.get("origin");
  if (origin !== null) return origin.trim().toLowerCase() === siteOrigin.toLowerCase() ? "same-origin" : "elsewhere";
  const fetchSite = headers.get("sec-fetch-site");
  if (fetchSite !== null) return fetchSite.trim().toLowerCase() === "same-origin" ? "same-origin" : "elsewhere";
  return "unknown";
}
