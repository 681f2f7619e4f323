import type { AuthContext } from "../config/context.js";
import { MissingCSRF } from "../errors.js";
import type { AuthRequest } from "../http/request.js";
import { resolveCallbackUrl } from "../security/callback-url.js";
import { csrfPasses, readCsrf, requestSource, type CsrfState } from "../security/csrf.js";
import type { Cookie } from "../types/cookies.js";
import type { ResponseInternal } from "../types/response.js";

/** The CSRF token of the request (a new one when its cookie is missing or invalid). */
export function csrfOf(ctx: AuthContext, req: AuthRequest): Promise<CsrfState> {
  return readCsrf(req.cookies[ctx.cookies.csrfToken.name], ctx.secrets, ctx.cookies.csrfToken);
}

/**
 * Throws `MissingCSRF` unless the POST carries the token of its CSRF cookie (or the check is off).
 * With the origin check on, the `Origin`/`Sec-Fetch-Site` headers decide when present; the token
 * is needed only when both are absent.
 */
export async function requireCsrf(ctx: AuthContext, req: AuthRequest): Promise<void> {
  if (ctx.skipCSRFCheck) return;
  if (ctx.csrfCheck === "origin") {
    const source = requestSource(req.headers, ctx.origin);
    if (source === "same-origin") return;
    if (source === "elsewhere") throw new MissingCSRF("The request was sent from another origin.");
  }
  const state = await csrfOf(ctx, req);
  if (!csrfPasses(state, req.body?.csrfToken)) throw new MissingCSRF("The CSRF token is missing or does not match its cookie.");
}

/** The checked callback URL of the request and, when it changed, the cookie that remembers it. */
export async function callbackUrlOf(ctx: AuthContext, req: AuthRequest): Promise<{ callbackUrl: string; cookies: Cookie[] }> {
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

/** `result` with `cookies` set before its own (later cookies of the same name win in the browser). */
export function withCookies(result: ResponseInternal, cookies: readonly (Cookie | undefined)[]): ResponseInternal {
  return { ...result, cookies: [...cookies.filter((c): c is Cookie => !!c), ...(result.cookies ?? [])] };
}
