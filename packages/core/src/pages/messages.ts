/**
 * The sentences the pages show for each error code. Codes arrive in the query string, so only
 * known codes pick a message; anything else gets the generic one.
 */

const SIGN_IN_MESSAGES: Record<string, string> = {
  CredentialsSignin: "We could not sign you in with those details. Check them and try again.",
  OAuthAccountNotLinked:
    "Your email address is already used with a different sign-in method. To confirm it is you, sign in with the account you used the first time.",
  OAuthCallbackError: "The sign-in service reported a problem. Try again, or choose another way to sign in.",
  OAuthSignInError: "We could not start signing you in with that service. Try again, or choose another way to sign in.",
  EmailSignInError: "We could not send the sign-in email. Check the address and try again.",
  MissingCSRF: "This form has expired. Please try again.",
  AccessDenied: "You do not have permission to sign in.",
  Verification: "That sign-in link no longer works: it has already been used or it has expired. Ask for a new one below.",
  AccountNotLinked: "This sign-in method already belongs to a different account.",
  WebAuthnVerificationError: "We could not verify your passkey. Try again, or choose another way to sign in.",
  SessionRequired: "Please sign in to see this page.",
  RateLimited: "Too many attempts. Try again later.",
};

const SIGN_IN_DEFAULT = "Something went wrong while signing you in. Please try again.";

/**
 * The sentence shown above the sign-in forms for an `error` code.
 *
 * @example
 * ```ts
 * signInErrorMessage("MissingCSRF"); // "This form has expired. Please try again."
 * ```
 */
export function signInErrorMessage(code: string): string {
  return Object.hasOwn(SIGN_IN_MESSAGES, code) ? (SIGN_IN_MESSAGES[code] as string) : SIGN_IN_DEFAULT;
}

/** How the error page presents one code. */
export interface ErrorPageContent {
  /** HTTP status of the page. */
  status: number;
  /** Heading and title. */
  heading: string;
  /** The explanation. */
  message: string;
  /** Whether a "Sign in" link makes sense. */
  signInLink: boolean;
}

const ERROR_PAGE: Record<string, ErrorPageContent> = {
  Configuration: {
    status: 500,
    heading: "Server error",
    message: "The server is not set up correctly, so signing in is not possible right now. If this keeps happening, contact the site's administrator.",
    signInLink: false,
  },
  AccessDenied: {
    status: 403,
    heading: "Access denied",
    message: "You do not have permission to sign in.",
    signInLink: true,
  },
  Verification: {
    status: 403,
    heading: "Link no longer valid",
    message: "This sign-in link cannot be used any more: it has already been used or it has expired. Sign in again to get a new one.",
    signInLink: true,
  },
};

const ERROR_PAGE_DEFAULT: ErrorPageContent = {
  status: 200,
  heading: "Something went wrong",
  message: "We could not complete that request. Please try signing in again.",
  signInLink: true,
};

/**
 * The heading, sentence, status and links of the error page for an `error` code.
 *
 * @example
 * ```ts
 * errorPageContent("Verification").status; // 403
 * ```
 */
export function errorPageContent(code: string): ErrorPageContent {
  return Object.hasOwn(ERROR_PAGE, code) ? (ERROR_PAGE[code] as ErrorPageContent) : ERROR_PAGE_DEFAULT;
}

/**
 * Returns a code only when it is short and plain (letters, digits, `_`, `.`, `-`), so the
 * query string cannot put arbitrary sentences on the page. The result is still escaped.
 *
 * @example
 * ```ts
 * displayableCode("invalid_otp"); // "invalid_otp"
 * displayableCode("Call 555-0100 now"); // undefined
 * ```
 */
export function displayableCode(code: string | undefined): string | undefined {
  return code !== undefined && /^[A-Za-z0-9_.-]{1,64}$/.test(code) ? code : undefined;
}
