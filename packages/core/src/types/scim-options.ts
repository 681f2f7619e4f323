import type { featureCode, scimSettings } from "../symbols.js";
import type { FeatureCode } from "./feature.js";

/** What `Scim()` takes. */
export interface ScimOptions {
  /**
   * The scope an organization's API key must carry to be a SCIM token of that organization.
   * Default `"scim"`. List it in `ApiKeys({ scopes })` when that option names the scopes.
   */
  scope?: string;
  /**
   * The role a provisioned user's membership gets (and gets back when reactivated) when no group
   * of theirs maps to a role. A role of the organizations' access control. Default `"member"`.
   */
  defaultRole?: string;
  /**
   * Groups that map to roles: a group's `displayName` → the role its members get. A user in
   * several mapped groups gets the role of the first of them in this object's order. A group not
   * named here changes no role. Default: none.
   */
  groupRoles?: Readonly<Record<string, string>>;
  /**
   * Each group keeps a team of the same name (`Organizations({ teams: true })`) in step: made
   * with the group, renamed and deleted with it, its members the group's active members.
   * Default `false`.
   */
  groupTeams?: boolean;
  /** The largest page a list answers (`count` is cut to it; `itemsPerPage` says so). Default `100`. */
  maxResults?: number;
}

/** {@link ScimOptions} with the defaults filled in (internal). */
export interface ScimSettings {
  readonly scope: string;
  readonly defaultRole: string;
  readonly groupRoles: Readonly<Record<string, string>>;
  readonly groupTeams: boolean;
  readonly maxResults: number;
}

/**
 * Turns on a SCIM 2.0 service provider per organization at `<base>/scim/v2`. Made by `Scim()` of
 * `@latch/core/scim`; its code comes into the bundle only with it.
 */
export interface ScimOption {
  /** The settings (internal). */
  readonly [scimSettings]: ScimSettings;
  /** Its rows, check and hooks, for core (internal). */
  readonly [featureCode]: FeatureCode;
}
