/**
 * What the organization endpoints share: who calls (the signed-in user, and their session), the
 * organization they name with their membership of it, the role checks, and what a change of
 * membership does to sessions of the JWT strategy.
 */
import type { AdapterMember, AdapterOrganization } from "../../adapter.js";
import { InvalidRequest } from "../../errors.js";
import type { AuthRequest } from "../../http/request.js";
import { currentDatabaseSession, readLiveJwt, rewriteJwtSession } from "../../session/index.js";
import type { Cookie } from "../../types/cookies.js";
import type { JWT } from "../../types/entities.js";
import type { Permission, Statements } from "./access.js";
import { assertConfigured } from "./check.js";
import { NotSignedIn, OrganizationNotFound, OrganizationPermissionDenied } from "./errors.js";
import { settingsOf, type OrganizationContext, type OrganizationEvents } from "./settings.js";
import { record } from "../../config/audit-record.js";
import type { AuditInput } from "../../types/audit-options.js";
import { organizationStore } from "./store.js";

/** The signed-in user: their id, and the session they call with (a database session's token, or the JWT). */
export interface Caller {
  readonly userId: string;
  readonly sessionToken?: string;
  readonly token?: JWT;
}

/** The signed-in user, or `null`. */
export async function signedIn(ctx: OrganizationContext, req: AuthRequest): Promise<Caller | null> {
  assertConfigured(ctx);
  if (ctx.session.strategy === "jwt") {
    const token = await readLiveJwt(ctx, req);
    return typeof token?.sub === "string" ? { userId: token.sub, token } : null;
  }
  const session = await currentDatabaseSession(ctx, req);
  return session ? { userId: session.userId, sessionToken: session.sessionToken } : null;
}

/** The signed-in user; throws `NotSignedIn` (401). */
export async function callerOf(ctx: OrganizationContext, req: AuthRequest): Promise<Caller> {
  const caller = await signedIn(ctx, req);
  if (!caller) throw new NotSignedIn("Sign in to manage organizations.");
  return caller;
}

/** A request's field: the JSON body of a POST, the query of a GET. */
export function field(req: AuthRequest, name: string): unknown {
  return req.method === "GET" ? req.query[name] : (req.body ?? {})[name];
}

const idShape = /^[A-Za-z0-9_-]{1,64}$/;

/** A well-formed id in `value`; throws `InvalidRequest` naming `name`. */
export function idOf(value: unknown, name: string): string {
  if (typeof value !== "string" || !idShape.test(value)) throw new InvalidRequest(`${name} is an id of 1 to 64 letters, digits, _ and -.`);
  return value;
}

/** The organization the request names (`organizationId`) and the caller's membership of it; `OrganizationNotFound` (404) for a non-member. */
export async function membershipOf(ctx: OrganizationContext, req: AuthRequest, caller: Caller): Promise<{ organization: AdapterOrganization; member: AdapterMember }> {
  const organizationId = idOf(field(req, "organizationId"), "organizationId");
  const store = organizationStore(ctx);
  const member = await store.getMember(organizationId, caller.userId);
  const organization = member && (await store.getOrganization(organizationId));
  if (!member || !organization) throw new OrganizationNotFound("You are not a member of an organization with this id.");
  return { organization, member };
}

/** The permissions of `role` when the organization made it (not one of the app's roles), else `null`. */
export async function madeRole(ctx: OrganizationContext, organizationId: string, role: string): Promise<string[] | null> {
  if (Object.hasOwn(settingsOf(ctx).access.roles, role)) return null;
  const made = (await organizationStore(ctx).listOrganizationRoles(organizationId)).find((candidate) => candidate.name === role);
  return made ? made.permissions : [];
}

/** Every permission `role` holds in the organization: an app role's from the access control, a made role's as stored. */
export async function permissionsOf(ctx: OrganizationContext, organizationId: string, role: string): Promise<string[]> {
  const made = await madeRole(ctx, organizationId, role);
  if (made) return made;
  const { access } = settingsOf(ctx);
  return Object.entries(access.statements).flatMap(([resource, actions]) => actions.map((action) => `${resource}:${action}`)).filter((permission) => access.can(role, permission as never));
}

/** Throws `OrganizationPermissionDenied` (403) when `role` holds a permission `member`'s role does not: no one hands out more than they have. */
export async function within(ctx: OrganizationContext, member: AdapterMember, role: string): Promise<void> {
  if (role === member.role || Object.hasOwn(settingsOf(ctx).access.roles, role)) return;
  const mine = await permissionsOf(ctx, member.organizationId, member.role);
  const beyond = (await permissionsOf(ctx, member.organizationId, role)).filter((permission) => !mine.includes(permission));
  if (beyond.length) throw new OrganizationPermissionDenied(`The role ${role} holds ${beyond.join(", ")}, which your role does not.`);
}

/** Throws `OrganizationPermissionDenied` (403) unless `member`'s role (the app's, or one the organization made) allows `permission`. */
export async function allow(ctx: OrganizationContext, member: AdapterMember, permission: Permission<Statements>): Promise<void> {
  const made = await madeRole(ctx, member.organizationId, member.role);
  const allowed = made ? made.includes(permission) : settingsOf(ctx).access.can(member.role, permission);
  if (!allowed) throw new OrganizationPermissionDenied(`Your role (${member.role}) does not allow ${permission} in this organization.`);
}

