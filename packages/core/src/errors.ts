/**
 * The errors of core, which every layer raises: it sits at the bottom and imports nothing. Each
 * class fixes a stable `type`. The features' errors (password rules, second-factor refusals) live
 * with their features and extend {@link AuthError}; the public entry `@latch/core/errors`
 * (`all-errors.ts`) adds them to the union {@link LatchError}.
 */

/** The stable identifier of each error Latch raises. */
export type ErrorType =
  | "AuthError" | "AccessDenied" | "AdapterError" | "CallbackRouteError" | "ErrorPageLoop" | "EventError"
  | "InvalidCallbackUrl" | "CredentialsSignin" | "InvalidEndpoints" | "InvalidCheck"
  | "JWTSessionError" | "MissingAdapter" | "MissingAdapterMethods" | "MissingAuthorize"
  | "MissingSecret" | "OAuthAccountNotLinked" | "OAuthCallbackError" | "OAuthProfileParseError"
  | "SessionTokenError" | "OAuthSignInError" | "EmailSignInError" | "SignOutError"
  | "UnknownAction" | "UnsupportedStrategy" | "InvalidProvider" | "UntrustedHost"
  | "Verification" | "MissingCSRF" | "AccountNotLinked" | "DuplicateConditionalUI"
  | "MissingWebAuthnAutocomplete" | "WebAuthnVerificationError" | "ExperimentalFeatureNotEnabled"
  | "InvalidRequest" | "RefreshTokenError" | "RateLimited" | "InvalidAccountLinking" | "InvalidPlugin"
  | "PasswordTooShort" | "PasswordTooLong" | "PasswordCommon" | "PasswordBreached" | "PasswordCheckUnavailable" | "SecondFactorExpired" | "MissingEmailTransport"
  | "SecondFactorInvalid" | "SecondFactorFreshProof" | "SecondFactorAttempts" | "SecondFactorEnrolled"
  | "SecondFactorNotEnrolled" | "SecondFactorKind" | "NotSignedIn" | "UndeclaredSessionStart" | "Forbidden"
  | "InvalidAccessTokens" | "CrossSiteTokenRequest" | "InvalidBearerCode"
  | "InvalidApiKeys" | "InvalidApiKey" | "ApiKeyExpired" | "ApiKeyScopeMissing" | "ApiKeyNotAllowed" | "ApiKeyRateLimited" | "ApiKeyNotFound"
  | "InvalidAdmin" | "AdminActionRefused"
  | "InvalidOrganizations" | "OrganizationNotFound" | "OrganizationSlugTaken" | "OrganizationPermissionDenied" | "LastOwner" | "MemberNotFound"
  | "InvitationInvalid" | "InvitationForAnotherAddress" | "InvitationNotSent" | "OrganizationRoleConflict" | "TeamNotFound" | "TeamConflict"
  | "UserBanned" | "ImpersonationRefused" | "RecentSignInRequired"
  | "InvalidAuditTrail"
  | "InvalidScim" | "ScimUnauthorized" | "ScimForbidden" | "ScimInvalidFilter" | "ScimInvalidValue" | "ScimInvalidPath" | "ScimNoTarget" | "ScimMutability" | "ScimUniqueness" | "ScimNotFound";

/** Structured detail kept with an error; never a secret. */
export interface ErrorCause extends Record<string, unknown> {
  err?: Error;
}

/**
 * Base class of every Latch error; constructible and extensible as in Auth.js. An instance's
 * `type` is its class's static `type`, or `"AuthError"` for a class that sets none; so a subclass
 * only declares its instance `type` (`declare readonly type: "AccessDenied"`), which emits no code.
 *
 * @example
 * ```ts
 * try { await signIn("credentials", form) } catch (e) { if (e instanceof AuthError) console.log(e.type) }
 * class PaymentRequired extends AuthError {} // new PaymentRequired("…").type === "AuthError"
 * ```
 */
export class AuthError extends Error {
  /** Identifies the error in logs and in the `error` query parameter. */
  declare readonly type: ErrorType;
  /** Structured detail: the underlying error and typed facts. */
  declare cause?: ErrorCause;

  constructor(message?: string | ErrorOptions, errorOptions?: ErrorOptions) {
    if (message instanceof Error) {
      super(undefined, { cause: { err: message, ...(message.cause as object | undefined) } });
    } else if (typeof message === "string") {
      if (errorOptions instanceof Error) errorOptions = { cause: { err: errorOptions, ...(errorOptions.cause as object | undefined) } };
      super(message, errorOptions);
    } else {
      super(undefined, message);
    }
    // `type` first, then `name`: the order of the own properties a log shows.
    this.type = (new.target as { type?: ErrorType }).type ?? "AuthError";
    this.name = new.target.name;
  }
}

