/**
 * The sign-in email every built-in email provider sends. It says only what the reader needs:
 * the site's host, the link and when the link expires; nothing about the account or the request.
 * It is written in the language chosen for the request (English by default).
 */
import { safeColor } from "../security/colors.js";
import { html, type HtmlValue } from "../security/escape.js";
import type { ChosenLanguage } from "../types/language.js";
import { englishEmail } from "./english.js";
import type { Theme } from "../types/theme.js";

/** Subject, plain-text and HTML body of a sign-in email. */
export interface VerificationEmail {
  subject: string;
  text: string;
  html: string;
}

/** What {@link verificationEmail} needs. */
export interface VerificationEmailInput {
  /** The sign-in link. */
  url: string;
  /** When the link stops working. */
  expires: Date;
  /** `theme.brandColor` colours the button, `theme.buttonText` its label. */
  theme?: Theme;
  /** The language to write in: `language` of `sendVerificationRequest`'s arguments. Default English. */
  language?: ChosenLanguage;
  /** The time to count the lifetime from; default now. */
  now?: Date;
}

/** "24 hours", "15 minutes", "7 days" in `lang`: the lifetime in the largest whole unit that fits. */
export function lifetime(expires: Date, now: Date, lang: string): string {
  const minutes = Math.max(1, Math.round((expires.getTime() - now.getTime()) / 60_000));
  const hours = Math.round(minutes / 60);
  const [count, unit] = minutes < 120 ? [minutes, "minute"] : hours < 48 ? [hours, "hour"] : [Math.round(hours / 24), "day"];
  const format = (locale: string) => new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: "long" }).format(count);
  try {
    return format(lang);
  } catch {
    // A tag the runtime's Intl refuses: English numbers and units.
    return format("en");
  }
}

/** `{name}` placeholders filled with values; `split` with a group puts the names at odd positions. */
export function fill(sentence: string, values: Record<string, HtmlValue>): HtmlValue[] {
  return sentence.split(/\{(\w+)\}/).map((part, i) => (i % 2 ? values[part] ?? "" : part));
}

/**
 * Builds the sign-in email for `url`. Every value is escaped; the colours are used only when they
 * are plain CSS colours.
 *
 * @example
 * ```ts
 * import { verificationEmail } from "@latch/core/providers/nodemailer"
 * const { subject, text, html } = verificationEmail({ url, expires, theme: { brandColor: "#0b57d0" }, language })
 * ```
 */
export function verificationEmail(input: VerificationEmailInput): VerificationEmail {
  const { host } = new URL(input.url);
  const { lang, dir, messages: m } = input.language ?? { lang: "en", dir: "ltr", messages: englishEmail };
  const time = lifetime(input.expires, input.now ?? new Date(), lang);
  const brand = safeColor(input.theme?.brandColor) ?? "#346df1";
  const label = safeColor(input.theme?.buttonText) ?? "#ffffff";
  // A zero-width space before each dot keeps mail clients from turning the host into a link.
  const shownHost = host.replace(/\./g, "\u200b.");
  const subject = fill(m.emailSubject, { host }).join("");
  const expiresLine = fill(m.emailExpires, { time }).join("");

  const text = [subject, "", m.emailOpenLink, input.url, "", expiresLine, m.emailIgnore, ""].join("\n");

  const body = html`<!doctype html>
<html lang="${lang}" dir="${dir === "rtl" ? "rtl" : "ltr"}"><body style="margin:0;padding:24px;background:#f4f4f5;font-family:Helvetica,Arial,sans-serif;color:#18181b">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:8px">
<tr><td style="padding:24px;font-size:20px;text-align:center">${fill(m.emailSubject, { host: html`<strong>${shownHost}</strong>` })}</td></tr>
<tr><td style="padding:8px 24px;text-align:center">
<a href="${input.url}" target="_blank" style="display:inline-block;padding:12px 24px;border-radius:6px;background:${brand};color:${label};font-weight:bold;text-decoration:none">${m.emailButton}</a>
</td></tr>
<tr><td style="padding:16px 24px;font-size:14px;text-align:center;color:#52525b">${expiresLine}<br>${m.emailIgnore}</td></tr>
</table>
</body></html>
`;
  return { subject, text, html: body.value };
}
