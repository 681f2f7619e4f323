import { EmailSignInError } from "../../errors.js";

/**
 * Characters refused anywhere in an address: the RFC 5322 §3.2.3 "specials" other than `.` and
 * `@` (quotes, commas, angle brackets, parentheses for comments, `:` `;` for groups, `[` `]`,
 * backslash), every Unicode space and every control character (line breaks would start a new
 * header: CWE-93). Mail libraries read these as address-list syntax, so an address that holds
 * one may be delivered somewhere else than the address that is stored.
 */
const REFUSED = /[\s"(),:;<>[\]\\\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/** RFC 5321 §4.5.3.1: 64 octets of local part, 255 of domain; a longer string is not an address. */
const MAX_LENGTH = 320;

/** Control characters, refused even in the result of a custom normalizer (header injection). */
const CONTROL = /[\p{Cc}\p{Zl}\p{Zp}]/u;

/**
 * The default normalization of the address typed on the sign-in form (PROTOCOL §6 "Email
 * identifier"): Unicode NFKC, trimmed, lower-cased; exactly one `@` with text on both sides; no
 * quotes, commas, spaces, angle brackets, comments or line breaks. Throws `EmailSignInError`.
 *
 * @example
 * ```ts
 * normalizeEmail("  Ada@Example.COM ") // "ada@example.com"
 * normalizeEmail("a@good.com,b@evil.com") // throws EmailSignInError
 * ```
 */
export function normalizeEmail(input: unknown): string {
  if (typeof input !== "string") throw new EmailSignInError("The sign-in request has no email address.");
  const email = input.normalize("NFKC").trim().toLowerCase();
  if (!email || email.length > MAX_LENGTH) throw new EmailSignInError("The email address is empty or too long.");
  if (REFUSED.test(email)) throw new EmailSignInError("The email address holds characters that are not allowed.");
  const parts = email.split("@");
  if (parts.length !== 2 || !parts[0] || !parts[1]) {
    throw new EmailSignInError("The email address needs exactly one @ with text on both sides.");
  }
  return email;
}

/**
 * The identifier to store and send to: the provider's `normalizeIdentifier` when it has one, else
 * {@link normalizeEmail}. Whatever the provider's function returns must still be a non-empty string
 * without control characters; a throw from it refuses the address.
 */
export function identifierOf(normalize: ((identifier: string) => string) | undefined, input: unknown): string {
  if (!normalize) return normalizeEmail(input);
  if (typeof input !== "string") throw new EmailSignInError("The sign-in request has no email address.");
  let identifier: unknown;
  try {
    identifier = normalize(input);
  } catch (error) {
    throw new EmailSignInError("The provider's normalizeIdentifier refused the email address.", { cause: { err: error as Error } });
  }
  if (typeof identifier !== "string" || !identifier || CONTROL.test(identifier)) {
    throw new EmailSignInError("The provider's normalizeIdentifier returned no usable identifier.");
  }
  return identifier;
}
