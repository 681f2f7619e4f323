/**
 * The English sentences of the invitation mail. They travel with `Organizations()`'s code (the
 * mail's module imports them), so an app without organizations does not bundle them; the mail
 * falls back on them for any key its chosen language lacks (core's built-in English has none).
 */
import type { FeatureEnglish, OrganizationMessageKey } from "../../types/language.js";

/** The invitation mail's sentences in English. */
export const organizationEnglish: FeatureEnglish<OrganizationMessageKey> = {
  invitationEmailSubject: "You are invited to join {organization}",
  invitationEmailText: "{inviter} invited you to join {organization} on {host} with the role {role}.",
  invitationEmailButton: "Accept the invitation",
  invitationEmailExpires: "The invitation can be accepted for {time}.",
  invitationEmailIgnore: "If you did not expect it, you can ignore this email: nothing happens until you accept.",
};
