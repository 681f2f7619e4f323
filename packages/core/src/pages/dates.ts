/**
 * The one way the built-in pages write a date: `Intl` in the page's language, day and time in
 * UTC (the server cannot know the reader's time zone), e.g. "27 November 2026 at 14:05 UTC" in
 * English, "27. November 2026 um 14:05 UTC" in German.
 */

/** `date` written for people in the language `lang` (a BCP 47 tag such as `"de"`). */
export function formatPageDate(date: Date, lang: string): string {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat(lang, { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });
  } catch {
    format = new Intl.DateTimeFormat("en", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });
  }
  return `${format.format(date)} UTC`;
}