/** Errors whose `type` may be shown to the user in the `error` query parameter. */
export abstract class SignInError extends AuthError {
  /** Marks the error as one that sends the user back to the sign-in page. */
  static readonly kind = "signIn";
}

/** The `signIn` callback returned false or threw. */
export class AccessDenied extends AuthError { static readonly type = "AccessDenied"; declare readonly type: "AccessDenied"; }
/** An adapter method threw. */
export class AdapterError extends AuthError { static readonly type = "AdapterError"; declare readonly type: "AdapterError"; }
/** A callback-route request failed for an unexpected reason. */
export class CallbackRouteError extends AuthError { static readonly type = "CallbackRouteError"; declare readonly type: "CallbackRouteError"; }
/** The error page itself failed. */
export class ErrorPageLoop extends AuthError { static readonly type = "ErrorPageLoop"; declare readonly type: "ErrorPageLoop"; }
/** An event handler threw. */
export class EventError extends AuthError { static readonly type = "EventError"; declare readonly type: "EventError"; }
/** A callback URL was not absolute or not allowed. */
export class InvalidCallbackUrl extends AuthError { static readonly type = "InvalidCallbackUrl"; declare readonly type: "InvalidCallbackUrl"; }

/**
 * Throw from a credentials provider's `authorize` to refuse the sign-in. The user is sent to the
 * sign-in page with `error=CredentialsSignin&code=<code>`. The code must not say which field was wrong.
 *
 * @example
 * ```ts
 * class InvalidLogin extends CredentialsSignin { code = "invalid_login" }
 * ```
 */
export class CredentialsSignin extends SignInError {
  static readonly type = "CredentialsSignin";
  declare readonly type: "CredentialsSignin";
  /** Sent to the client in the `code` query parameter. */
  code = "credentials";
}

/** A provider's endpoints are missing or not valid URLs. */
export class InvalidEndpoints extends AuthError { static readonly type = "InvalidEndpoints"; declare readonly type: "InvalidEndpoints"; }
/** A PKCE, state, nonce or challenge check failed. */
export class InvalidCheck extends AuthError { static readonly type = "InvalidCheck"; declare readonly type: "InvalidCheck"; }
/** A session token could not be decoded or the `jwt`/`session` callback threw. */
export class JWTSessionError extends AuthError { static readonly type = "JWTSessionError"; declare readonly type: "JWTSessionError"; }
/** A feature that needs an adapter was configured without one. */
export class MissingAdapter extends AuthError { static readonly type = "MissingAdapter"; declare readonly type: "MissingAdapter"; }
/** The adapter lacks a method a configured feature needs. */
export class MissingAdapterMethods extends AuthError {
  static readonly type = "MissingAdapterMethods";
  declare readonly type: "MissingAdapterMethods";
  /** The methods that are missing. */
  declare readonly methods: readonly string[];
  constructor(methods: readonly string[], message?: string) {
    super(message ?? `The adapter lacks ${methods.join(", ")}. Implement ${methods.length > 1 ? "them" : "it"} or use an adapter that does.`);
    this.methods = methods;
  }
}
/** A credentials provider has no `authorize` function. */
export class MissingAuthorize extends AuthError { static readonly type = "MissingAuthorize"; declare readonly type: "MissingAuthorize"; }
/**
 * No secret was configured. `Auth()` answers it with the error page (`error=Configuration`);
 * calls that return data rather than a response (`getSession` of the integrations) throw it.
 */
