/**
 * English, the language every page falls back to.
 *
 * @example
 * ```ts
 * import en from "@latch/core/languages/en"
 * en.messages.signInTitle // "Sign in"
 * ```
 *
 * @module languages/en
 */
import { englishEmail } from "../mail/english.js";
import type { Language } from "../types/language.js";

const en: Language = {
  code: "en",
  name: "English",
  dir: "ltr",
  messages: {
    signInTitle: "Sign in",
    signInWith: "Sign in with {provider}",
    signInEmailLabel: "Email address",
    signInEmailPlaceholder: "you@example.com",
    signInOr: "or",
    signInNoProviders: "No sign-in methods are configured.",
    signInReason: "Reason: {code}",
    signInErrorCredentialsSignin: "We could not sign you in with those details. Check them and try again.",
    signInErrorOAuthAccountNotLinked:
      "Your email address is already used with a different sign-in method. To confirm it is you, sign in with the account you used the first time.",
    signInErrorOAuthCallbackError: "The sign-in service reported a problem. Try again, or choose another way to sign in.",
    signInErrorOAuthSignInError: "We could not start signing you in with that service. Try again, or choose another way to sign in.",
    signInErrorEmailSignInError: "We could not send the sign-in email. Check the address and try again.",
    signInErrorMissingCSRF: "This form has expired. Please try again.",
    signInErrorAccessDenied: "You do not have permission to sign in.",
    signInErrorVerification: "That sign-in link no longer works: it has already been used or it has expired. Ask for a new one below.",
    signInErrorAccountNotLinked: "This sign-in method already belongs to a different account.",
    signInErrorWebAuthnVerificationError: "We could not verify your passkey. Try again, or choose another way to sign in.",
    signInErrorSessionRequired: "Please sign in to see this page.",
    signInErrorRateLimited: "Too many attempts. Try again later.",
    signInErrorDefault: "Something went wrong while signing you in. Please try again.",

    signOutTitle: "Sign out",
    signOutQuestion: "Are you sure you want to sign out?",

    errorConfigurationHeading: "Server error",
    errorConfigurationMessage:
      "The server is not set up correctly, so signing in is not possible right now. If this keeps happening, contact the site's administrator.",
    errorAccessDeniedHeading: "Access denied",
    errorAccessDeniedMessage: "You do not have permission to sign in.",
    errorVerificationHeading: "Link no longer valid",
    errorVerificationMessage: "This sign-in link cannot be used any more: it has already been used or it has expired. Sign in again to get a new one.",
    errorDefaultHeading: "Something went wrong",
    errorDefaultMessage: "We could not complete that request. Please try signing in again.",
    errorCode: "Error code: {code}",
    errorSignInLink: "Sign in",
    homeLink: "Home",

    verifyTitle: "Check your email",
    verifySentTo: "We sent a sign-in link to {email}. Open it to finish signing in.",
    verifySent: "We sent you a sign-in link. Open it to finish signing in.",
    verifyHint: "You can close this page. If the email has not arrived after a few minutes, check your spam folder.",

    sessionsTitle: "Your sessions",
    sessionsUnknownBrowser: "Unknown browser",
    sessionsThisBrowser: "(this browser)",
    sessionsTimes: "Signed in {created} · last active {lastSeen}",
    sessionsUnknownTime: "unknown",
    sessionsEnd: "Sign out this session",
    sessionsEndOthers: "Sign out all other sessions",
    sessionsEndAll: "Sign out everywhere",
    // Second factors: the management page and the email code.
    factorsTitle: "Two-step verification",
    factorsIntro: "A second step at sign-in keeps your account safe even if someone learns your password.",
    factorsAppOn: "Authenticator app: on (since {date})",
    factorsAppOff: "Authenticator app: off",
    factorsSetUpApp: "Set up an authenticator app",
    factorsScan: "Scan this QR code with your authenticator app, or type the key below into it. Then enter the 6-digit code it shows.",
    factorsKey: "Key",
    factorsCodeLabel: "6-digit code",
    factorsConfirm: "Turn on",
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
    secondFactorUseApp: "Use the authenticator app",
    secondFactorUseBackup: "Use a backup code",
    signInErrorSecondFactorExpired: "The sign-in expired or too many codes were tried. Please sign in again.",
    emailSignInTitle: "Sign in with a code",
    emailSignInIntro: "Enter your email address and we will send you a 6-digit code to sign in.",
    emailSignInSent: "If an account uses {email}, a code is on its way. It works for 10 minutes.",
    emailSignInSubmit: "Sign in",

    ...englishEmail,
  },
};

export default en;
