// The errors of `Admin()` (PROTOCOL §13). Loaded only by apps that turn site administration on;
// the public union of every error (`LatchError` of `@latch/core/errors`) names their types.
import { AuthError } from "../../errors.js";
import type { ResponseInternal } from "../../types/response.js";

export { Forbidden, NotSignedIn } from "../../errors.js";

/** The `Admin()` options cannot work (an id that is not a string, a page size out of range, an adapter without the methods). */
export class InvalidAdmin extends AuthError {
  static readonly type = "InvalidAdmin";
  declare readonly type: "InvalidAdmin";
}

/** What a refusal of `Admin()` carries: the fields of its JSON answer, and the page a browser gets instead. */
interface RefusalParts<Fields extends object> {
  readonly fields?: Fields;
  readonly page?: ResponseInternal;
}

/** What a banned user's refusal says besides its type: the administrator's reason and the ban's end, when given. */
export interface BanFields {
  /** The reason the administrator gave. */
  readonly reason?: string;
  /** When the ban ends (ISO 8601); absent for a ban without an end. */
  readonly expires?: string;
}

/**
 * A site administrator banned the user: no session starts for them, by any way of signing in,
 * until the ban is lifted or its end passes (403). A JSON client gets
 * `{ error: "UserBanned", message, reason?, expires? }`; a browser gets the page that says the
 * account is banned, with the reason and the end when there are, in the page's language.
 */
export class UserBanned extends AuthError {
  static readonly type = "UserBanned";
  declare readonly type: "UserBanned";
  /** The HTTP status the refusal is answered with. */
  readonly status = 403;
  /** The reason and the end of the ban, for the JSON answer. */
  readonly fields: BanFields;
  /** The page a browser gets (internal). */
  readonly page?: ResponseInternal;
  constructor(message: string, parts: RefusalParts<BanFields> = {}) {
    super(message);
    this.fields = parts.fields ?? {};
    if (parts.page) this.page = parts.page;
  }
}

/**
 * The request's session was started by a site administrator as the user (impersonation), and its
 * row refuses such sessions (`refusesImpersonation`: a password, an address, a second factor, an
 * API key, a linked account, the other sessions, an organization's ownership): 403, before the
 * handler runs. A browser on a page row gets the page that says so.
 */
export class ImpersonationRefused extends AuthError {
  static readonly type = "ImpersonationRefused";
  declare readonly type: "ImpersonationRefused";
  /** The HTTP status the refusal is answered with. */
  readonly status = 403;
  /** The page a browser gets (internal). */
  readonly page?: ResponseInternal;
  constructor(message: string, parts: RefusalParts<object> = {}) {
    super(message);
    if (parts.page) this.page = parts.page;
  }
}

/** Impersonation needs the administrator's own sign-in to be recent (403): sign in again, then ask again. */
export class RecentSignInRequired extends AuthError {
  static readonly type = "RecentSignInRequired";
  declare readonly type: "RecentSignInRequired";
  /** The HTTP status the refusal is answered with. */
  readonly status = 403;
}

/**
 * An administrator's action that would leave the site without a way back, or that may not be
 * done to this user: removing, banning or demoting oneself; impersonating oneself, a banned user
 * or (unless `impersonateAdministrators`) another administrator; stopping an impersonation from a
 * session that is none (409).
 */
export class AdminActionRefused extends AuthError {
  static readonly type = "AdminActionRefused";
  declare readonly type: "AdminActionRefused";
  /** The HTTP status the refusal is answered with. */
  readonly status = 409;
}

/** An error `Admin()` raises. */
export type AdminError = InvalidAdmin | AdminActionRefused | UserBanned | ImpersonationRefused | RecentSignInRequired;