export class MissingSecret extends AuthError { static readonly type = "MissingSecret"; declare readonly type: "MissingSecret"; }
/** The name the seed gives to {@link MissingSecret}: the same class. */
export { MissingSecret as MissingSecretError };
/** An OAuth account's email belongs to another user, or the account is linked to another user. */
export class OAuthAccountNotLinked extends SignInError { static readonly type = "OAuthAccountNotLinked"; declare readonly type: "OAuthAccountNotLinked"; }
/** The OAuth provider returned an error or an invalid response at the callback. */
export class OAuthCallbackError extends SignInError { static readonly type = "OAuthCallbackError"; declare readonly type: "OAuthCallbackError"; }
/** The provider's `profile` callback threw or returned no id. */
export class OAuthProfileParseError extends AuthError { static readonly type = "OAuthProfileParseError"; declare readonly type: "OAuthProfileParseError"; }
/** A database session could not be read. */
export class SessionTokenError extends AuthError { static readonly type = "SessionTokenError"; declare readonly type: "SessionTokenError"; }
/** Starting an OAuth sign-in failed. */
export class OAuthSignInError extends SignInError { static readonly type = "OAuthSignInError"; declare readonly type: "OAuthSignInError"; }
/** Sending an email sign-in link failed, or the address was refused. */
export class EmailSignInError extends SignInError { static readonly type = "EmailSignInError"; declare readonly type: "EmailSignInError"; }
/** Ending a session failed. */
export class SignOutError extends AuthError { static readonly type = "SignOutError"; declare readonly type: "SignOutError"; }
/** The request named no action Latch serves. */
export class UnknownAction extends AuthError { static readonly type = "UnknownAction"; declare readonly type: "UnknownAction"; }
/** The signed-in user asked for something that is not theirs (another user's session). Answered with 403. */
export class Forbidden extends AuthError {
  static readonly type = "Forbidden";
  declare readonly type: "Forbidden";
  /** The HTTP status the refusal is answered with. */
  readonly status = 403;
}
/**
 * Base class of the second-factor endpoints' refusals: the endpoint answers `status` with
 * `{ error: type, message }` for a script, or the management page showing the error for a form.
 *
 * @example
 * ```ts
 * catch (e) { if (e instanceof SecondFactorRefusal) console.log(e.type, e.status) }
 * ```
 */
export abstract class SecondFactorRefusal extends AuthError {
  /** The HTTP status the refusal is answered with. */
  abstract readonly status: 400 | 401 | 403 | 404 | 409 | 429;
}
/**
 * An endpoint for signed-in users (second factors, the sessions list) was called without a session.
 * A script gets 401; a form goes to the sign-in page.
 */
export class NotSignedIn extends SecondFactorRefusal {
  static readonly type = "NotSignedIn";
  declare readonly type: "NotSignedIn";
  readonly status = 401;
  constructor(message = "Sign in first.") {
    super(message);
  }
}
/** An endpoint whose registry row does not say it starts sessions tried to start one. */
export class UndeclaredSessionStart extends AuthError { static readonly type = "UndeclaredSessionStart"; declare readonly type: "UndeclaredSessionStart"; }
/** A provider type cannot work with the configured session strategy. */
export class UnsupportedStrategy extends AuthError { static readonly type = "UnsupportedStrategy"; declare readonly type: "UnsupportedStrategy"; }
/** The request named a provider that is not configured, or of the wrong type for the action. */
export class InvalidProvider extends AuthError { static readonly type = "InvalidProvider"; declare readonly type: "InvalidProvider"; }
/**
 * A configuration error: an email has nowhere to go. An SMTP email provider has no `server`, or
 * `Password()` has to send an email (address confirmation, reset link) and no email provider with a
 * `sendMessage` transport is configured (or not the one its `email` option names). Shown as
 * `Configuration`.
 */
export class MissingEmailTransport extends AuthError {
  static readonly type = "MissingEmailTransport";
  declare readonly type: "MissingEmailTransport";
}
/** The request's host is not trusted (`trustHost` is not set). */
export class UntrustedHost extends AuthError { static readonly type = "UntrustedHost"; declare readonly type: "UntrustedHost"; }
/** An email sign-in token is wrong, expired or used. */
export class Verification extends AuthError { static readonly type = "Verification"; declare readonly type: "Verification"; }
/** A state-changing POST came without a valid CSRF token. */
export class MissingCSRF extends SignInError { static readonly type = "MissingCSRF"; declare readonly type: "MissingCSRF"; }
/** A WebAuthn credential's account belongs to another user. */
export class AccountNotLinked extends SignInError { static readonly type = "AccountNotLinked"; declare readonly type: "AccountNotLinked"; }
/** More than one WebAuthn provider enables conditional UI. */
export class DuplicateConditionalUI extends AuthError { static readonly type = "DuplicateConditionalUI"; declare readonly type: "DuplicateConditionalUI"; }
/** A WebAuthn provider's conditional UI lacks a `webauthn` autocomplete field. */
export class MissingWebAuthnAutocomplete extends AuthError { static readonly type = "MissingWebAuthnAutocomplete"; declare readonly type: "MissingWebAuthnAutocomplete"; }
/** A WebAuthn response failed verification. */
export class WebAuthnVerificationError extends AuthError { static readonly type = "WebAuthnVerificationError"; declare readonly type: "WebAuthnVerificationError"; }
/** An experimental feature was used without being enabled. */
export class ExperimentalFeatureNotEnabled extends AuthError { static readonly type = "ExperimentalFeatureNotEnabled"; declare readonly type: "ExperimentalFeatureNotEnabled"; }
/** `account.linking` or `account.trustedProviders` cannot work (an unknown policy, or a trusted id that is no OAuth provider). */
export class InvalidAccountLinking extends AuthError { static readonly type = "InvalidAccountLinking"; declare readonly type: "InvalidAccountLinking"; }
/** A plugin cannot work: no id, an id that is an action name or another plugin's, or an endpoint that is not well formed. */
export class InvalidPlugin extends AuthError { static readonly type = "InvalidPlugin"; declare readonly type: "InvalidPlugin"; }

