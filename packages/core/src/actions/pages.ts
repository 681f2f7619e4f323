import type { AuthContext } from "../config/context.js";
import type { LanguageContext, PageContext } from "../config/slices.js";
import type { AuthRequest } from "../http/request.js";
import type { ResponseInternal } from "../types/response.js";
import { pageUrl } from "../http/urls.js";

/** `GET /error?error=<code>`: the error page (500 for `Configuration`, 403 for `AccessDenied`/`Verification`). */
export async function errorPageAction(ctx: PageContext & LanguageContext & Pick<AuthContext, "providers" | "logger" | "secondFactor">, req: AuthRequest): Promise<ResponseInternal> {
  const error = req.query.error ?? "Default";
  if (ctx.pages.error) return { redirect: pageUrl(ctx, ctx.pages.error, { error }) };
  const { renderErrorPage, chooseLanguage } = await import("../pages/index.js");
  const language = await chooseLanguage(ctx, req.request);
  const page = renderErrorPage({ error, signInUrl: `${ctx.baseUrl}/signin`, homeUrl: ctx.origin, theme: ctx.theme, language });
  return { status: page.status, body: page.html };
}

/** `GET /verify-request`: "check your email", or a redirect to `pages.verifyRequest` with the original query. */
export async function verifyRequestAction(ctx: PageContext & LanguageContext & Pick<AuthContext, "providers" | "logger" | "secondFactor">, req: AuthRequest): Promise<ResponseInternal> {
  if (ctx.pages.verifyRequest) return { redirect: pageUrl(ctx, ctx.pages.verifyRequest, { ...req.query }) };
  const { renderVerifyRequestPage, chooseLanguage } = await import("../pages/index.js");
  const language = await chooseLanguage(ctx, req.request);
  const page = renderVerifyRequestPage({ homeUrl: ctx.origin, email: req.query.email, type: req.query.type, theme: ctx.theme, language });
  return { status: page.status, body: page.html };
}
