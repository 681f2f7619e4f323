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
import { acceptedLanguages, lookupLanguage } from "./pages/language.js";
import { renderDocument } from "./pages/layout.js";
import { html, type HtmlValue, SafeHtml, trustedHtml } from "./security/escape.js";
import type { Language, LocaleOption } from "./types/language.js";
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

/**
 * A package's own sentences, by language tag: English always, and any other language it has
 * translated. A sentence may hold `{name}` placeholders.
 */
export type PackageSentences<K extends string> = { readonly en: Readonly<Record<K, string>> } & Readonly<Record<string, Readonly<Record<K, string>>>>;

/** What {@link choosePageSentences} reads from the Latch config: its `languages` and `locale`. */
export interface PageLanguageSettings {
  /** The config's `languages`: a package speaks only these (and English). */
  readonly languages?: readonly Pick<Language, "code" | "dir">[];
  /** The config's `locale`. */
  readonly locale?: LocaleOption;
}

/** A package's sentences in the language chosen for one page. */
export interface PageSentences<K extends string> {
  /** The page's language and direction, for {@link PageParts}' `language`. */
  readonly language: { lang: string; dir: "ltr" | "rtl" };
  /** The sentence for `key` as text, its `{name}` placeholders replaced by `values` (to be escaped by {@link html}). */
  text(key: K, values?: Readonly<Record<string, string>>): string;
  /** The sentence for `key` in pieces for {@link html}: its text, and each value (escaped there unless already markup) in its placeholder's place. */
  parts(key: K, values: Readonly<Record<string, HtmlValue>>): HtmlValue[];
}

/**
 * Chooses the language of a package's page as Latch chooses its own pages': the config's
 * `locale` (a tag or a function of the request), else the request's `Accept-Language`, among the
 * config's `languages` that the package has sentences for, and English when none matches. The
 * direction is the configured language's. A `locale` function that throws leaves the choice to
 * `Accept-Language`.
 *
 * @example
 * ```ts
 * import { choosePageSentences } from "@latch/core/page-frame"
 * const sentences = { en: { hello: "Hello, {name}" }, de: { hello: "Hallo, {name}" } }
 * const chosen = await choosePageSentences({ languages: [{ code: "de", dir: "ltr" }] }, new Request("https://app.example", { headers: { "Accept-Language": "de" } }), sentences)
 * chosen.text("hello", { name: "Ada" }) // "Hallo, Ada"
 * ```
 */
export async function choosePageSentences<K extends string>(settings: PageLanguageSettings, request: Request, sentences: PackageSentences<K>): Promise<PageSentences<K>> {
  const offered = [...(settings.languages ?? []).filter((language) => Object.hasOwn(sentences, language.code)), { code: "en", dir: "ltr" as const }];
  let wanted: unknown = settings.locale;
  try {
    if (typeof wanted === "function") wanted = await (wanted as (request: Request) => unknown)(request);
  } catch {
    wanted = undefined;
  }
  const ranges = typeof wanted === "string" && wanted ? [wanted] : acceptedLanguages(request.headers.get("accept-language"));
  const chosen = lookupLanguage(ranges, offered) ?? offered[offered.length - 1]!;
  const own = sentences[chosen.code] ?? sentences.en;
  const fill = (key: K, values: Readonly<Record<string, HtmlValue>>): HtmlValue[] =>
    (own[key] ?? sentences.en[key] ?? "").split(/\{(\w+)\}/).map((part, i) => (i % 2 ? values[part] ?? `{${part}}` : part));
  return {
    language: { lang: chosen.code, dir: chosen.dir === "rtl" ? "rtl" : "ltr" },
    text: (key, values = {}) => fill(key, values).join(""),
    parts: fill,
  };
}
