/**
 * The built-in error page, reached with `?error=<code>`.
 */
import { html } from "../security/escape.js";
import { pageLanguage } from "./language.js";
import { renderDocument } from "./layout.js";
import { displayableCode, errorPageContent } from "./messages.js";
import type { ErrorPageProps, RenderedPage } from "./types.js";

/**
 * Renders the error page for a code. Status 500 for `Configuration`, 403 for `AccessDenied`
 * and `Verification`, 200 for anything else. Every page links home; all but `Configuration`
 * also link to the sign-in page.
 *
 * @example
 * ```ts
 * const { status, html } = renderErrorPage({
 *   error: url.searchParams.get("error") ?? "", signInUrl: `${base}/signin`, homeUrl: origin, theme: {},
 * });
 * ```
 */
export function renderErrorPage(props: ErrorPageProps): RenderedPage {
  const language = props.language ?? pageLanguage();
  const content = errorPageContent(props.error, language);
  const code = displayableCode(props.error);
  const body = html`<p>${content.message}</p>
${code ? html`<p class="muted">${language.text("errorCode", { code })}</p>\n` : ""}<p class="links">${
    content.signInLink ? html`<a href="${props.signInUrl}">${language.text("errorSignInLink")}</a>` : ""
  }<a href="${props.homeUrl}">${language.text("homeLink")}</a></p>
`;
  const page = renderDocument({ title: content.heading, theme: props.theme, body, nonce: props.nonce, language });
  return { status: content.status, html: page };
}
