/**
 * The sign-in email every built-in email provider sends. It says only what the reader needs:
 * the site's host, the link and when the link expires; nothing about the account or the request.
 */
import { safeColor } from "../security/colors.js";
import { html } from "../security/escape.js";
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
  /** The time to count the lifetime from; default now. */
  now?: Date;
}

/** "24 hours", "15 minutes", "7 days": the lifetime in the largest whole unit that fits. */
function lifetime(expires: Date, now: Date): string {
  const minutes = Math.max(1, Math.round((expires.getTime() - now.getTime()) / 60_000));
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  if (minutes < 120) return plural(minutes, "minute");
  const hours = Math.round(minutes / 60);
  if (hours < 48) return plural(hours, "hour");
  return plural(Math.round(hours / 24), "day");
}

/**
 * Builds the sign-in email for `url`. Every value is escaped; the colours are used only when they
 * are plain CSS colours.
 *
 * @example
 * ```ts
 * import { verificationEmail } from "@latch/core/providers/nodemailer"
 * const { subject, text, html } = verificationEmail({ url, expires, theme: { brandColor: "#0b57d0" } })
 * ```
 */
export function verificationEmail(input: VerificationEmailInput): VerificationEmail {
  const { host } = new URL(input.url);
  const expiresIn = lifetime(input.expires, input.now ?? new Date());
  const brand = safeColor(input.theme?.brandColor) ?? "#346df1";
  const label = safeColor(input.theme?.buttonText) ?? "#ffffff";
  // A zero-width space before each dot keeps mail clients from turning the host into a link.
  const shownHost = host.replace(/\./g, "\u200b.");

  const text = [
    `Sign in to ${host}`,
    "",
    "Open this link to sign in:",
    input.url,
    "",
    `The link works once and expires in ${expiresIn}.`,
    "If you did not ask for it, you can ignore this email.",
    "",
  ].join("\n");

  const body = html`<!doctype html>
<html><body style="margin:0;padding:24px;background:#f4f4f5;font-family:Helvetica,Arial,sans-serif;color:#18181b">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:8px">
<tr><td style="padding:24px;font-size:20px;text-align:center">Sign in to <strong>${shownHost}</strong></td></tr>
<tr><td style="padding:8px 24px;text-align:center">
<a href="${input.url}" target="_blank" style="display:inline-block;padding:12px 24px;border-radius:6px;background:${brand};color:${label};font-weight:bold;text-decoration:none">Sign in</a>
</td></tr>
<tr><td style="padding:16px 24px;font-size:14px;text-align:center;color:#52525b">The link works once and expires in ${expiresIn}.<br>If you did not ask for it, you can ignore this email.</td></tr>
</table>
</body></html>
`;
  return { subject: `Sign in to ${host}`, text, html: body.value };
}
