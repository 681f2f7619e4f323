/**
 * The language of a page: chosen from the `locale` option or the request's `Accept-Language`
 * among the configured languages (English always among them, and the fallback), with the app's
 * per-key overrides laid over it; and the sentences filled in with their values.
 */
import type { HtmlValue } from "../security/escape.js";
import type { ChosenLanguage, Language, LocaleOption, MessageKey, MessageOverrides, Messages } from "../types/language.js";
import type { LoggerInstance } from "../types/logger.js";
import { coreEnglish, type CoreLanguage } from "../languages/english/core.js";
import type { FeatureCode } from "../types/feature.js";

/** The sentences of one page, in the language chosen for it. */
export interface PageLanguage extends ChosenLanguage {
  /** The sentence for `key` as text, its `{name}` placeholders replaced by `values`. */
  text(key: MessageKey, values?: Readonly<Record<string, string>>): string;
  /**
   * The sentence for `key` in pieces, for the `html` tag: its text, and each value in its
   * placeholder's place (escaped there unless it is already markup).
   */
  parts(key: MessageKey, values: Readonly<Record<string, HtmlValue>>): HtmlValue[];
}

/** What the choice needs from the configuration. */
export interface LanguageSettings {
  /** The languages offered besides the built-in English. */
  readonly languages: readonly Language[];
  readonly locale?: LocaleOption;
  readonly messages?: MessageOverrides;
  /** Where a failing `locale` function is reported. */
  readonly logger?: Pick<LoggerInstance, "error">;
  /** The configured features: one that carries its English (`Password()`, `SecondFactors()`…) adds it to every page. */
  readonly features?: readonly Pick<FeatureCode, "english">[];
}

// A header this long is no browser's; reading only its start bounds the work per request.
const MAX_RANGES = 32;
const RANGE = /^(?:\*|[a-z]{1,8}(?:-[a-z0-9]{1,8})*)$/;

/**
 * The language ranges of an `Accept-Language` header, most wanted first (RFC 9110 §12.5.4): each
 * range's weight is its `q` (default 1, §12.4.2), ranges with `q=0` are refused, equal weights keep
 * the header's order; a malformed range or weight drops that range only. Lower-cased.
 *
 * @example
 * ```ts
 * acceptedLanguages("fr-CH, fr;q=0.9, en;q=0.8, *;q=0.5"); // ["fr-ch", "fr", "en", "*"]
 * ```
 */
export function acceptedLanguages(header: string | null | undefined): string[] {
  return (header ?? "")
    .split(",", MAX_RANGES)
    .map((item, at) => {
      const [range = "", weight, extra] = item.trim().toLowerCase().split(/\s*;\s*q\s*=\s*/);
      // A weight is 0 to 1 with at most three decimals; `Number` reads "" as 0, which refuses it too.
      const q = weight === undefined ? 1 : /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(weight) ? Number(weight) : 0;
      return { range, q: extra === undefined && RANGE.test(range) ? q : 0, at };
    })
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q || a.at - b.at)
    .map((r) => r.range);
}

/**
 * The first language of `offered` that a range asks for, by RFC 4647 §3.4 lookup: each range as
 * it is, then with its last subtag removed until one matches (`pt-BR` finds `pt`). `*` asks for
 * no language in particular and matches none.
 *
 * @example
 * ```ts
 * lookupLanguage(["pt-br", "en"], [fr, pt]); // pt
 * ```
 */
export function lookupLanguage<L extends Pick<Language, "code">>(ranges: readonly string[], offered: readonly L[]): L | undefined {
  for (const range of ranges) {
    let tag = range.toLowerCase();
    while (tag && tag !== "*") {
      const found = offered.find((language) => language.code.toLowerCase() === tag);
      if (found) return found;
      // Removing a subtag also removes a single-letter one left before it (`zh-x-foo` → `zh`).
      tag = tag.replace(/(?:-[a-z0-9])?-[a-z0-9]+$|^[^-]+$/, "");
    }
  }
  return undefined;
}

function fill(sentence: string | undefined, values: Readonly<Record<string, HtmlValue>>): HtmlValue[] {
  // A feature's sentence is absent while the feature is not configured; its pages are not served then.
  if (sentence === undefined) return [];
  // `split` with a group puts each placeholder's name at the odd positions.
  return sentence.split(/\{(\w+)\}/).map((part, i) => (i % 2 ? values[part] ?? `{${part}}` : part));
}

/**
 * The sentences of `language`, over English for any key it lacks (core's, then each of
 * `features`' English), with the app's overrides for its tag on top.
 *
 * @example
 * ```ts
 * pageLanguage(fr, { fr: { signInTitle: "Connexion" } }).text("signInTitle"); // "Connexion"
 * pageLanguage(undefined, undefined, [passwordEnglish]).text("forgotTitle"); // "Reset your password"
 * ```
 */
export function pageLanguage(
  language: Language | CoreLanguage = coreEnglish,
  overrides?: MessageOverrides,
  features: readonly Partial<Messages>[] = [],
): PageLanguage {
  // Only text replaces a sentence: an override set to `undefined` keeps the language's own.
  const own = Object.entries(overrides?.[language.code] ?? {}).filter(([, sentence]) => typeof sentence === "string");
  // Typed as complete: the keys of a feature that is not configured are missing, and only its own pages, not served then, read them.
  const messages = Object.assign({}, coreEnglish.messages, ...features, language.messages, Object.fromEntries(own)) as Messages;
  return {
    lang: language.code,
    dir: language.dir === "rtl" ? "rtl" : "ltr",
    messages,
    text: (key, values = {}) => fill(messages[key], values).join(""),
    parts: (key, values) => fill(messages[key], values),
  };
}

/**
 * Chooses the language of a page for `request`: the `locale` option's tag when it gives one,
 * else the `Accept-Language` header; among the configured languages and English; English when
 * none matches. Never throws: a `locale` function that throws is logged and `Accept-Language`
 * decides, so the error page itself can always be shown.
 *
 * @example
 * ```ts
 * const language = await chooseLanguage({ languages: [fr, de] }, request);
 * language.lang; // "fr" for `Accept-Language: fr-CA,en;q=0.5`
 * ```
 */
export async function chooseLanguage(settings: LanguageSettings, request: Request): Promise<PageLanguage> {
  const { locale, messages } = settings;
  const offered = [...settings.languages, coreEnglish];
  let wanted: unknown = locale;
  try {
    if (typeof locale === "function") wanted = await locale(request);
  } catch (error) {
    settings.logger?.error("LocaleError", error);
  }
  const ranges = typeof wanted === "string" && wanted ? [wanted] : acceptedLanguages(request.headers.get("accept-language"));
  return pageLanguage(lookupLanguage(ranges, offered), messages, await configuredEnglish(settings));
}

/** The English of every configured feature that carries its own (its record's `english`). */
async function configuredEnglish(settings: LanguageSettings): Promise<Partial<Messages>[]> {
  // Two providers of one factory (two `Password()`) share one loader.
  const loaders = new Set((settings.features ?? []).map((feature) => feature.english));
  return Promise.all([...loaders].filter((load) => load !== undefined).map((load) => load()));
}
