/**
 * The document shell shared by every page: doctype, language, viewport, inline styles, the
 * theme's logo and the card that holds the page's content; and the hidden fields of every form.
 */
import type { Theme } from "../types/theme.js";
import { safeImageUrl } from "../security/css-values.js";
import { html, trustedHtml, type SafeHtml } from "../security/escape.js";
import type { PageLanguage } from "./language.js";
import { buildStyles } from "./styles.js";

/** What {@link renderDocument} needs. */
export interface DocumentParts {
  /** The `<title>`, also used as the card's heading. */
  title: string;
  /** Colours and logo. */
  theme: Theme;
  /** Content of the card, after the heading. */
  body: SafeHtml;
  /** Extra CSS rules built from validated values only. */
  extraCss?: string;
  /** Trusted module scripts, appended after the card. */
  scripts?: readonly string[];
  /** CSP nonce for the `<style>` and `<script>` elements. */
  nonce?: string;
  /** The page's language and writing direction. Default English, left to right. */
  language?: Pick<PageLanguage, "lang" | "dir">;
}

/**
 * The hidden fields every form of the pages sends back: the CSRF token and the callback URL.
 *
 * @example
 * ```ts
 * html`<form method="post" action="${action}">\n${hiddenFormFields({ csrfToken, callbackUrl })}\n</form>`;
 * ```
 */
export function hiddenFormFields(fields: { csrfToken: string; callbackUrl: string }): SafeHtml {
  return html`<input type="hidden" name="csrfToken" value="${fields.csrfToken}">
<input type="hidden" name="callbackUrl" value="${fields.callbackUrl}">`;
}

// Inside a <script> element the only sequences that can end it early or change how it is
// parsed are `</script` and `<!--`; neutralise them so trusted code cannot break the page.
function scriptBody(code: string): string {
  return code.replace(/<\/(script)/gi, "<\\/$1").replace(/<!--/g, "<\\!--");
}

/**
 * Renders a complete HTML document around a page's content.
 *
 * @example
 * ```ts
 * renderDocument({ title: "Sign out", theme: {}, body: html`<p>Bye</p>` });
 * ```
 */
export function renderDocument(parts: DocumentParts): string {
  const { title, theme, body, extraCss, scripts, nonce, language } = parts;
  const nonceAttr = nonce ? html` nonce="${nonce}"` : "";
  const logo = safeImageUrl(theme.logo, { allowRemote: true });
  const css = buildStyles(theme, extraCss);
  const scriptTags = (scripts ?? []).map(
    (code) => html`<script type="module"${nonceAttr}>${trustedHtml(scriptBody(code))}</script>\n`,
  );
  const page = html`<!doctype html>
<html lang="${language?.lang ?? "en"}" dir="${language?.dir ?? "ltr"}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style${nonceAttr}>${trustedHtml(css)}</style>
</head>
<body>
${logo ? html`<img class="logo" src="${logo}" alt="">\n` : ""}<main class="card">
<h1>${title}</h1>
${body}
</main>
${scriptTags}</body>
</html>
`;
  return page.value;
}