/** Throws `OrganizationPermissionDenied` (403) unless `member` is an owner: only an owner makes, changes or removes an owner. */
export function ownerOnly(member: AdapterMember, what: string): void {
  if (member.role !== "owner") throw new OrganizationPermissionDenied(`Only an owner may ${what}.`);
}

/** A role of the access control, or one the organization made; throws `InvalidRequest`. */
export async function roleOf(ctx: OrganizationContext, organizationId: string, value: unknown): Promise<string> {
  const { roles } = settingsOf(ctx).access;
  if (typeof value === "string" && Object.hasOwn(roles, value)) return value;
  const made = await organizationStore(ctx).listOrganizationRoles(organizationId);
  if (typeof value === "string" && made.some((role) => role.name === value)) return value;
  throw new InvalidRequest(`role is one of ${[...Object.keys(roles), ...made.map((role) => role.name)].join(", ")}.`);
}

/**
 * After `userId`'s membership of an organization changed: with JWT sessions (which require
 * revocation), the user's tokens, which may carry the old role, are revoked; the caller's own
 * token, when it is theirs, is rewritten instead (without the organization when it no longer
 * holds), and its cookies returned. Database sessions read the membership with the session: the
 * change holds at their next request, with nothing to do here.
 */
export async function membershipChanged(ctx: OrganizationContext, req: AuthRequest, caller: Caller, userId: string, organizationId: string, now?: { slug: string; role: string } | null): Promise<Cookie[]> {
  const { revocation } = ctx.session;
  if (ctx.session.strategy !== "jwt" || !revocation) return [];
  const own = userId === caller.userId && caller.token;
  const sid = own && typeof caller.token!.sid === "string" ? caller.token!.sid : null;
  await revocation.revokeUser(userId, sid, ctx.jwt.maxAge);
  if (!own) return [];
  const carried = caller.token!.org as { id?: unknown } | undefined;
  if (carried?.id !== organizationId) return [];
  const { org: _org, ...rest } = caller.token!;
  return rewriteJwtSession(ctx, req, (now ? { ...rest, org: { id: organizationId, ...now } } : rest) as JWT);
}

/** What each event of the option is in the audit trail (`AuditTrail()`): ids, roles and statuses only, never an address. */
const audited: { readonly [K in keyof OrganizationEvents]-?: (message: Parameters<NonNullable<OrganizationEvents[K]>>[0], by: string | null) => AuditInput } = {
  organizationCreated: ({ organization }, by) => ({ action: "organization.created", actorUserId: by, organizationId: organization.id }),
  organizationDeleted: ({ organization }, by) => ({ action: "organization.deleted", actorUserId: by, organizationId: organization.id }),
  memberAdded: ({ member }, by) => ({ action: "organization.member.added", actorUserId: by, subjectUserId: member.userId, organizationId: member.organizationId, details: { role: member.role } }),
  memberRemoved: ({ member }, by) => ({ action: "organization.member.removed", actorUserId: by, subjectUserId: member.userId, organizationId: member.organizationId, details: { role: member.role } }),
  roleChanged: ({ member, from }, by) => ({ action: "organization.member.roleChanged", actorUserId: by, subjectUserId: member.userId, organizationId: member.organizationId, details: { from, to: member.role } }),
  invitationSent: ({ invitation }, by) => ({ action: "organization.invitation.sent", actorUserId: by, organizationId: invitation.organizationId, details: { invitationId: invitation.id, role: invitation.role } }),
  invitationClosed: ({ invitation, status }, by) => ({ action: `organization.invitation.${status}`, actorUserId: by, organizationId: invitation.organizationId, details: { invitationId: invitation.id, role: invitation.role } }),
  teamCreated: ({ team }, by) => ({ action: "organization.team.created", actorUserId: by, organizationId: team.organizationId, details: { teamId: team.id } }),
  teamDeleted: ({ team }, by) => ({ action: "organization.team.deleted", actorUserId: by, organizationId: team.organizationId, details: { teamId: team.id } }),
  teamMemberAdded: ({ team, member }, by) => ({ action: "organization.team.member.added", actorUserId: by, subjectUserId: member.userId, organizationId: team.organizationId, details: { teamId: team.id } }),
  teamMemberRemoved: ({ team, member }, by) => ({ action: "organization.team.member.removed", actorUserId: by, subjectUserId: member.userId, organizationId: team.organizationId, details: { teamId: team.id } }),
};

/**
 * The one place an organization's change is announced: runs the option's event `name` (a throwing
 * event is logged, never undoes the change) and records it in the audit trail, `by` the user who
 * made it (the ownership transfer's two role changes are `roleChanged`).
 */
export async function fire<K extends keyof OrganizationEvents>(ctx: Pick<OrganizationContext, "logger" | "organizations" | "audit">, name: K, message: Parameters<NonNullable<OrganizationEvents[K]>>[0], by: string | null): Promise<void> {
  try {
    await (settingsOf(ctx).events[name] as ((message: unknown) => unknown) | undefined)?.(message);
  } catch (error) {
    ctx.logger.error("OrganizationEventError", error as Error);
  }
  await record(ctx, (audited[name] as (message: unknown, by: string | null) => AuditInput)(message, by));
}
