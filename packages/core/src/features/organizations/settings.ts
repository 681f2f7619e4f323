/** The settings of `Organizations()` as its modules read them, and how they reach them. */
import type { AdapterInvitation, AdapterMember, AdapterOrganization, AdapterTeam, AdapterTeamMember } from "../../adapter.js";
import type { AuthContext } from "../../config/context.js";
import type { OrganizationsOption } from "../../types/organization-options.js";
import type { AccessControl, Statements } from "./access.js";

/** What an event of `Organizations()` is told. */
export interface OrganizationEvents {
  /** An organization was made; its maker is its first owner. */
  organizationCreated?: (message: { organization: AdapterOrganization; userId: string }) => unknown;
  /** An organization was deleted, with its members and invitations. */
  organizationDeleted?: (message: { organization: AdapterOrganization; userId: string }) => unknown;
  /** A user became a member (an organization's maker, or an accepted invitation). */
  memberAdded?: (message: { member: AdapterMember }) => unknown;
  /** A membership ended: removed by `by`, or left (`by` is the member). */
  memberRemoved?: (message: { member: AdapterMember; by: string }) => unknown;
  /** A member's role changed (a change of role, or a transfer of ownership). */
  roleChanged?: (message: { member: AdapterMember; from: string; by: string }) => unknown;
  /** An invitation was mailed (made or sent again). The token is never given. */
  invitationSent?: (message: { invitation: Omit<AdapterInvitation, "hash"> }) => unknown;
  /** An invitation was accepted, declined or canceled. */
  invitationClosed?: (message: { invitation: Omit<AdapterInvitation, "hash">; status: "accepted" | "declined" | "canceled" }) => unknown;
  /** A team was made (`teams: true`) by `userId`. */
  teamCreated?: (message: { team: AdapterTeam; userId: string }) => unknown;
  /** A team was deleted, with its memberships, by `userId`. */
  teamDeleted?: (message: { team: AdapterTeam; userId: string }) => unknown;
  /** A member of the organization was added to a team by `by`. */
  teamMemberAdded?: (message: { team: AdapterTeam; member: AdapterTeamMember; by: string }) => unknown;
  /** A user was taken out of a team by `by` (removing them from the organization takes them out of its teams without this event). */
  teamMemberRemoved?: (message: { team: AdapterTeam; member: AdapterTeamMember; by: string }) => unknown;
}

/** The settings with their defaults. */
export interface OrganizationSettings {
  readonly access: AccessControl<Statements, string>;
  /** Seconds an invitation may be accepted for. */
  readonly invitationMaxAge: number;
  /** The role a former owner takes after handing ownership on. */
  readonly formerOwnerRole: string;
  /** The email provider whose `sendMessage` sends invitations (its id), or the first that has one. */
  readonly email?: string;
  readonly events: OrganizationEvents;
  /** Whether teams are on. */
  readonly teams: boolean;
}

/** Where `Organizations()` carries its settings: only the feature reads them. */
export const organizationSettings: unique symbol = Symbol("latch.organizations");

/** The option with its settings. */
export type OrganizationsOptionWithSettings = OrganizationsOption & { readonly [organizationSettings]: OrganizationSettings };

/** The settings of the configured option (set whenever the feature's code runs: it is reached only with the option). */
export const settingsOf = (ctx: { readonly organizations?: OrganizationsOption }): OrganizationSettings =>
  (ctx.organizations as OrganizationsOptionWithSettings)[organizationSettings];

/**
 * What the organization endpoints read of the context: the adapter, the option, the session of
 * either strategy (read and, for a JWT, rewritten), the mail's transport, link and language, the limits.
 */
export type OrganizationContext = Pick<
  AuthContext,
  "adapter" | "organizations" | "apiKeys" | "audit" | "features" | "session" | "cookies" | "secrets" | "jwt" | "callbacks" | "events" | "logger" | "baseUrl" | "origin" | "pages" | "providers" | "theme" | "rateLimit" | "languages" | "locale" | "messages"
>;
