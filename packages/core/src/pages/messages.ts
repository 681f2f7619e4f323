/**
 * Which sentence the pages show for each error code. Codes arrive in the query string, so only
 * known codes pick a sentence; anything else gets the generic one. The sentences themselves are
 * in the page's language (see `languages/`).
 */
import { coreEnglish } from "../languages/english/core.js";
import type { MessageKey } from "../types/language.js";
import type { PageLanguage } from "./language.js";

// A code has a sentence of its own when its key exists (`signInError<code>`, `error<code>Heading`):
// a new code needs only its sentences in every language.
function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(coreEnglish.messages, key);
}

/** Whether Latch has a sentence of its own for a sign-in `error` code (a plugin's codes are the others). */
export const isLatchCode = (code: string): boolean => isMessageKey(`signInError${code}`);

/**
 * The sentence shown above the sign-in forms for an `error` code.
 *
 * @example
 * ```ts
 * signInErrorMessage("MissingCSRF", pageLanguage()); // "This form has expired. Please try again."
 * ```
 */
export function signInErrorMessage(code: string, language: PageLanguage): string {
  const key = `signInError${code}`;
  return language.text(isMessageKey(key) ? key : "signInErrorDefault");
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

/** The status of the error page for codes other than 200. */
const ERROR_STATUS: Record<string, number> = { Configuration: 500, AccessDenied: 403, Verification: 403 };

/**
 * The heading, sentence, status and links of the error page for an `error` code.
 *
 * @example
 * ```ts
 * errorPageContent("Verification", pageLanguage()).status; // 403
 * ```
 */
export function errorPageContent(code: string, language: PageLanguage): ErrorPageContent {
  const heading = `error${code}Heading`;
  const message = `error${code}Message`;
  const known = isMessageKey(heading) && isMessageKey(message);
  return {
    status: (known && ERROR_STATUS[code]) || 200,
    heading: language.text(known ? heading : "errorDefaultHeading"),
    message: language.text(known ? message : "errorDefaultMessage"),
    signInLink: code !== "Configuration",
  };
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
