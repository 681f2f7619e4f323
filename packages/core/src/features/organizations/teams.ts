/**
 * `<base>/organizations/teams` and the endpoints under it (PROTOCOL §13), carried only with
 * `Organizations({ teams: true })`: teams inside an organization, made, renamed and deleted by a
 * member whose role allows `team:create`, `team:update` or `team:delete`, their members added and
 * taken out with `team:member` (only members of the organization, checked in the adapter's write),
 * listed by any member of the organization. Removing someone from the organization takes them out
 * of its teams in the same write (the adapter's foreign key).
 */
import type { AdapterTeam, AdapterTeamMember } from "../../adapter.js";
import { randomUUID } from "../../crypto/index.js";
import { InvalidRequest } from "../../errors.js";
import type { AuthRequest } from "../../http/request.js";
import { noStore } from "../../http/respond.js";
import type { ResponseInternal } from "../../types/response.js";
import { allow, callerOf, field, fire, idOf, membershipOf, type Caller } from "./caller.js";
import { MemberNotFound, TeamConflict, TeamNotFound } from "./errors.js";
import type { OrganizationContext } from "./settings.js";
import { organizationStore, teamStore } from "./store.js";

const json = (body: unknown, status = 200): ResponseInternal => ({ status, body: body as ResponseInternal["body"], headers: { ...noStore } });

/** A team as the organization's members see it. */
const shown = (team: AdapterTeam) => ({ id: team.id, organizationId: team.organizationId, name: team.name, createdAt: team.createdAt });

function nameOf(value: unknown): string {
  if (typeof value !== "string" || !value.trim() || value.trim().length > 100) throw new InvalidRequest("A team's name is 1 to 100 characters.");
  return value.trim();
}

/** The team `teamId` of the request names, of the caller's organization `organizationId`; `TeamNotFound` (404). */
async function teamOf(ctx: OrganizationContext, req: AuthRequest, organizationId: string): Promise<AdapterTeam> {
  const team = await teamStore(ctx).getTeam(idOf(field(req, "teamId"), "teamId"));
  if (!team || team.organizationId !== organizationId) throw new TeamNotFound("The organization has no team with this id.");
  return team;
}

/** The caller, their organization and their membership, their role allowing `permission` when one is named. */
async function acting(ctx: OrganizationContext, req: AuthRequest, permission?: "team:create" | "team:update" | "team:delete" | "team:member") {
  const caller = await callerOf(ctx, req);
  const { organization, member } = await membershipOf(ctx, req, caller);
  if (permission) await allow(ctx, member, permission);
  return { caller, organization };
}

/** `GET /organizations/teams?organizationId=`: `{ teams }` of the organization, for any member. */
export async function listAction(ctx: OrganizationContext, req: AuthRequest): Promise<ResponseInternal> {
  const { organization } = await acting(ctx, req);
  const teams = await teamStore(ctx).listTeams(organization.id);
  return json({ teams: teams.sort((a, b) => a.name.localeCompare(b.name)).map(shown) });
}

/** `GET /organizations/teams/mine`: `{ teams }`, the caller's teams in every organization. */
export async function mineAction(ctx: OrganizationContext, req: AuthRequest): Promise<ResponseInternal> {
  const caller: Caller = await callerOf(ctx, req);
  const teams = await teamStore(ctx).listUserTeams(caller.userId);
  return json({ teams: teams.sort((a, b) => a.name.localeCompare(b.name)).map(shown) });
}

/** `POST /organizations/teams/create` (`{ organizationId, name }`): 201 `{ team }`; needs `team:create`; a name once per organization (409 `TeamConflict`). */
export async function createAction(ctx: OrganizationContext, req: AuthRequest): Promise<ResponseInternal> {
  const { caller, organization } = await acting(ctx, req, "team:create");
  const team = await teamStore(ctx).createTeam({ id: randomUUID(), organizationId: organization.id, name: nameOf((req.body ?? {}).name), createdAt: new Date() });
  if (!team) throw new TeamConflict("The organization has a team of this name.");
  await fire(ctx, "teamCreated", { team, userId: caller.userId }, caller.userId);
  return json({ team: shown(team) }, 201);
}

