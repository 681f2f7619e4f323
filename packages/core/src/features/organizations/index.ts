/**
 * Organizations: members with roles built from the app's statements, invitations by email, and
 * the organization a session acts for, carried with the session so that a permission check
 * costs no read.
 *
 * @module @latch/core/organizations
 */
import type { Adapter } from "../../adapter.js";
import { adapterHas } from "../../config/adapter-guard.js";
import { MissingAdapter, MissingAdapterMethods, type AuthError } from "../../errors.js";
import { endpointRows, organizationsCode } from "../../symbols.js";
import type { OrganizationsOption } from "../../types/organization-options.js";
import { accessControl, type AccessControl, type Statements } from "./access.js";
import { organizationMethods } from "./adapter-methods.js";
import { InvalidOrganizations } from "./errors.js";
import { organizationRows } from "./rows.js";
import type { OrganizationEvents, OrganizationSettings } from "./settings.js";

export type { OrganizationsOption } from "../../types/organization-options.js";
export type { OrganizationEvents } from "./settings.js";
export { accessControl, defaultStatements, type AccessControl, type DefaultStatements, type Permission, type Role, type SessionWithOrganization, type Statements } from "./access.js";
export {
  InvalidOrganizations,
  InvitationForAnotherAddress,
  InvitationInvalid,
  LastOwner,
  MemberNotFound,
  OrganizationNotFound,
  OrganizationPermissionDenied,
  OrganizationSlugTaken,
  type OrganizationError,
} from "./errors.js";

/** What `Organizations()` takes. */
export interface OrganizationsOptions {
  /**
   * The app's statements and roles (`accessControl()`); the endpoints check its default
   * statements (`organization`, `member`, `invitation`). Default: `accessControl()`, the roles
   * `owner`, `admin` and `member`.
   */
  access?: AccessControl<Statements, string>;
  /** Seconds an invitation may be accepted for: from 3600 (an hour) to 2592000 (30 days). Default 7 days. */
  invitationMaxAge?: number;
  /** The role a former owner takes when they hand ownership on. Default `"admin"`. */
  formerOwnerRole?: string;
  /** The id of the email provider whose `sendMessage` mails invitations. Default: the first email provider that has one. */
  email?: string;
  /** Called after each change (organizationCreated, memberAdded, memberRemoved, roleChanged, invitationSent…). */
  events?: OrganizationEvents;
}

/** The first problem of `settings` with `adapter` and the session options, or `null`. */
function problemOf(settings: OrganizationSettings, adapter: Adapter | undefined, session: { readonly strategy?: string; readonly revocation?: unknown }): AuthError | null {
  const { invitationMaxAge, formerOwnerRole, access } = settings;
  if (!Number.isInteger(invitationMaxAge) || invitationMaxAge < 3600 || invitationMaxAge > 30 * 24 * 3600) return new InvalidOrganizations("Organizations: invitationMaxAge is a whole number of seconds from 3600 to 2592000.");
  if (!(formerOwnerRole in access.roles) || formerOwnerRole === "owner") return new InvalidOrganizations(`Organizations: formerOwnerRole names a role of the access control other than "owner"; "${formerOwnerRole}" is not one.`);
  if (!adapter) return new MissingAdapter("Organizations stores organizations, members and invitations through the adapter; set `adapter`.");
  const missing = organizationMethods.filter((name) => !adapterHas(adapter, name));
  if (missing.length) return new MissingAdapterMethods(missing, `Organizations stores its data through the adapter, which lacks ${missing.join(", ")}. Use an adapter that has them (@latch/pg).`);
  // A JWT carries its role until it ends: only revocation ends it when the membership changes.
  if (session.strategy === "jwt" && !session.revocation) {
    return new InvalidOrganizations('Organizations with JWT sessions needs session.revocation = JwtRevocation() of @latch/core/revocation, so that a removal or a change of role takes effect at once; or use session: { strategy: "database" }.');
  }
  return null;
}

/**
 * Turns on organizations: `<base>/organizations` and the endpoints under it (create, update,
 * delete, members, roles, leave, transfer, invitations, switch; PROTOCOL §13). The active
 * organization rides on the session (`session.organization`: its id, slug and the user's role):
 * a column of the database session read in the same join, or a claim of the JWT. Needs an
 * adapter with the methods of `OrganizationAdapter` (`@latch/pg`), an email provider with
 * `sendMessage` for invitations, and with JWT sessions `JwtRevocation()`. Pass it as `organizations`.
 *
 * @example
 * ```ts
 * import { Organizations, accessControl } from "@latch/core/organizations"
 * const ac = accessControl({ project: ["create", "delete"] })
 * const config = { adapter, providers, session: { strategy: "database" as const }, organizations: Organizations({ access: ac }) }
 * ```
 */
export function Organizations(options: OrganizationsOptions = {}): OrganizationsOption {
  const settings: OrganizationSettings = Object.freeze({
    access: options.access ?? (accessControl() as unknown as AccessControl<Statements, string>),
    invitationMaxAge: options.invitationMaxAge ?? 7 * 24 * 3600,
    formerOwnerRole: options.formerOwnerRole ?? "admin",
    ...(options.email === undefined ? {} : { email: options.email }),
    events: Object.freeze({ ...options.events }),
  });
  return {
    [organizationsCode]: { settings, check: (adapter, session) => problemOf(settings, adapter, session) },
    [endpointRows]: organizationRows,
  };
}
