/**
 * The frame of Latch's built-in pages (sign-in, sign-out, error) for pages a Latch package serves
 * itself, such as the consent page of `@latch/oidc-provider`: the same document, card, colours
 * (the config's `theme`, light and dark) and styles, and the `html` template that escapes every
 * value it is given (`trustedHtml` marks markup the package built itself, never a request's, as safe).
 *
 * @example
 * ```ts
 * import { html, renderPage } from "@latch/core/page-frame"
 * const page = renderPage({ title: "Allow access?", body: html`<p>${"<b>escaped</b>"}</p>` })
 * ```
 * @module @latch/core/page-frame
 */
import { renderDocument } from "./pages/layout.js";
import { html, type HtmlValue, SafeHtml, trustedHtml } from "./security/escape.js";
import type { Theme } from "./types/theme.js";

export { html, SafeHtml, trustedHtml, type HtmlValue };

/** What {@link renderPage} puts in the frame. */
export interface PageParts {
  /** The `<title>`, and the card's heading. */
  title: string;
  /** The card's content after the heading, built with {@link html}. */
  body: SafeHtml;
  /** The config's `theme` (colours, logo). Default: Latch's. */
  theme?: Theme;
  /** The CSP nonce of the page's `<style>` element; send it in `Content-Security-Policy` (`style-src 'nonce-…'`). */
  nonce?: string;
  /** The page's language and direction. Default `"en"`, `"ltr"`. */
  language?: { lang: string; dir: "ltr" | "rtl" };
  /** Extra CSS rules (trusted: never built from a request). */
  extraCss?: string;
}

/** A whole HTML document in the frame of Latch's built-in pages. */
export function renderPage(parts: PageParts): string {
  return renderDocument({ title: parts.title, body: parts.body, theme: parts.theme ?? {}, nonce: parts.nonce, language: parts.language, extraCss: parts.extraCss });
}
