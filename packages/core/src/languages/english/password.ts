/**
 * The English sentences of `Password()`: its pages, its emails and the sign-in page's links to
 * them. `Password()` carries a loader of this module, so they are bundled only with it; while
 * the provider is configured they are the last fallback of every page's language.
 */
import type { FeatureEnglish, PasswordMessageKey } from "../../types/language.js";

/** `Password()`'s sentences in English. */
export const passwordEnglish: FeatureEnglish<PasswordMessageKey> = {
  signInCreateAccount: "Create an account",
  signInForgotPassword: "Forgot your password?",
  signInPasswordChanged: "Your password has been changed. Sign in with your new password.",
  signInEmailUnverified: "Your password is right, but your email address is not confirmed yet. Open the link in the email we sent you when you created your account.",
  signInEmailUnverifiedResend: "No email? Send me a new link",
  signInPasswordLabel: "Password",
  signInPasswordSubmit: "Sign in with Password",
  passwordLabel: "Password",
  passwordNewLabel: "New password",
  passwordCurrentLabel: "Current password",
  passwordHint: "At least {minimum} characters. Any characters are allowed, spaces too.",
  passwordTooShort: "Use at least {minimum} characters.",
  passwordTooLong: "Use at most {maximum} characters.",
  passwordCommon: "This password is one of the most common ones, which attackers try first. Choose another.",
  passwordWrongCurrent: "That is not your current password.",
  passwordResetLinkUsed: "That reset link no longer works: it has already been used or it has expired. Ask for a new one below.",
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
};
