/**
 * The English sentences of the ban page and of an impersonated session's refusal. `Admin()`
 * carries a loader of this module, so they are bundled only with it; while the option is
 * configured they are the last fallback of every page's language.
 */
import type { AdminMessageKey, FeatureEnglish } from "../../types/language.js";

/** The ban page's and the impersonation refusal's sentences in English. */
export const adminEnglish: FeatureEnglish<AdminMessageKey> = {
  bannedTitle: "Account banned",
  bannedMessage: "A site administrator banned this account. You cannot sign in while the ban lasts.",
  bannedReason: "Reason: {reason}",
  bannedUntil: "The ban ends on {date}.",
  impersonationRefusedTitle: "Not while acting as this user",
  impersonationRefusedMessage: "A site administrator is signed in as this user. Only the user can do this themselves.",
};
