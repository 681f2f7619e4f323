// A refusal by the password rules, as the `error` the page shows; anything else is rethrown.
import { PasswordCommon, PasswordTooLong, PasswordTooShort } from "../../passwords/errors.js";

/** The `type` of a password rule error (`PasswordTooShort`, `PasswordTooLong`, `PasswordCommon`); rethrows any other error. */
export function ruleRefusal(error: unknown): string {
  if (error instanceof PasswordTooShort || error instanceof PasswordTooLong || error instanceof PasswordCommon) return error.type;
  throw error;
}
