// The errors of `ApiKeys()` (PROTOCOL §13). Loaded only by apps that turn API keys on; the public
// union of every error (`LatchError` of `@latch/core/errors`) names their types. No message ever
// holds a key or any part of its secret.
import { AuthError, type NotSignedIn } from "../../errors.js";

export { NotSignedIn } from "../../errors.js";

/** The `ApiKeys()` options cannot work (a prefix of the wrong shape, a cache period out of range…). */
export class InvalidApiKeys extends AuthError {
  static readonly type = "InvalidApiKeys";
  declare readonly type: "InvalidApiKeys";
}

/**
 * The presented API key is not one: malformed, unknown, revoked, or its secret is wrong. One
 * answer for all of them (401), so that a caller learns nothing about which public ids exist.
 */
export class InvalidApiKey extends AuthError {
  static readonly type = "InvalidApiKey";
  declare readonly type: "InvalidApiKey";
  /** The HTTP status the refusal is answered with. */
  readonly status = 401;
}

/** The API key is right but past its expiry (401); said only to a caller who holds the whole key. */
export class ApiKeyExpired extends AuthError {
  static readonly type = "ApiKeyExpired";
  declare readonly type: "ApiKeyExpired";
  /** The HTTP status the refusal is answered with. */
  readonly status = 401;
}

/** The API key lacks a scope the request needs (403). */
export class ApiKeyScopeMissing extends AuthError {
  static readonly type = "ApiKeyScopeMissing";
  declare readonly type: "ApiKeyScopeMissing";
  /** The HTTP status the refusal is answered with. */
  readonly status = 403;
}

/**
 * An API key was presented to an action that a key may not call (403): signing in or out,
 * changing a password or a factor, anything but reading the session and managing keys.
 */
export class ApiKeyNotAllowed extends AuthError {
  static readonly type = "ApiKeyNotAllowed";
  declare readonly type: "ApiKeyNotAllowed";
  /** The HTTP status the refusal is answered with. */
  readonly status = 403;
}

/** The API key made more requests in the window than its limit allows (429). */
export class ApiKeyRateLimited extends AuthError {
  static readonly type = "ApiKeyRateLimited";
  declare readonly type: "ApiKeyRateLimited";
  /** The HTTP status the refusal is answered with. */
  readonly status = 429;
}

/** The owner has no API key of this id (404): to update or revoke, name one of your own keys. */
export class ApiKeyNotFound extends AuthError {
  static readonly type = "ApiKeyNotFound";
  declare readonly type: "ApiKeyNotFound";
  /** The HTTP status the refusal is answered with. */
  readonly status = 404;
}

/** Every error `ApiKeys()` raises, as a union that narrows on `type`. */
export type ApiKeyError = InvalidApiKeys | InvalidApiKey | ApiKeyExpired | ApiKeyScopeMissing | ApiKeyNotAllowed | ApiKeyRateLimited | ApiKeyNotFound | NotSignedIn;
