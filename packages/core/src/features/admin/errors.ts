// The errors of `Admin()` (PROTOCOL §13). Loaded only by apps that turn site administration on;
// the public union of every error (`LatchError` of `@latch/core/errors`) names their types.
import { AccessDenied, AuthError } from "../../errors.js";

export { Forbidden, NotSignedIn } from "../../errors.js";

/** The `Admin()` options cannot work (an id that is not a string, a page size out of range, an adapter without the methods). */
export class InvalidAdmin extends AuthError {
  static readonly type = "InvalidAdmin";
  declare readonly type: "InvalidAdmin";
}

/**
 * A site administrator banned the user: no session starts for them, by any way of signing in,
 * until the ban is lifted or its end passes. Its `type` is `AccessDenied`, as for a sign-in the
 * `signIn` callback refuses: the error page says so in the page's language (`?error=AccessDenied`,
 * 403), and the log line names the ban.
 */
export class UserBanned extends AccessDenied {}

/**
 * An administrator's action that would leave the site without a way back: removing, banning or
 * demoting oneself, or the last administrator with a stored role (409).
 */
export class AdminActionRefused extends AuthError {
  static readonly type = "AdminActionRefused";
  declare readonly type: "AdminActionRefused";
  /** The HTTP status the refusal is answered with. */
  readonly status = 409;
}

/** An error `Admin()` raises. */
export type AdminError = InvalidAdmin | AdminActionRefused;
