// Answers a GET of one of the password pages, and sends a refused form back to its page.
import type { AuthContext } from "../../config/context.js";
import type { AuthRequest } from "../../http/request.js";
import { noStore, withCookies } from "../../http/respond.js";
import { signInPageUrl } from "../../http/urls.js";
import { chooseLanguage } from "../../pages/language.js";
import { renderPasswordPage } from "./pages.js";
import type { PasswordPageProps } from "../../pages/types.js";
import { defaultMaxPasswordLength } from "./rules.js";
import type { ResponseInternal } from "../../types/response.js";
import { callbackUrlOf } from "../../security/request-checks.js";
import { csrfOf } from "../../security/request-checks.js";
import type { PasswordProvider } from "./types.js";

/** The path of each page under the base path. */
export const pagePaths: Readonly<Record<PasswordPageProps["kind"], string>> = {
  signup: "signup",
  forgot: "password/forgot",
  reset: "password/reset",
  change: "password/change",
  emailChange: "email/change",
};

/** The page of `kind` (status 200, not stored by caches), with a fresh CSRF token and the callback URL. */
export async function passwordPage(
  ctx: AuthContext,
  req: AuthRequest,
  provider: PasswordProvider,
  kind: PasswordPageProps["kind"],
  extra: Pick<PasswordPageProps, "email" | "token" | "proof"> = {},
): Promise<ResponseInternal> {
  const { callbackUrl, cookies } = await callbackUrlOf(ctx, req);
  const csrf = await csrfOf(ctx, req);
  const page = renderPasswordPage({
    kind,
    action: `${ctx.baseUrl}/${pagePaths[kind]}`,
    csrfToken: csrf.token,
    callbackUrl,
    signInUrl: signInPageUrl(ctx, { callbackUrl }),
    error: req.query.error,
    minimum: provider.rules.minLength ?? 8,
    maximum: provider.rules.maxLength ?? defaultMaxPasswordLength,
    email: extra.email,
    token: extra.token,
    proof: extra.proof,
    theme: ctx.theme,
    language: await chooseLanguage(ctx, req.request),
  });
  return withCookies({ status: page.status, body: page.html, headers: { ...noStore } }, [...cookies, csrf.cookie]);
}

/** Back to the page of `kind` with `?error=<type>` (and the query it needs, such as the reset link's token). */
export function backToPage(ctx: Pick<AuthContext, "baseUrl">, kind: PasswordPageProps["kind"], query: Record<string, string>): ResponseInternal {
  const url = new URL(`${ctx.baseUrl}/${pagePaths[kind]}`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return { redirect: url.toString() };
}
