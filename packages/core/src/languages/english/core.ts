/**
 * English as every app bundles it: the sentences of core's own pages and of the sign-in email,
 * the fallback of every page. An opt-in feature's sentences are not here: the feature carries
 * them (see `FeatureEnglish`); `@latch/core/languages/en` gathers them all.
 */
import { englishEmail } from "../../mail/english.js";
import type { CoreMessageKey, Language, Messages } from "../../types/language.js";

/** A language with only core's sentences: the built-in English. */
export interface CoreLanguage extends Omit<Language, "messages"> {
  /** Core's sentences. */
  messages: Readonly<Pick<Messages, CoreMessageKey>>;
}

/** The built-in English, the fallback of every page. */
export const coreEnglish: CoreLanguage = {
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

    ...englishEmail,
  },
};
