// The errors of `Organizations()` (PROTOCOL §13). Loaded only by apps that turn organizations on;
// the public union of every error (`LatchError` of `@latch/core/errors`) names their types.
import { AuthError, type Forbidden, type NotSignedIn } from "../../errors.js";

export { Forbidden, NotSignedIn } from "../../errors.js";

/** The `Organizations()` options or the configuration around them cannot work (JWT sessions without `JwtRevocation()`, an expiry out of range…). */
export class InvalidOrganizations extends AuthError {
  static readonly type = "InvalidOrganizations";
  declare readonly type: "InvalidOrganizations";
}

/** No organization of this id or slug that the caller may see (404): the caller is not a member, or it does not exist. */
export class OrganizationNotFound extends AuthError {
  static readonly type = "OrganizationNotFound";
  declare readonly type: "OrganizationNotFound";
  /** The HTTP status the refusal is answered with. */
  readonly status = 404;
}

/** The slug is taken by another organization (409). */
export class OrganizationSlugTaken extends AuthError {
  static readonly type = "OrganizationSlugTaken";
  declare readonly type: "OrganizationSlugTaken";
  /** The HTTP status the refusal is answered with. */
  readonly status = 409;
}

/** The caller's role in the organization does not allow the action (403). */
export class OrganizationPermissionDenied extends AuthError {
  static readonly type = "OrganizationPermissionDenied";
  declare readonly type: "OrganizationPermissionDenied";
  /** The HTTP status the refusal is answered with. */
  readonly status = 403;
}

/** The organization's last owner cannot leave, be removed or lose the role (409): move ownership first, or delete the organization. */
export class LastOwner extends AuthError {
  static readonly type = "LastOwner";
  declare readonly type: "LastOwner";
  /** The HTTP status the refusal is answered with. */
  readonly status = 409;
}

/** The user is not a member of the organization (404). */
export class MemberNotFound extends AuthError {
  static readonly type = "MemberNotFound";
  declare readonly type: "MemberNotFound";
  /** The HTTP status the refusal is answered with. */
  readonly status = 404;
}

/**
 * The invitation cannot be used (410): unknown, wrong token, expired, or used, declined or
 * canceled already. One answer for all of them.
 */
export class InvitationInvalid extends AuthError {
  static readonly type = "InvitationInvalid";
  declare readonly type: "InvitationInvalid";
  /** The HTTP status the refusal is answered with. */
  readonly status = 410;
}

/** The invitation's mail could not be sent (502): the mail server refused it or could not be reached; the invitation was canceled. */
export class InvitationNotSent extends AuthError {
  static readonly type = "InvitationNotSent";
  declare readonly type: "InvitationNotSent";
  /** The HTTP status the refusal is answered with. */
  readonly status = 502;
}

/** The invitation is for another address than the signed-in user's (403): sign in with the invited address. */
export class InvitationForAnotherAddress extends AuthError {
  static readonly type = "InvitationForAnotherAddress";
  declare readonly type: "InvitationForAnotherAddress";
  /** The HTTP status the refusal is answered with. */
  readonly status = 403;
}

/**
 * A role the organization makes cannot be made or deleted (409): its name is taken (by the app's
 * roles or another of the organization's), or a member still holds it.
 */
export class OrganizationRoleConflict extends AuthError {
  static readonly type = "OrganizationRoleConflict";
  declare readonly type: "OrganizationRoleConflict";
  /** The HTTP status the refusal is answered with. */
  readonly status = 409;
}

/** The organization has no team of this id (404). */
export class TeamNotFound extends AuthError {
  static readonly type = "TeamNotFound";
  declare readonly type: "TeamNotFound";
  /** The HTTP status the refusal is answered with. */
  readonly status = 404;
}

/** A team's name is taken in its organization, or the user is in the team already (409). */
export class TeamConflict extends AuthError {
  static readonly type = "TeamConflict";
  declare readonly type: "TeamConflict";
  /** The HTTP status the refusal is answered with. */
  readonly status = 409;
}

/** Every error `Organizations()` raises, as a union that narrows on `type`. */
export type OrganizationError =
  | InvalidOrganizations
  | InvitationNotSent
  | OrganizationNotFound
  | OrganizationSlugTaken
  | OrganizationPermissionDenied
  | LastOwner
  | MemberNotFound
  | InvitationInvalid
  | InvitationForAnotherAddress
  | OrganizationRoleConflict
  | TeamNotFound
  | TeamConflict
  | Forbidden
  | NotSignedIn;
