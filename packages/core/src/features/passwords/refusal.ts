// A refusal of a new password, as the `error` the page shows; anything else is rethrown.
import { PasswordBreached, PasswordCheckUnavailable, PasswordCommon, PasswordTooLong, PasswordTooShort } from "./errors.js";

const refusals = [PasswordTooShort, PasswordTooLong, PasswordCommon, PasswordBreached, PasswordCheckUnavailable];

/** The `type` of a refused new password (a rule, `PasswordBreached`, `PasswordCheckUnavailable`); rethrows any other error. */
export function ruleRefusal(error: unknown): string {
  if (refusals.some((refusal) => error instanceof refusal)) return (error as InstanceType<(typeof refusals)[number]>).type;
  throw error;
}
