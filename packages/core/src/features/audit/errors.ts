// The errors of `AuditTrail()` (PROTOCOL §13). Loaded only by apps that turn the audit trail on;
// the public union of every error (`LatchError` of `@latch/core/errors`) names their types.
import { AuthError } from "../../errors.js";

export { Forbidden, NotSignedIn } from "../../errors.js";

/** The `AuditTrail()` options cannot work (a page size out of range, an unknown `network`, an adapter without the methods). */
export class InvalidAuditTrail extends AuthError {
  static readonly type = "InvalidAuditTrail";
  declare readonly type: "InvalidAuditTrail";
}

/** An error `AuditTrail()` raises. */
export type AuditTrailError = InvalidAuditTrail;
