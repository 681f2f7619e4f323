/**
 * The emails of `Password()`: the confirmation of a new account's address, the notice to an
 * address that already has an account when someone signs up with it, and the password reset
 * link. Each says only what the reader needs (the site's host, the link, its lifetime), in the
 * language chosen for the request.
 */
import { safeColor } from "../../security/colors.js";
import { html } from "../../security/escape.js";
import type { ChosenLanguage, MessageKey } from "../../types/language.js";
import type { Theme } from "../../types/theme.js";
import { fill, lifetime, type VerificationEmail } from "../../mail/message.js";

/**
 * Which password email: `signup` (confirm the address), `accountExists` (someone signed up with
 * it), `reset`, `emailChange` (confirm a new address) and `emailChangeNotice` (to the old address,
 * with the link that cancels the change).
 */
export type PasswordEmailKind = "signup" | "accountExists" | "reset" | "emailChange" | "emailChangeNotice";

/** What {@link passwordEmail} needs. */
export interface PasswordEmailInput {
  /** Which email to write. */
  kind: PasswordEmailKind;
  /** The link of the button: the confirmation or reset link, or the "forgot your password" page. */
  url: string;
  /** When the link stops working; none for `accountExists`, whose link is a page. */
  expires?: Date;
  /** `theme.brandColor` colours the button, `theme.buttonText` its label. */
  theme?: Theme;
  /** The language to write in. */
  language: ChosenLanguage;
}

const keys = {
  signup: ["signUpEmailSubject", "signUpEmailOpenLink", "signUpEmailButton", "signUpEmailIgnore"],
  accountExists: ["accountExistsEmailSubject", "accountExistsEmailText", "accountExistsEmailButton", "accountExistsEmailIgnore"],
  reset: ["resetEmailSubject", "resetEmailOpenLink", "resetEmailButton", "resetEmailIgnore"],
  emailChange: ["emailChangeEmailSubject", "emailChangeEmailOpenLink", "emailChangeEmailButton", "emailChangeEmailIgnore"],
  emailChangeNotice: ["emailChangeNoticeSubject", "emailChangeNoticeText", "emailChangeNoticeButton", "emailChangeNoticeIgnore"],
} as const satisfies Record<PasswordEmailKind, readonly [MessageKey, MessageKey, MessageKey, MessageKey]>;

/**
 * Builds a password email. Every value is escaped; the colours are used only when they are
 * plain CSS colours.
 *
 * @example
 * ```ts
 * const { subject, text, html } = passwordEmail({ kind: "reset", url, expires, language })
 * ```
 */
export function passwordEmail(input: PasswordEmailInput): VerificationEmail {
  const { lang, dir, messages: m } = input.language;
  const [subjectKey, openKey, buttonKey, ignoreKey] = keys[input.kind];
  const { host } = new URL(input.url);
  const brand = safeColor(input.theme?.brandColor) ?? "#346df1";
  const label = safeColor(input.theme?.buttonText) ?? "#ffffff";
  const subject = fill(m[subjectKey], { host }).join("");
  const open = fill(m[openKey], { host }).join("");
  const expiresLine = input.expires ? fill(m.emailExpires, { time: lifetime(input.expires, new Date(), lang) }).join("") : "";

  const text = [subject, "", open, input.url, "", ...(expiresLine ? [expiresLine] : []), m[ignoreKey], ""].join("\n");
  // A zero-width space before each dot keeps mail clients from turning the host into a link.
  const shownHost = html`<strong>${host.replace(/\./g, "\u200b.")}</strong>`;
  const body = html`<!doctype html>
<html lang="${lang}" dir="${dir === "rtl" ? "rtl" : "ltr"}"><body style="margin:0;padding:24px;background:#f4f4f5;font-family:Helvetica,Arial,sans-serif;color:#18181b">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:8px">
<tr><td style="padding:24px;font-size:20px;text-align:center">${fill(m[subjectKey], { host: shownHost })}</td></tr>
<tr><td style="padding:0 24px;font-size:15px">${fill(m[openKey], { host: shownHost })}</td></tr>
<tr><td style="padding:16px 24px;text-align:center">
<a href="${input.url}" target="_blank" style="display:inline-block;padding:12px 24px;border-radius:6px;background:${brand};color:${label};font-weight:bold;text-decoration:none">${m[buttonKey]}</a>
</td></tr>
<tr><td style="padding:16px 24px;font-size:14px;text-align:center;color:#52525b">${expiresLine ? html`${expiresLine}<br>` : ""}${m[ignoreKey]}</td></tr>
</table>
</body></html>
`;
  return { subject, text, html: body.value };
}
