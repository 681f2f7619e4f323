/**
 * The two checks of what a request carries before an action acts on it: that a state-changing
 * request comes from the site (the CSRF token, or the origin), and where it may send the browser
 * next (the callback URL). Each reads the slice of the context it needs, and remembers its value
 * in a cookie.
 */
import { randomHex, sha256Hex, sha256HexNow, timingSafeEqual } from "../crypto/index.js";
import { MissingCSRF } from "../errors.js";
import type { CallbacksOptions } from "../types/callbacks.js";
import type { Cookie, CookieOption } from "../types/cookies.js";

/** The slice of the context the CSRF check reads. */
export interface CsrfSettings {
  readonly skipCSRFCheck: boolean;
  readonly csrfCheck: "token" | "origin";
  readonly origin: string;
  readonly secrets: readonly string[];
  readonly cookies: { readonly csrfToken: CookieOption };
}

/** What the CSRF check reads of a parsed request. */
export interface CsrfRequest {
  readonly headers: Headers;
  readonly cookies: Readonly<Record<string, string>>;
  readonly body?: Readonly<Record<string, unknown>>;
  /** Authenticated without a cookie (a bearer session, an API key): no CSRF token needed. */
  readonly withoutAmbientCredential?: true;
}

/** The CSRF token of a request: the one in a valid cookie, or a new one with the cookie to set. */
export interface CsrfState {
  token: string;
  /** True when the request carried a cookie whose hash verifies. */
  cookieValid: boolean;
  /** Set when a new token was made. */
  cookie?: Cookie;
}

// Where the runtime hashes synchronously (node:crypto, once chosen) the hash is not awaited.
const hashToken = (token: string, secret: string): string | Promise<string> => (sha256HexNow ?? sha256Hex)(`${token}${secret}`);

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

/** The CSRF token of the request (a new one when its cookie is missing or invalid). */
export function csrfOf(ctx: Pick<CsrfSettings, "secrets" | "cookies">, req: Pick<CsrfRequest, "cookies">): Promise<CsrfState> {
  return readCsrf(req.cookies[ctx.cookies.csrfToken.name], ctx.secrets, ctx.cookies.csrfToken);
}

/**
 * Throws `MissingCSRF` unless the POST carries the token of its CSRF cookie (or the check is off).
 * With the origin check on, the `Origin`/`Sec-Fetch-Site` headers decide when present; the token
 * is needed only when both are absent.
 */
export async function requireCsrf(ctx: CsrfSettings, req: CsrfRequest): Promise<void> {
  if (ctx.skipCSRFCheck || req.withoutAmbientCredential) return;
  if (ctx.csrfCheck === "origin") {
    const source = requestSource(req.headers, ctx.origin);
    if (source === "same-origin") return;
    if (source === "elsewhere") throw new MissingCSRF("The request was sent from another origin.");
  }
  const state = await csrfOf(ctx, req);
  if (!csrfPasses(state, req.body?.csrfToken)) throw new MissingCSRF("The CSRF token is missing or does not match its cookie.");
}

/**
 * The default `redirect` callback (OWASP unvalidated redirects): a path on this site, or an
 * absolute http(s) URL with the same origin; anything else goes to `baseUrl`. `//host` and `/\host`
 * are protocol-relative URLs to other hosts and are refused; so are `blob:` URLs (their origin is
 * the site's, yet a script made their content) and every other scheme (`javascript:`, `data:`,
 * `vbscript:`…).
 */
export const defaultRedirect: NonNullable<CallbacksOptions["redirect"]> = ({ url, baseUrl }) => {
  const target = url.startsWith("/") && !url.startsWith("//") && !url.startsWith("/\\") ? `${baseUrl}${url}` : url;
  try {
    // Line breaks, control and non-ASCII characters cannot go into a Location header (and CR/LF
    // would split the response); the URL parser drops or percent-encodes them.
    const parsed = new URL(target);
    const isWeb = parsed.protocol === "http:" || parsed.protocol === "https:";
    if (isWeb && parsed.origin === new URL(baseUrl).origin) return /^[\x21-\x7e]*$/.test(target) ? target : parsed.href;
  } catch {
    // not a URL: fall through
  }
  return baseUrl;
};

/** Where to go after an action: the body's `callbackUrl`, else the query's, else the cookie's, else the origin; through `redirect`. */
export async function resolveCallbackUrl(params: {
  bodyValue: unknown;
  queryValue: string | undefined;
  cookieValue: string | undefined;
  origin: string;
  redirect: NonNullable<CallbacksOptions["redirect"]>;
}): Promise<string> {
  const { bodyValue, queryValue, cookieValue, origin, redirect } = params;
  const candidate = typeof bodyValue === "string" && bodyValue ? bodyValue : queryValue || cookieValue;
  if (!candidate) return origin;
  return redirect({ url: candidate, baseUrl: origin });
}

/** The slice of the context the callback URL is checked with. */
export interface CallbackUrlSettings {
  readonly origin: string;
  readonly cookies: { readonly callbackUrl: CookieOption };
  readonly callbacks: { readonly redirect: NonNullable<CallbacksOptions["redirect"]> };
}

/** The checked callback URL of the request and, when it changed, the cookie that remembers it. */
export async function callbackUrlOf(
  ctx: CallbackUrlSettings,
  req: { readonly cookies: Readonly<Record<string, string>>; readonly query: Readonly<Record<string, string>>; readonly body?: Readonly<Record<string, unknown>> },
): Promise<{ callbackUrl: string; cookies: Cookie[] }> {
  const cookie = ctx.cookies.callbackUrl;
  const stored = req.cookies[cookie.name];
  const callbackUrl = await resolveCallbackUrl({
    bodyValue: req.body?.callbackUrl,
    queryValue: req.query.callbackUrl,
    cookieValue: stored,
    origin: ctx.origin,
    redirect: ctx.callbacks.redirect,
  });
  const cookies = callbackUrl !== stored ? [{ name: cookie.name, value: callbackUrl, options: cookie.options }] : [];
  return { callbackUrl, cookies };
}
