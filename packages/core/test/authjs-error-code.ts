/**
 * Code written for Auth.js's error classes, as it is written there. `npm run typecheck` compiles
 * this file (so `AuthError` must stay constructible and extensible), and `auth-error.test.ts`
 * runs it.
 */
import { AuthError, CredentialsSignin } from "@latch/core";
import { MissingSecretError, type ErrorType } from "@latch/core/errors";

/** A plain `new AuthError(…)`, as apps throw from callbacks. */
export const plain = new AuthError("Something went wrong");

/** An app's own error class with no `type` of its own. */
export class PaymentRequired extends AuthError {}

/** An app's own error class with a static `type`, the Auth.js way. */
export class Locked extends AuthError {
  static type = "AccessDenied" as const;
}

/** The custom `CredentialsSignin` of the Auth.js docs. */
export class InvalidLogin extends CredentialsSignin {
  override code = "invalid_login";
}

/** Both constructor forms of the seed: `(message?, errorOptions?)` and `(errorOptions)`. */
export const withCause = new AuthError("wrapped", { cause: { err: new Error("root") } });
export const optionsOnly = new AuthError({ cause: { err: new Error("root") } });

/** `type` is an `ErrorType`, so it can be switched over. */
export function describeError(error: AuthError): ErrorType {
  return error.type;
}

export const missingSecret: AuthError = new MissingSecretError("no secret");
