// The errors of `AccessTokens()` (PROTOCOL §13). Loaded only by apps that turn access tokens on;
// the public union of every error (`LatchError` of `@latch/core/errors`) names their types.
import { AuthError, type NotSignedIn } from "../../errors.js";

export { NotSignedIn } from "../../errors.js";

/** The `AccessTokens()` options cannot work (a lifetime out of range, RSA keys derived from the secret…). */
export class InvalidAccessTokens extends AuthError {
  static readonly type = "InvalidAccessTokens";
  declare readonly type: "InvalidAccessTokens";
}

/**
 * `GET <base>/token` was sent by another site's page (its `Origin`, or `Sec-Fetch-Site`, names
 * another origin): answered 403, so that a page elsewhere never gets a token with the user's
 * cookie, even where a browser would let it read the answer.
 */
export class CrossSiteTokenRequest extends AuthError {
  static readonly type = "CrossSiteTokenRequest";
  declare readonly type: "CrossSiteTokenRequest";
  /** The HTTP status the refusal is answered with. */
  readonly status = 403;
}

/** Every error `AccessTokens()` raises, as a union that narrows on `type`. */
export type AccessTokenError = InvalidAccessTokens | CrossSiteTokenRequest | NotSignedIn;
