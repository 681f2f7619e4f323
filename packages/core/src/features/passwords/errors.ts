// The errors of the password rules (NIST SP 800-63B §5.1.1.2). Each names what the person can
// change; none repeats the password.
import { AuthError } from "../../errors.js";

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

/**
 * The password appears in known data breaches at least as often as the breached-password check's
 * threshold (`Password({ breached })`, ASVS 5.0 §6.2.12).
 */
export class PasswordBreached extends AuthError {
  static readonly type = "PasswordBreached";
  override readonly type = "PasswordBreached";
  constructor() {
    super("This password appears in known data breaches, so attackers try it. Choose another.");
  }
}

/** Why the breached-password service gave no answer: no answer in time, an HTTP error status, no connection, or a body that is no range list. */
export type BreachedCheckFailure = "timeout" | "status" | "network" | "response";

/**
 * The breached-password service could not be asked (see `reason`), and the check is set to
 * `onError: "refuse"`; with `"allow"` the password is accepted and a warning logged instead.
 */
export class PasswordCheckUnavailable extends AuthError {
  static readonly type = "PasswordCheckUnavailable";
  override readonly type = "PasswordCheckUnavailable";
  /** What went wrong with the service. */
  readonly reason: BreachedCheckFailure;
  constructor(reason: BreachedCheckFailure) {
    super(`The breached-password service could not be asked (${reason}).`);
    this.reason = reason;
  }
}

/** A password refused by the rules, narrowed by `type`. */
export type PasswordRuleError = PasswordTooShort | PasswordTooLong | PasswordCommon | PasswordBreached | PasswordCheckUnavailable;

// A configuration error of the email transport, raised by `Password()` and by config checks alike.
export { MissingEmailTransport } from "../../errors.js";
