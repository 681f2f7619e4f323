/**
 * The sign-in email's sentences in English: part of the English catalogue, and what the email
 * says when no language is given. Kept apart so that an email provider, which builds the email
 * from its first chunk, does not carry the sentences of every page.
 */
import type { Messages } from "../types/language.js";

/** The keys of the sign-in email. */
export type EmailMessageKey = "emailSubject" | "emailOpenLink" | "emailButton" | "emailExpires" | "emailIgnore";

/** The sign-in email's sentences in English. */
export const englishEmail: Pick<Messages, EmailMessageKey> = {
  emailSubject: "Sign in to {host}",
  emailOpenLink: "Open this link to sign in:",
  emailButton: "Sign in",
  emailExpires: "The link works once and expires in {time}.",
  emailIgnore: "If you did not ask for it, you can ignore this email.",
};
