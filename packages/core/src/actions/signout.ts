import type { AuthContext } from "../config/context.js";
import type { AuthRequest } from "../http/request.js";
import { clearChunkedCookie } from "../session/read.js";
import { sessionStrategy } from "../session/index.js";
import type { ResponseInternal } from "../types/response.js";
import { callbackUrlOf } from "../security/request-checks.js";
import { csrfOf } from "../security/request-checks.js";
import { withCookies } from "../http/respond.js";
import { pageUrl } from "../http/urls.js";
import { pluginCodeOf } from "../config/plugin-code.js";

/** `GET /signout`: the confirmation page (or a redirect to `pages.signOut`). */
export async function signOutPageAction(ctx: AuthContext, req: AuthRequest): Promise<ResponseInternal> {
  const { callbackUrl, cookies } = await callbackUrlOf(ctx, req);
  if (ctx.pages.signOut) return { redirect: pageUrl(ctx, ctx.pages.signOut, { callbackUrl }), cookies };
  const csrf = await csrfOf(ctx, req);
  const { renderSignOutPage, chooseLanguage } = await import("../pages/index.js");
  const language = await chooseLanguage(ctx, req.request);
  const page = renderSignOutPage({ csrfToken: csrf.token, action: `${ctx.baseUrl}/signout`, callbackUrl, theme: ctx.theme, language });
  return withCookies({ status: page.status, body: page.html }, [...cookies, csrf.cookie]);
}

/**
 * `POST /signout` (CSRF-checked): ends the session through its strategy and clears every session
 * cookie. A failure to end it in storage is logged; the cookies are cleared anyway.
 */
export async function signOutAction(ctx: AuthContext, req: AuthRequest): Promise<ResponseInternal> {
  const { callbackUrl, cookies } = await callbackUrlOf(ctx, req);
  // A plugin may send the browser on (an identity provider's logout) while the session still exists.
  const onward = await pluginCodeOf(ctx.plugins)?.signOut(ctx, req, callbackUrl);
  let cleared;
  try {
    cleared = await sessionStrategy(ctx).end(ctx, req);
  } catch (error) {
    ctx.logger.error("SignOutError", error);
    cleared = clearChunkedCookie(req.cookies, ctx.cookies.sessionToken);
  }
  return { redirect: onward || callbackUrl, cookies: [...cookies, ...cleared] };
}
