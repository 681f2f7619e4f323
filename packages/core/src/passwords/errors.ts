// The errors of the password rules (NIST SP 800-63B §5.1.1.2). Each names what the person can
// change; none repeats the password.
import { AuthError } from "../errors.js";

/**
 * The password has fewer characters than the minimum (Unicode code points after NFKC).
 *
 * @example
 * ```ts
 * catch (e) { if (e instanceof PasswordTooShort) show(`At least ${e.minimum} characters`) }
 * ```
 */
export class PasswordTooShort extends AuthError {
  static readonly type = "PasswordTooShort";
  override readonly type = "PasswordTooShort";
  /** The minimum number of characters. */
  readonly minimum: number;
  constructor(minimum: number) {
    super(`Use at least ${minimum} characters.`);
    this.minimum = minimum;
  }
}

/** The password has more characters than the maximum (Unicode code points after NFKC). */
export class PasswordTooLong extends AuthError {
  static readonly type = "PasswordTooLong";
  override readonly type = "PasswordTooLong";
  /** The maximum number of characters. */
  readonly maximum: number;
  constructor(maximum: number) {
    super(`Use at most ${maximum} characters.`);
    this.maximum = maximum;
  }
}

/** The password is in the list of common passwords that Latch ships (compared without case). */
export class PasswordCommon extends AuthError {
  static readonly type = "PasswordCommon";
  override readonly type = "PasswordCommon";
  constructor() {
    super("This password is one of the most common ones, which attackers try first. Choose another.");
  }
}

/** A password refused by the rules, narrowed by `type`. */
export type PasswordRuleError = PasswordTooShort | PasswordTooLong | PasswordCommon;

// A configuration error of the email transport, raised by `Password()` and by config checks alike.
export { MissingEmailTransport } from "../errors.js";
