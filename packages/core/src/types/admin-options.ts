import type { Adapter } from "../adapter.js";
import type { AuthError } from "../errors.js";
import type { adminCode, featureCode } from "../symbols.js";
import type { FeatureCode } from "./feature.js";

/** What `Admin()` takes. */
export interface AdminOptions {
  /**
   * Users who are site administrators whatever their stored role: for the first administrator,
   * who then gives others the `"admin"` role through `POST <base>/admin/role`. Default `[]`.
   */
  adminUserIds?: readonly string[];
  /** Users listed per page at most (`GET <base>/admin/users?perPage=`). From 1 to 500; default `100`. */
  maxPerPage?: number;
  /**
   * How long a session an administrator starts as a user (`POST <base>/admin/impersonate`) lasts,
   * in seconds; it never slides past it. From 60 to 86400; default `3600` (one hour).
   */
  impersonationMaxAge?: number;
  /** Whether an administrator may impersonate another site administrator. Default `false`. */
  impersonateAdministrators?: boolean;
  /**
   * Called after an administrator's action; a throwing event is logged and never undoes the
   * action. What an audit trail records.
   */
  events?: AdminEvents;
}

/** What `Admin()` tells the app after an administrator's action. */
export interface AdminEvents {
  /** An administrator (`by`) started a session as `userId`, ending at `expires`. */
  impersonationStarted?: (message: { userId: string; by: string; expires: Date }) => unknown;
  /** The impersonated session of `userId` that `by` started ended through `POST <base>/admin/impersonate/stop`. */
  impersonationStopped?: (message: { userId: string; by: string }) => unknown;
}

/** {@link AdminOptions} with the defaults filled in. */
export interface AdminSettings {
  readonly adminUserIds: readonly string[];
  readonly maxPerPage: number;
  readonly impersonationMaxAge: number;
  readonly impersonateAdministrators: boolean;
  readonly events: AdminEvents;
}

/** What `Admin()` carries for core (internal): its settings, its check of a config, and the check of every session start. */
export interface AdminCode {
  readonly settings: AdminSettings;
  /** The problem of a config's adapter and sessions for site administration, or `null`. */
  check(adapter: Adapter | undefined, session: { readonly strategy?: string; readonly revocation?: object }): AuthError | null;
  /**
   * Called by the sign-in gate before any session of `userId` starts: throws `UserBanned` while
   * the user is banned (a ban whose end has passed no longer counts). A user without an id (made
   * up by `authorize`, never stored) has no standing. With the request (`req`), a browser gets
   * the ban page.
   */
  admit(ctx: { readonly adapter?: Adapter }, userId: string | undefined, req?: object): Promise<void>;
}

/**
 * Turns on site administration: site administrators, the `<base>/admin/…` endpoints (users,
 * sessions and accounts, bans, site roles, removal), and the refusal of a banned user's sign-in.
 * Made by `Admin()` of `@latch/core/admin`; its code comes into the bundle only with it.
 */
export interface AdminOption {
  /** The settings and code (internal). */
  readonly [adminCode]: AdminCode;
  /** Its rows, check and hooks, for core (internal). */
  readonly [featureCode]: FeatureCode;
}
