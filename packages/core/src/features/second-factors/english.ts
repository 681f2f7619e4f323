/**
 * The English sentences of second factors: the management page, the challenge page, the sign-in
 * by an emailed code and the code email. `SecondFactors()` carries a loader of this module, so
 * they are bundled only with it; while the option is configured they are the last fallback of
 * every page's language.
 */
import type { FeatureEnglish, SecondFactorMessageKey } from "../../types/language.js";

/** The second factors' sentences in English. */
export const secondFactorEnglish: FeatureEnglish<SecondFactorMessageKey> = {
  factorsTitle: "Two-step verification",
  factorsIntro: "A second step at sign-in keeps your account safe even if someone learns your password.",
  factorsAppOn: "Authenticator app: on (since {date})",
  factorsAppOff: "Authenticator app: off",
  factorsSetUpApp: "Set up an authenticator app",
  factorsScan: "Scan this QR code with your authenticator app, or type the key below into it. Then enter the 6-digit code it shows.",
  factorsKey: "Key",
  factorsCodeLabel: "6-digit code",
  factorsConfirm: "Turn on",
  factorsCancel: "Cancel",
  factorsBackupCount: "Backup codes left: {count}",
  factorsBackupSave: "Save these backup codes somewhere safe. Each works once, and they are shown only now.",
  factorsNewBackup: "Get new backup codes",
  factorsRemoveApp: "Remove the authenticator app",
  factorsProofLabel: "A current code (app or backup)",
  factorsEmailOn: "Codes by email: sent to your verified address",
  factorsDoneEnrolled: "Your authenticator app is on.",
  factorsDoneRemoved: "Removed.",
  factorsDoneRegenerated: "Your old backup codes no longer work.",
  factorsErrorInvalid: "That code is not right. Check the app and try again.",
  factorsErrorFreshProof: "First enter a current code from your authenticator app or a backup code.",
  factorsErrorOther: "That did not work. Please try again.",
  factorsContinue: "Continue",
  emailCodeSubject: "Your code: {code}",
  emailCodeText: "Your verification code is {code}. It works once, for {minutes} minutes. If you did not try to sign in, ignore this email.",
  wrongAnswersSubject: "Wrong sign-in codes for your account at {host}",
  wrongAnswersText: "{count} wrong codes were given for the second step of signing in to your account at {host}. For the next {minutes} minutes no code is checked. If this was not you, someone knows your password or can read your email: change your password.",
  secondFactorTitle: "Two-step verification",
  secondFactorIntro: "Enter the 6-digit code from your authenticator app.",
  secondFactorCodeLabel: "Code",
  secondFactorBackupIntro: "Enter one of your backup codes. Each code works once.",
  secondFactorBackupLabel: "Backup code",
  secondFactorEmailIntro: "We can send a code to your email address.",
  secondFactorEmailSent: "We sent a code to your email address. It works for 10 minutes.",
  secondFactorEmailLabel: "Code from the email",
  secondFactorEmailSend: "Email me a code",
  secondFactorEmailAgain: "Send a new code",
  secondFactorRemember: "Remember this device",
  secondFactorSubmit: "Verify",
  secondFactorWrong: "This code is not valid. Try again.",
  secondFactorBackupUsed: "That backup code has already been used. Each code works once: enter another one.",
  secondFactorUseApp: "Use the authenticator app",
  secondFactorUseBackup: "Use a backup code",
  signInErrorSecondFactorExpired: "The sign-in expired or too many codes were tried. Please sign in again.",
  emailSignInTitle: "Sign in with a code",
  emailSignInIntro: "Enter your email address and we will send you a 6-digit code to sign in.",
  emailSignInSent: "If an account uses {email}, a code is on its way. It works for 10 minutes.",
  emailSignInSubmit: "Sign in",
};
