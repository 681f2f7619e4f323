// The errors of `BearerSessions()` (PROTOCOL §13). Loaded only by apps that turn bearer sessions
// on; the public union of every error (`LatchError` of `@latch/core/errors`) names their types.
import { AuthError } from "../../errors.js";

/**
 * `POST <base>/bearer/exchange` got a code that is unknown, expired, already used, for another
 * `redirect_uri`, or whose `code_verifier` does not match its challenge: 400, nothing given.
 */
export class InvalidBearerCode extends AuthError {
  static readonly type = "InvalidBearerCode";
  declare readonly type: "InvalidBearerCode";
  /** The HTTP status the refusal is answered with. */
  readonly status = 400;
}

/** Every error `BearerSessions()` raises, as a union that narrows on `type`. */
export type BearerSessionError = InvalidBearerCode;
