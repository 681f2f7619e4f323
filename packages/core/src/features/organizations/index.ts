/**
 * Organizations: members with roles built from the app's statements, invitations by email, and
 * the organization a session acts for, carried with the session so that a permission check
 * costs no read.
 *
 * @module @latch/core/organizations
 */
import { featureCode } from "../../symbols.js";
import type { Session } from "../../types/entities.js";
import type { OrganizationsOption } from "../../types/organization-options.js";
import { accessControl, type AccessControl, type Statements } from "./access.js";
import { organizationRows, teamRows } from "./rows.js";
import { organizationSettings, type OrganizationEvents, type OrganizationSettings, type OrganizationsOptionWithSettings } from "./settings.js";

export type { OrganizationsOption } from "../../types/organization-options.js";
export type { OrganizationEvents } from "./settings.js";
export { accessControl, defaultStatements, type AccessControl, type DefaultStatements, type Permission, type Role, type SessionWithOrganization, type Statements } from "./access.js";
export {
  InvalidOrganizations,
  InvitationForAnotherAddress,
  InvitationInvalid,
  InvitationNotSent,
  LastOwner,
  MemberNotFound,
  OrganizationNotFound,
  OrganizationPermissionDenied,
  OrganizationRoleConflict,
  OrganizationSlugTaken,
  TeamConflict,
  TeamNotFound,
  type OrganizationError,
} from "./errors.js";

/** What `Organizations()` takes. */
export interface OrganizationsOptions {
  /**
   * The app's statements and roles (`accessControl()`); the endpoints check its default
   * statements (`organization`, `member`, `invitation`, `apiKey` for the organization's API keys, `team`). Default: `accessControl()`, the roles
   * `owner`, `admin` and `member`.
   */
  access?: AccessControl<Statements, string>;
  /** Seconds an invitation may be accepted for: from 3600 (an hour) to 2592000 (30 days). Default 7 days. */
  invitationMaxAge?: number;
  /** The role a former owner takes when they hand ownership on. Default `"admin"`. */
  formerOwnerRole?: string;
  /** The id of the email provider whose `sendMessage` mails invitations. Default: the first email provider that has one. */
  email?: string;
  /** Called after each change (organizationCreated, memberAdded, memberRemoved, roleChanged, invitationSent, teamCreated…). */
  events?: OrganizationEvents;
  /**
   * Teams inside each organization: `<base>/organizations/teams` and the endpoints under it
   * (PROTOCOL §13), checked against the `team` statement. Needs an adapter with the methods of
   * `TeamAdapter` (`@latch/pg`). Default `false`: no team endpoint, no team method asked of the adapter.
   */
  teams?: boolean;
}

/**
 * Turns on organizations: `<base>/organizations` and the endpoints under it (create, update,
 * delete, members, roles, leave, transfer, invitations, switch; PROTOCOL §13). The active
 * organization rides on the session (`session.organization`: its id, slug and the user's role):
 * a column of the database session read in the same join, or a claim of the JWT. Needs an
 * adapter with the methods of `OrganizationAdapter` (`@latch/pg`), an email provider with
 * `sendMessage` for invitations, and with JWT sessions `JwtRevocation()`; without them every
 * organization endpoint answers a configuration error (checked at its first request). Pass it as `organizations`.
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
    teams: options.teams === true,
  });
  const option: OrganizationsOptionWithSettings = {
    [organizationSettings]: settings,
    [featureCode]: {
      rows: settings.teams ? [...organizationRows, ...teamRows] : organizationRows,
      // The English of the organization pages and the invitation mail.
      english: () => import("./english.js").then((m) => m.organizationEnglish),
      // The active organization on the session the client gets: a claim of the JWT (`org`), or the adapter's join on the stored session.
      sessionFields(session, from) {
        const active = from.org ?? from.activeOrganization;
        if (active) session.organization = active as Session["organization"];
      },
    },
  };
  return option;
}
