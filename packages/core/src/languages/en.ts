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

    // Passwords
    signInCreateAccount: "Create an account",
    signInForgotPassword: "Forgot your password?",
    signInPasswordChanged: "Your password has been changed. Sign in with your new password.",
    passwordLabel: "Password",
    passwordNewLabel: "New password",
    passwordCurrentLabel: "Current password",
    passwordHint: "At least {minimum} characters. Any characters are allowed, spaces too.",
    passwordTooShort: "Use at least {minimum} characters.",
    passwordTooLong: "Use at most {maximum} characters.",
    passwordCommon: "This password is one of the most common ones, which attackers try first. Choose another.",
    passwordWrongCurrent: "That is not your current password.",
    signUpTitle: "Create an account",
    signUpNameLabel: "Name (optional)",
    signUpSubmit: "Create account",
    signUpHaveAccount: "Already have an account? Sign in",
    forgotTitle: "Reset your password",
    forgotIntro: "Enter the email address of your account and we will send you a link to choose a new password.",
    forgotSubmit: "Send the link",
    resetTitle: "Choose a new password",
    resetSubmit: "Save the new password",
    changeTitle: "Change your password",
    changeSubmit: "Change password",
    verifySignUpSent: "We sent an email to the address you entered. Open the link in it to confirm the address and finish creating your account.",
    verifyResetSent: "If an account uses the address you entered, we sent it a link to choose a new password.",
    signUpEmailSubject: "Confirm your email address for {host}",
    signUpEmailOpenLink: "Open this link to confirm your address and finish creating your account:",
    signUpEmailButton: "Confirm my address",
    signUpEmailIgnore: "If you did not create an account, do not open the link and ignore this email.",
    accountExistsEmailSubject: "Sign-up attempt on {host}",
    accountExistsEmailText:
      "Someone, perhaps you, tried to create an account on {host} with this email address, which already has one. Nothing has changed. If it was you, sign in, or choose a new password if you have forgotten it:",
    accountExistsEmailButton: "Choose a new password",
    accountExistsEmailIgnore: "If it was not you, you can ignore this email.",
    resetEmailSubject: "Reset your password for {host}",
    resetEmailOpenLink: "Open this link to choose a new password:",
    resetEmailButton: "Choose a new password",
    resetEmailIgnore: "If you did not ask to reset your password, ignore this email: your password stays as it is.",

    ...englishEmail,
  },
};

export default en;
