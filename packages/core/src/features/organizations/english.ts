/**
 * The English sentences of the invitation mail. The mail is written in English in every
 * language for now: the sentences are not in the page catalogues yet.
 */

/** The invitation mail's sentences, `{organization}`, `{inviter}`, `{host}` and `{time}` filled in. */
export const invitationEnglish = {
  subject: "You are invited to join {organization}",
  intro: "{inviter} invited you to join {organization} on {host}.",
  button: "Accept the invitation",
  expires: "The invitation works for {time}.",
  ignore: "If you did not expect it, you can ignore this email: nothing happens until you accept.",
} as const;
