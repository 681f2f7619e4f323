// The password rules of NIST SP 800-63B §5.1.1.2: a length after Unicode NFKC, any characters,
// no composition rules, and no password from a list of common ones.
import { PasswordCommon, PasswordTooLong, PasswordTooShort } from "./errors.js";

/** The rules a new password must meet. */
export interface PasswordRules {
  /** Fewest characters (code points after NFKC). Default 8, NIST's minimum; lower values are refused. */
  minLength?: number;
  /**
   * Most characters (code points after NFKC). Default 256: NIST asks for at least 64, and 256
   * admits any passphrase or password-manager output while bounding what one attempt hashes
   * (at most 1 KiB of UTF-8). Values under 64 are refused.
   */
  maxLength?: number;
  /** Refuse passwords from the shipped list of common passwords (default `true`). */
  refuseCommon?: boolean;
}

/** NIST's floor for the minimum and for the maximum a verifier must accept. */
const nistMinimum = 8;
const nistMaximumFloor = 64;
/** The default maximum, see {@link PasswordRules.maxLength}. */
export const defaultMaxPasswordLength = 256;

/** The number of characters NIST counts: Unicode code points after NFKC normalisation. */
export function passwordLength(password: string): number {
  let count = 0;
  for (const _ of password.normalize("NFKC")) count++;
  return count;
}

let common: Promise<ReadonlySet<string>> | undefined;

/** The common-password list as a set, loaded (and built) on first use only. */
function commonPasswords(): Promise<ReadonlySet<string>> {
  common ??= import("./common-passwords.js").then(({ commonPasswords: list }) => new Set(list.split("\n")));
  return common;
}

/** True when the password (NFKC, compared without case) is in the shipped list of common passwords. */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.normalize("NFKC").toLowerCase());
}

/**
 * Checks a new password against the rules and returns it normalised (NFKC), the form that gets
 * hashed. Throws {@link PasswordTooShort}, {@link PasswordTooLong} or {@link PasswordCommon}.
 * Any character is allowed, spaces and emoji included; nothing is required of the mix.
 *
 * @example
 * ```ts
 * import { checkPassword, hashPassword } from "@latch/core/passwords"
 * const hash = await hashPassword(await checkPassword(form.password))
 * ```
 */
export async function checkPassword(password: string, rules: PasswordRules = {}): Promise<string> {
  const minLength = rules.minLength ?? nistMinimum;
  const maxLength = rules.maxLength ?? defaultMaxPasswordLength;
  if (!Number.isInteger(minLength) || minLength < nistMinimum) throw new RangeError(`minLength must be an integer of at least ${nistMinimum}.`);
  if (!Number.isInteger(maxLength) || maxLength < Math.max(nistMaximumFloor, minLength)) {
    throw new RangeError(`maxLength must be an integer of at least ${nistMaximumFloor} and not under minLength.`);
  }
  // NFKC can shrink a string (composing marks), never by more than a few units per character:
  // anything this long is too long without normalising it.
  if (password.length > maxLength * 4) throw new PasswordTooLong(maxLength);
  const normalised = password.normalize("NFKC");
  const length = passwordLength(normalised);
  if (length < minLength) throw new PasswordTooShort(minLength);
  if (length > maxLength) throw new PasswordTooLong(maxLength);
  if ((rules.refuseCommon ?? true) && (await isCommonPassword(normalised))) throw new PasswordCommon();
  return normalised;
}
