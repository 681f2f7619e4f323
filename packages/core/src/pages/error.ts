/**
 * The built-in error page, reached with `?error=<code>`.
 */
import { html } from "../security/escape.js";
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
  const content = errorPageContent(props.error);
  const code = displayableCode(props.error);
  const body = html`<p>${content.message}</p>
${code ? html`<p class="muted">Error code: ${code}</p>\n` : ""}<p class="links">${
    content.signInLink ? html`<a href="${props.signInUrl}">Sign in</a>` : ""
  }<a href="${props.homeUrl}">Home</a></p>
`;
  const page = renderDocument({ title: content.heading, theme: props.theme, body, nonce: props.nonce });
  return { status: content.status, html: page };
}
