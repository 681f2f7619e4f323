/**
 * The pages of `Admin()`'s refusals, for a browser: the page a banned user's sign-in ends on (the
 * reason and the end of the ban when the administrator gave them), and the page an impersonated
 * session gets for an action only the user may take. Both in the request's language, 403.
 */
import type { AuthContext } from "../../config/context.js";
import type { LanguageContext } from "../../config/slices.js";
import type { AuthRequest } from "../../http/request.js";
import { noStore } from "../../http/respond.js";
import { formatPageDate } from "../../pages/dates.js";
import { chooseLanguage, type PageLanguage } from "../../pages/language.js";
import { renderDocument } from "../../pages/layout.js";
import { html, type SafeHtml } from "../../security/escape.js";
import type { ResponseInternal } from "../../types/response.js";
import type { MessageKey } from "../../types/language.js";

/** What the refusal pages read: the language settings, the theme, the site's home. */
export type RefusalPageContext = LanguageContext & Pick<AuthContext, "theme" | "origin" | "logger" | "features">;

async function refusalPage(ctx: RefusalPageContext, req: AuthRequest, title: MessageKey, lines: (language: PageLanguage) => SafeHtml): Promise<ResponseInternal> {
  const language = await chooseLanguage(ctx, req.request);
  const body = html`${lines(language)}<p class="links"><a href="${ctx.origin}">${language.text("homeLink")}</a></p>
`;
  return { status: 403, body: renderDocument({ title: language.text(title), theme: ctx.theme, body, language }), headers: { ...noStore } };
}

/** The page a banned user's sign-in ends on: banned, the reason (escaped) and the end, when there are. */
export function bannedPage(ctx: RefusalPageContext, req: AuthRequest, reason: string | null, expires: Date | null): Promise<ResponseInternal> {
  return refusalPage(ctx, req, "bannedTitle", (language) => html`<p>${language.text("bannedMessage")}</p>
${reason ? html`<p>${language.text("bannedReason", { reason })}</p>\n` : ""}${expires ? html`<p>${language.text("bannedUntil", { date: formatPageDate(expires, language.lang) })}</p>\n` : ""}`);
}

/** The page an impersonated session gets for a row that refuses it. */
export function impersonationRefusedPage(ctx: RefusalPageContext, req: AuthRequest): Promise<ResponseInternal> {
  return refusalPage(ctx, req, "impersonationRefusedTitle", (language) => html`<p>${language.text("impersonationRefusedMessage")}</p>
`);
}
