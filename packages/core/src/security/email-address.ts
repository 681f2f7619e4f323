/** Email addresses as Latch accepts them (PROTOCOL §6 "Email identifier"). */
import { EmailSignInError } from "../errors.js";
import { canonicalEmail } from "./email-spelling.js";

/**
 * Characters refused anywhere in an address: the RFC 5322 §3.2.3 "specials" other than `.` and
 * `@` (quotes, commas, angle brackets, parentheses for comments, `:` `;` for groups, `[` `]`,
 * backslash), every Unicode space and every control character (line breaks would start a new
 * header: CWE-93). Mail libraries read these as address-list syntax, so an address that holds
 * one may be delivered somewhere else than the address that is stored.
 */
const REFUSED = /[\s"(),:;<>[\]\\\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/** Two or more dot-separated labels, none empty (RFC 5321 §2.3.5: a fully-qualified domain name). */
const DOMAIN = /^[^.]+(\.[^.]+)+$/;

/** RFC 5321 §4.5.3.1: 64 octets of local part, 255 of domain; a longer string is not an address. */
const MAX_LENGTH = 320;

/**
 * The default normalization of the address typed on the sign-in form (PROTOCOL §6 "Email
 * identifier"): Unicode NFKC, trimmed, lower-cased; exactly one `@` with text on both sides; a
 * domain of at least two dot-separated labels (`a@b` is refused: mail to a bare host name goes
 * nowhere on the Internet, and Latch's links are meant to be delivered); no quotes, commas,
 * spaces, angle brackets, comments or line breaks. Throws `EmailSignInError`. The one rule for
 * addresses in Latch: the email flow and the passkey flow both use it.
 *
 * @example
 * ```ts
 * normalizeEmail("  Ada@Example.COM ") // "ada@example.com"
 * normalizeEmail("a@good.com,b@evil.com") // throws EmailSignInError
 * ```
 */
export function normalizeEmail(input: unknown): string {
  if (typeof input !== "string") throw new EmailSignInError("The sign-in request has no email address.");
  const email = canonicalEmail(input);
  if (!email || email.length > MAX_LENGTH) throw new EmailSignInError("The email address is empty or too long.");
  if (REFUSED.test(email)) throw new EmailSignInError("The email address holds characters that are not allowed.");
  const parts = email.split("@");
  if (parts.length !== 2 || !parts[0] || !parts[1]) {
    throw new EmailSignInError("The email address needs exactly one @ with text on both sides.");
  }
  if (!DOMAIN.test(parts[1])) throw new EmailSignInError("The email address needs a domain with a dot, like example.com.");
  return email;
}

