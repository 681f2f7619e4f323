/**
 * The errors of `Scim()`. A refusal of a SCIM request is answered with the SCIM error body (RFC
 * 7644 §3.12): `status` as text, and `scimType` where the RFC names one.
 */
import { AuthError } from "../../errors.js";

/** The `Scim()` options cannot work (a default role the access control lacks, no `ApiKeys()`…): a configuration error. */
export class InvalidScim extends AuthError {
  static readonly type = "InvalidScim";
  declare readonly type: "InvalidScim";
}

/** A refusal of a SCIM request: its HTTP status and, where RFC 7644 §3.12 names one, its `scimType`. */
export abstract class ScimRefusal extends AuthError {
  /** The HTTP status the refusal is answered with. */
  abstract readonly status: 400 | 401 | 403 | 404 | 409 | 413;
  /** The RFC 7644 `scimType`, when one applies. */
  readonly scimType?: "invalidFilter" | "invalidValue" | "invalidPath" | "noTarget" | "uniqueness" | "mutability" | "invalidSyntax" | "tooMany";
}

/** No SCIM token, or not a valid one (401): a missing, unknown, revoked or expired key. */
export class ScimUnauthorized extends ScimRefusal {
  static readonly type = "ScimUnauthorized";
  declare readonly type: "ScimUnauthorized";
  readonly status = 401;
}

/** A valid API key that is not a SCIM token: not an organization's, or without the SCIM scope (403). */
export class ScimForbidden extends ScimRefusal {
  static readonly type = "ScimForbidden";
  declare readonly type: "ScimForbidden";
  readonly status = 403;
}

/** The filter cannot be read, or names an attribute the resource type does not have (400 `invalidFilter`). */
export class ScimInvalidFilter extends ScimRefusal {
  static readonly type = "ScimInvalidFilter";
  declare readonly type: "ScimInvalidFilter";
  readonly status = 400;
  override readonly scimType = "invalidFilter" as const;
}

/** The body is not a SCIM resource or operation Latch can take: a missing or wrong value (400 `invalidValue`, or `invalidSyntax` for a body that is not JSON). */
export class ScimInvalidValue extends ScimRefusal {
  static readonly type = "ScimInvalidValue";
  declare readonly type: "ScimInvalidValue";
  readonly status = 400;
  override readonly scimType: "invalidValue" | "invalidSyntax" | "tooMany";
  constructor(message: string, scimType: "invalidValue" | "invalidSyntax" | "tooMany" = "invalidValue") {
    super(message);
    this.scimType = scimType;
  }
}

/** A PATCH path that cannot be read, or names an attribute the resource does not have (400 `invalidPath`). */
export class ScimInvalidPath extends ScimRefusal {
  static readonly type = "ScimInvalidPath";
  declare readonly type: "ScimInvalidPath";
  readonly status = 400;
  override readonly scimType = "invalidPath" as const;
}

/** A PATCH path whose filter matches nothing where the operation needs a target (400 `noTarget`). */
export class ScimNoTarget extends ScimRefusal {
  static readonly type = "ScimNoTarget";
  declare readonly type: "ScimNoTarget";
  readonly status = 400;
  override readonly scimType = "noTarget" as const;
}

/** An attribute that may not change (`id`), changed (400 `mutability`). */
export class ScimMutability extends ScimRefusal {
  static readonly type = "ScimMutability";
  declare readonly type: "ScimMutability";
  readonly status = 400;
  override readonly scimType = "mutability" as const;
}

/** The organization has a user of this `userName` or `externalId`, or a group of this `displayName` (409 `uniqueness`). */
export class ScimUniqueness extends ScimRefusal {
  static readonly type = "ScimUniqueness";
  declare readonly type: "ScimUniqueness";
  readonly status = 409;
  override readonly scimType = "uniqueness" as const;
}

/** No resource of this id in the token's organization (404), whatever another organization holds. */
export class ScimNotFound extends ScimRefusal {
  static readonly type = "ScimNotFound";
  declare readonly type: "ScimNotFound";
  readonly status = 404;
}

/** Every error `Scim()` raises, as a union that narrows on `type`. */
export type ScimError = InvalidScim | ScimUnauthorized | ScimForbidden | ScimInvalidFilter | ScimInvalidValue | ScimInvalidPath | ScimNoTarget | ScimMutability | ScimUniqueness | ScimNotFound;
