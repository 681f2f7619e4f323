// The refusals of the second-factor endpoints (PROTOCOL §13). Loaded only by apps that turn second
// factors on (the second-factor modules import them); the public union of every error
// (`LatchError` of `@latch/core/errors`) names their types.
import { type NotSignedIn, SecondFactorRefusal } from "../../errors.js";
import type { FactorKind } from "../../types/second-factor-options.js";

// Their base class and NotSignedIn live in core's errors.ts: the sessions endpoints refuse with NotSignedIn too.
export { NotSignedIn, SecondFactorRefusal } from "../../errors.js";
export type { FactorKind } from "../../types/second-factor-options.js";


/**
 * A code is not right (or its time step was used). Confirming an authenticator app answers 400; a
 * sign-in's challenge or an emailed sign-in code goes back to its page with `error=SecondFactorInvalid`.
 */
export class SecondFactorInvalid extends SecondFactorRefusal {
  static readonly type = "SecondFactorInvalid";
  override readonly type = "SecondFactorInvalid";
  readonly status = 400;
  /** The kind the wrong answer named, when it named one. */
  readonly kind: FactorKind | undefined;
  /** The answer was a backup code that had already been spent. */
  readonly reused: boolean;
  constructor(message: string, kind?: FactorKind, reused = false) {
    super(message);
    this.kind = kind;
    this.reused = reused;
  }
}

/**
 * Removing a factor or renewing backup codes needs a fresh proof of presence (a current code, or a
 * database session started less than 5 minutes ago) and none was given. Answered with 403.
 */
export class SecondFactorFreshProof extends SecondFactorRefusal {
  static readonly type = "SecondFactorFreshProof";
  override readonly type = "SecondFactorFreshProof";
  readonly status = 403;
}

/** The user gave too many wrong second-factor codes in the window (`SecondFactors({ wrongAnswers })`); the next was not checked. Answered with 429. */
export class SecondFactorAttempts extends SecondFactorRefusal {
  static readonly type = "SecondFactorAttempts";
  override readonly type = "SecondFactorAttempts";
  readonly status = 429;
}

/** An authenticator app is already set up; it has to be removed before another is enrolled. Answered with 409. */
export class SecondFactorEnrolled extends SecondFactorRefusal {
  static readonly type = "SecondFactorEnrolled";
  override readonly type = "SecondFactorEnrolled";
  readonly status = 409;
}

/** The user has no such factor, or no enrolment waits for confirmation. Answered with 404. */
export class SecondFactorNotEnrolled extends SecondFactorRefusal {
  static readonly type = "SecondFactorNotEnrolled";
  override readonly type = "SecondFactorNotEnrolled";
  readonly status = 404;
}

/** The kind of factor is not offered here, or cannot be handled by this endpoint. Answered with 400. */
export class SecondFactorKind extends SecondFactorRefusal {
  static readonly type = "SecondFactorKind";
  override readonly type = "SecondFactorKind";
  readonly status = 400;
}


/** A refusal of the second-factor endpoints, narrowed by `type`. */
export type SecondFactorRefusalError =
  | SecondFactorInvalid | SecondFactorFreshProof | SecondFactorAttempts | SecondFactorEnrolled
  | SecondFactorNotEnrolled | SecondFactorKind | NotSignedIn;
