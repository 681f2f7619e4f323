import { EmailSignInError } from "../../errors.js";
import { normalizeEmail } from "../../security/email-address.js";

/** Control characters, refused even in the result of a custom normalizer (header injection). */
const CONTROL = /[\p{Cc}\p{Zl}\p{Zp}]/u;

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
