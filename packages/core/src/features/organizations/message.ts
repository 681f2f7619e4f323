/**
 * The invitation mail: who invites to which organization with which role, the accept link, and
 * how long it works, in the language chosen for the request that sends it.
 */
import type { AuthContext } from "../../config/context.js";
import { MissingEmailTransport } from "../../errors.js";
import { fill, lifetime, type VerificationEmail } from "../../mail/message.js";
import { safeColor } from "../../security/colors.js";
import { html, type HtmlValue } from "../../security/escape.js";
import type { ChosenLanguage, OrganizationMessageKey } from "../../types/language.js";
import type { EmailConfig } from "../../types/providers.js";
import { organizationEnglish } from "./english.js";

/** What an invitation mail says. */
export interface InvitationMailInput {
  url: string;
  organization: string;
  inviter: string;
  /** The role the invitation gives, as the app names it. */
  role: string;
  expires: Date;
  theme?: AuthContext["theme"];
  /** The language of the request that sends it. */
  language: ChosenLanguage;
}

/** Writes the invitation mail. Every value is escaped. */
export function invitationMail(input: InvitationMailInput): VerificationEmail {
  const { lang, dir, messages } = input.language;
  // Core's English lacks the mail's keys (they travel with this feature): English fills them, under the app's overrides.
  const m = (key: OrganizationMessageKey): string => (messages as Partial<Record<OrganizationMessageKey, string>>)[key] ?? organizationEnglish[key];
  const { host } = new URL(input.url);
  const values = { organization: input.organization, inviter: input.inviter, role: input.role, host };
  // A zero-width space before each dot keeps mail clients from turning the host into a link.
  const shown: Record<string, HtmlValue> = { ...values, host: html`<strong>${host.replace(/\./g, "\u200b.")}</strong>` };
  const subject = fill(m("invitationEmailSubject"), values).join("");
  const intro = fill(m("invitationEmailText"), values).join("");
  const expires = fill(m("invitationEmailExpires"), { time: lifetime(input.expires, new Date(), lang) }).join("");
  const text = [subject, "", intro, input.url, "", expires, m("invitationEmailIgnore"), ""].join("\n");
  const brand = safeColor(input.theme?.brandColor) ?? "#346df1";
  const label = safeColor(input.theme?.buttonText) ?? "#ffffff";
  const body = html`<!doctype html>
<html lang="${lang}" dir="${dir === "rtl" ? "rtl" : "ltr"}"><body style="margin:0;padding:24px;background:#f4f4f5;font-family:Helvetica,Arial,sans-serif;color:#18181b">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:8px">
<tr><td style="padding:24px;font-size:20px;text-align:center">${subject}</td></tr>
<tr><td style="padding:0 24px;font-size:15px">${fill(m("invitationEmailText"), shown)}</td></tr>
<tr><td style="padding:16px 24px;text-align:center">
<a href="${input.url}" target="_blank" style="display:inline-block;padding:12px 24px;border-radius:6px;background:${brand};color:${label};font-weight:bold;text-decoration:none">${m("invitationEmailButton")}</a>
</td></tr>
<tr><td style="padding:16px 24px;font-size:14px;text-align:center;color:#52525b">${expires}<br>${m("invitationEmailIgnore")}</td></tr>
</table>
</body></html>
`;
  return { subject, text, html: body.value };
}

/** The email provider that mails invitations: `email` by id, else the first with `sendMessage`; a configuration error when there is none. */
export function invitationTransport(ctx: Pick<AuthContext, "providers">, email: string | undefined): EmailConfig & { sendMessage: NonNullable<EmailConfig["sendMessage"]> } {
  const provider = ctx.providers.find((p) => p.type === "email" && (email === undefined || p.id === email) && typeof (p as EmailConfig).sendMessage === "function") as EmailConfig | undefined;
  if (!provider?.sendMessage) {
    throw new MissingEmailTransport(
      email === undefined
        ? "Invitations are mailed through an email provider with sendMessage (Nodemailer, Resend, SendGrid, Postmark, Mailgun) in `providers`."
        : `Invitations are mailed through the email provider "${email}", which is not configured or has no sendMessage.`,
    );
  }
  return provider as EmailConfig & { sendMessage: NonNullable<EmailConfig["sendMessage"]> };
}