/** `POST /organizations/teams/update` (`{ organizationId, teamId, name }`): `{ team }`; needs `team:update`. */
export async function updateAction(ctx: OrganizationContext, req: AuthRequest): Promise<ResponseInternal> {
  const { organization } = await acting(ctx, req, "team:update");
  const team = await teamOf(ctx, req, organization.id);
  const renamed = await teamStore(ctx).updateTeam(team.id, { name: nameOf((req.body ?? {}).name) });
  if (!renamed) throw new TeamConflict("The organization has another team of this name.");
  return json({ team: shown(renamed) });
}

/** `POST /organizations/teams/delete` (`{ organizationId, teamId }`): `{ deleted: true }`; needs `team:delete`; its memberships go with it. */
export async function deleteAction(ctx: OrganizationContext, req: AuthRequest): Promise<ResponseInternal> {
  const { caller, organization } = await acting(ctx, req, "team:delete");
  const team = await teamOf(ctx, req, organization.id);
  const deleted = await teamStore(ctx).deleteTeam(team.id);
  if (!deleted) throw new TeamNotFound("The organization has no team with this id.");
  await fire(ctx, "teamDeleted", { team: deleted, userId: caller.userId }, caller.userId);
  return json({ deleted: true });
}

/** `GET /organizations/teams/members?organizationId=&teamId=`: `{ members }` (user id, address, name) for any member of the organization. */
export async function membersAction(ctx: OrganizationContext, req: AuthRequest): Promise<ResponseInternal> {
  const { organization } = await acting(ctx, req);
  const team = await teamOf(ctx, req, organization.id);
  const members = await teamStore(ctx).listTeamMembers(team.id);
  return json({ members: members.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map((m) => ({ userId: m.userId, email: m.email, name: m.name, createdAt: m.createdAt })) });
}

/** `POST /organizations/teams/members/add` (`{ organizationId, teamId, userId }`): 201 `{ member }`; needs `team:member`; only a member of the organization (404 `MemberNotFound`), once (409 `TeamConflict`). */
export async function addAction(ctx: OrganizationContext, req: AuthRequest): Promise<ResponseInternal> {
  const { caller, organization } = await acting(ctx, req, "team:member");
  const team = await teamOf(ctx, req, organization.id);
  const userId = idOf(field(req, "userId"), "userId");
  const member: AdapterTeamMember = { teamId: team.id, userId, createdAt: new Date() };
  const added = await teamStore(ctx).addTeamMember(member);
  if (!added) {
    if (!(await organizationStore(ctx).getMember(organization.id, userId))) throw new MemberNotFound("No member of this organization has this user id.");
    throw new TeamConflict("The user is in this team already.");
  }
  await fire(ctx, "teamMemberAdded", { team, member: added, by: caller.userId }, caller.userId);
  return json({ member: { userId: added.userId, createdAt: added.createdAt } }, 201);
}

/** `POST /organizations/teams/members/remove` (`{ organizationId, teamId, userId }`): `{ removed: true }`; needs `team:member`. */
export async function removeAction(ctx: OrganizationContext, req: AuthRequest): Promise<ResponseInternal> {
  const { caller, organization } = await acting(ctx, req, "team:member");
  const team = await teamOf(ctx, req, organization.id);
  const removed = await teamStore(ctx).removeTeamMember(team.id, idOf(field(req, "userId"), "userId"));
  if (!removed) throw new MemberNotFound("No member of this team has this user id.");
  await fire(ctx, "teamMemberRemoved", { team, member: removed, by: caller.userId }, caller.userId);
  return json({ removed: true });
}