/**
 * Every error class of core, as a union that narrows on `type`; `@latch/core/errors` widens it
 * with the features' errors.
 */
export type LatchError =
  | AccessDenied | AdapterError | CallbackRouteError | ErrorPageLoop | EventError | InvalidCallbackUrl
  | CredentialsSignin | InvalidEndpoints | InvalidCheck | JWTSessionError | MissingAdapter
  | MissingAdapterMethods | MissingAuthorize | MissingSecret | OAuthAccountNotLinked | OAuthCallbackError
  | OAuthProfileParseError | SessionTokenError | OAuthSignInError | EmailSignInError | SignOutError
  | UnknownAction | UnsupportedStrategy | InvalidProvider | UntrustedHost | Verification | MissingCSRF
  | AccountNotLinked | DuplicateConditionalUI | MissingWebAuthnAutocomplete | WebAuthnVerificationError
  | ExperimentalFeatureNotEnabled | InvalidRequest | RefreshTokenError | RateLimited | InvalidAccountLinking | InvalidPlugin | SecondFactorExpired | MissingEmailTransport
  | UndeclaredSessionStart | Forbidden;

/**
 * Error types that may be shown to the client; every other type is reported as `Configuration`.
 * Those of a {@link SignInError} class send the user back to the sign-in page, the others to the
 * error page.
 */
export const clientSafeErrorTypes: ReadonlySet<ErrorType> = new Set<ErrorType>([
  "CredentialsSignin", "OAuthAccountNotLinked", "OAuthCallbackError", "AccessDenied", "Verification",
  "MissingCSRF", "AccountNotLinked", "WebAuthnVerificationError",
  // Unlike Auth.js: a refused address or an unsent link is something the user can act on.
  "EmailSignInError",
  // PROTOCOL §13: the user must sign in with the provider again.
  "RefreshTokenError",
  // PROTOCOL §13: too many attempts; the answer is 429 with Retry-After.
  "RateLimited",
  // PROTOCOL §13: the sign-in that waited for a second factor is over; sign in again.
  "SecondFactorExpired",
]);

/** The request itself is malformed (bad body, wrong method, too large). Answered with a 4xx, never the error page. */
export class InvalidRequest extends AuthError {
  static readonly type = "InvalidRequest";
  declare readonly type: "InvalidRequest";
  /** The HTTP status to answer with: 400, 405 or 413. */
  declare readonly status: 400 | 405 | 413;
  constructor(message: string, status: 400 | 405 | 413 = 400) {
    super(message);
    this.status = status;
  }
}

/**
 * `getAccessToken` could not give a valid access token: the account has no refresh token, the
 * provider refused it (revoked, reused, expired), or the refresh did not finish in time. Nothing
 * was half-written; the user has to sign in with the provider again.
 */
export class RefreshTokenError extends AuthError {
  static readonly type = "RefreshTokenError";
  declare readonly type: "RefreshTokenError";
}

/**
 * Too many requests: a rate limit or an account's backoff refused this one. Answered with `429`
 * and `Retry-After` (in JSON mode the body is `{ url: "<base>/signin?error=RateLimited" }`), or
 * `503` when the limit's store failed and the route fails closed.
 */
export class RateLimited extends SignInError {
  static readonly type = "RateLimited";
  declare readonly type: "RateLimited";
  /** Seconds until a new attempt may pass. */
  declare readonly retryAfter: number;
  /** `retryAfter`: seconds (default 60, for an error rebuilt from `?error=RateLimited` alone). */
  constructor(message?: string, retryAfter = 60) {
    super(message);
    this.retryAfter = retryAfter;
  }
}

/**
 * No sign-in waits for a second factor in this browser: its state is missing, altered or
 * expired (5 minutes), it was completed, or it took all its answers (5). Sends the user back to
 * the sign-in page; signing in again starts a new wait.
 */
export class SecondFactorExpired extends SignInError {
  static readonly type = "SecondFactorExpired";
  declare readonly type: "SecondFactorExpired";
}
