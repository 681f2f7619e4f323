/**
 * Passwords: Argon2id hashing in PHC strings and the rules of NIST SP 800-63B. Nothing here is
 * loaded unless imported; the common-password list loads on its first check.
 *
 * @example
 * ```ts
 * import { checkPassword, hashPassword, verifyPassword, needsRehash } from "@latch/core/passwords"
 * const stored = await hashPassword(await checkPassword(form.password))
 * const ok = await verifyPassword(attempt, stored)
 * ```
 *
 * @module @latch/core/passwords
 */
export { hashPassword, verifyPassword, needsRehash, defaultPasswordHashParameters, type PasswordHashParameters } from "./hash.js";
export { checkPassword, isCommonPassword, passwordLength, defaultMaxPasswordLength, type PasswordRules } from "./rules.js";
export { PasswordTooShort, PasswordTooLong, PasswordCommon, PasswordBreached, PasswordCheckUnavailable, MissingEmailTransport, type PasswordRuleError, type BreachedCheckFailure } from "./errors.js";
