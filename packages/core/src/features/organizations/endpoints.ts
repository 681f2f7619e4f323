/**
 * `<base>/organizations` and the endpoints of organizations and their members (PROTOCOL §13):
 * list, create, get, update, delete, switch; members, remove, role, leave, transfer. The caller is
 * the signed-in user; an action on an organization reads their membership first, and their role
 * decides (the access control's default statements).
 */
import type { AdapterMember, AdapterOrganization } from "../../adapter.js";
import { randomUUID } from "../../crypto/index.js";
import { InvalidRequest } from "../../errors.js";
import type { AuthRequest } from "../../http/request.js";
import { noStore, withCookies } from "../../http/respond.js";
import { rewriteJwtSession } from "../../session/index.js";
import type { JWT } from "../../types/entities.js";
import type { ResponseInternal } from "../../types/response.js";
import { allow, callerOf, field, fire, idOf, madeRole, membershipChanged, membershipOf, ownerOnly, permissionsOf, roleOf, within } from "./caller.js";
import { LastOwner, MemberNotFound, OrganizationNotFound, OrganizationPermissionDenied, OrganizationRoleConflict, OrganizationSlugTaken } from "./errors.js";
import { roleName } from "./access.js";
import { settingsOf, type OrganizationContext } from "./settings.js";
import { organizationStore } from "./store.js";

const slugShape = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function nameOf(value: unknown): string {
  if (typeof value !== "string" || !value.trim() || value.trim().length > 100) throw new InvalidRequest("An organization's name is 1 to 100 characters.");
  return value.trim();
}

function slugOf(value: unknown): string {
  if (typeof value !== "string" || value.length > 48 || !slugShape.test(value)) throw new InvalidRequest("An organization's slug is 1 to 48 lowercase letters and digits, words joined by single hyphens.");
  return value;
}

function metadataOf(value: unknown): Record<string, unknown> | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== "object" || Array.isArray(value) || JSON.stringify(value).length > 4096) throw new InvalidRequest("An organization's metadata is a JSON object of at most 4096 characters.");
  return value as Record<string, unknown>;
}

/** An organization as its members see it. */
const shown = (organization: AdapterOrganization) => ({ id: organization.id, name: organization.name, slug: organization.slug, metadata: organization.metadata, createdAt: organization.createdAt });

/** A member as the organization's members see them. */
const shownMember = (member: AdapterMember) => ({ userId: member.userId, email: member.email ?? null, name: member.name ?? null, role: member.role, createdAt: member.createdAt });

const json = (body: unknown, status = 200): ResponseInternal => ({ status, body: body as ResponseInternal["body"], headers: { ...noStore } });

/** `GET /organizations`: `{ organizations }`, the caller's, each with their `role`. */
export async function listAction(ctx: OrganizationContext, req: AuthRequest): Promise<ResponseInternal> {
  if (req.providerId !== undefined) throw new InvalidRequest("GET organizations takes no path after it.");
  const caller = await callerOf(ctx, req);
  const mine = await organizationStore(ctx).listOrganizations(caller.userId);
  return json({ organizations: mine.sort((a, b) => a.name.localeCompare(b.name)).map((organization) => ({ ...shown(organization), role: organization.role })) });
}

/** `POST /organizations/create` (`{ name, slug, metadata? }`): 201 `{ organization, role: "owner" }`; the caller is its first owner. */
export async function createAction(ctx: OrganizationContext, req: AuthRequest): Promise<ResponseInternal> {
  const caller = await callerOf(ctx, req);
  const body = req.body ?? {};
  const now = new Date();
  const organization: AdapterOrganization = { id: randomUUID(), name: nameOf(body.name), slug: slugOf(body.slug), metadata: metadataOf(body.metadata), createdAt: now };
  const owner: AdapterMember = { organizationId: organization.id, userId: caller.userId, role: "owner", createdAt: now };
  const made = await organizationStore(ctx).createOrganization(organization, owner);
  if (!made) throw new OrganizationSlugTaken("Another organization has this slug.");
  await fire(ctx, "organizationCreated", { organization: made, userId: caller.userId }, caller.userId);
  await fire(ctx, "memberAdded", { member: owner }, caller.userId);
  return json({ organization: shown(made), role: "owner" }, 201);
}

/** `GET /organizations/get?organizationId=`: `{ organization, role }` for a member. */
export async function getAction(ctx: OrganizationContext, req: AuthRequest): Promise<ResponseInternal> {
  const caller = await callerOf(ctx, req);
  const { organization, member } = await membershipOf(ctx, req, caller);
  return json({ organization: shown(organization), role: member.role });
}

/** `POST /organizations/update` (`{ organizationId, name?, slug?, metadata? }`): `{ organization }`; needs `organization:update`. */
export async function updateAction(ctx: OrganizationContext, req: AuthRequest): Promise<ResponseInternal> {
  const caller = await callerOf(ctx, req);
  const { organization, member } = await membershipOf(ctx, req, caller);
  await allow(ctx, member, "organization:update");
  const body = req.body ?? {};
  const update: { name?: string; slug?: string; metadata?: Record<string, unknown> | null } = {};
  if (body.name !== undefined) update.name = nameOf(body.name);
  if (body.slug !== undefined) update.slug = slugOf(body.slug);
  if (body.metadata !== undefined) update.metadata = metadataOf(body.metadata);
  if (!Object.keys(update).length) throw new InvalidRequest("Give a name, slug or metadata to change.");
  const store = organizationStore(ctx);
  if (update.slug && update.slug !== organization.slug && (await store.getOrganizationBySlug(update.slug))) throw new OrganizationSlugTaken("Another organization has this slug.");
  const updated = await store.updateOrganization(organization.id, update);
  if (!updated) throw new OrganizationNotFound("The organization is gone.");
  return json({ organization: shown(updated) });
}

/** `POST /organizations/delete` (`{ organizationId }`): `{ deleted: true }`; needs `organization:delete`. Its members, invitations and API keys go with it. */
export async function deleteAction(ctx: OrganizationContext, req: AuthRequest): Promise<ResponseInternal> {
  const caller = await callerOf(ctx, req);
  const { organization, member } = await membershipOf(ctx, req, caller);
  await allow(ctx, member, "organization:delete");
  const members = await organizationStore(ctx).listMembers(organization.id);
  await organizationStore(ctx).deleteOrganization(organization.id);
  // Its API keys end with it (a key whose organization is gone is refused even before this runs).
  if (ctx.apiKeys) await (await import("../api-keys/manage.js")).dropOwnerKeys(ctx, { type: "organization", id: organization.id });
  await fire(ctx, "organizationDeleted", { organization, userId: caller.userId }, caller.userId);
  const cookies = [];
  for (const gone of members) cookies.push(...(await membershipChanged(ctx, req, caller, gone.userId, organization.id, null)));
  return withCookies(json({ deleted: true }), cookies);
}

/**
 * `POST /organizations/switch` (`{ organizationId }`, or `null` for none): `{ organization }`,
 * the session's active organization with the caller's role; refused for an organization the
 * caller is not a member of. A database session stores it in its row; a JWT gets a new cookie.
 */
export async function switchAction(ctx: OrganizationContext, req: AuthRequest): Promise<ResponseInternal> {
  const caller = await callerOf(ctx, req);
  const wanted = (req.body ?? {}).organizationId;
  const active = wanted === null ? null : await membershipOf(ctx, req, caller);
  const made = active && (await madeRole(ctx, active.organization.id, active.member.role));
  const membership = active && { id: active.organization.id, slug: active.organization.slug, role: active.member.role, ...(made && { permissions: made }) };
  if (caller.sessionToken) {
    await organizationStore(ctx).setActiveOrganization(caller.sessionToken, membership?.id ?? null);
    return json({ organization: membership });
  }
  const { org: _org, ...rest } = caller.token!;
  const cookies = await rewriteJwtSession(ctx, req, (membership ? { ...rest, org: membership } : rest) as JWT);
  return withCookies(json({ organization: membership }), cookies);
}

/** `GET /organizations/members?organizationId=`: `{ members }` (user id, address, name, role) for a member. */
export async function membersAction(ctx: OrganizationContext, req: AuthRequest): Promise<ResponseInternal> {
  const caller = await callerOf(ctx, req);
  const { organization } = await membershipOf(ctx, req, caller);
  const members = await organizationStore(ctx).listMembers(organization.id);
  return json({ members: members.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map(shownMember) });
}

/** The member `userId` of the request names, of the caller's organization; `MemberNotFound` (404). */
async function targetOf(ctx: OrganizationContext, req: AuthRequest, organizationId: string): Promise<AdapterMember> {
  const userId = idOf(field(req, "userId"), "userId");
  const target = await organizationStore(ctx).getMember(organizationId, userId);
  if (!target) throw new MemberNotFound("No member of this organization has this user id.");
  return target;
}

/**
 * Why the adapter changed nothing: `target` is (now) the organization's only owner, whom the
 * adapter keeps in the same write that checks it (a concurrent change took the other owner), or
 * no member any more.
 */
async function refusedWrite(ctx: OrganizationContext, target: AdapterMember, what: string): Promise<never> {
  const now = await organizationStore(ctx).getMember(target.organizationId, target.userId);
  if (now?.role === "owner") throw new LastOwner(`The last owner cannot ${what}: make another member an owner first, or delete the organization.`);
  throw new MemberNotFound("No member of this organization has this user id.");
}

/** Ends `target`'s membership (`what`: how, for the refusal), and says so. */
async function removeMember(ctx: OrganizationContext, req: AuthRequest, caller: Awaited<ReturnType<typeof callerOf>>, target: AdapterMember, what: string): Promise<ResponseInternal> {
  const removed = await organizationStore(ctx).deleteMember(target.organizationId, target.userId);
  if (!removed) return refusedWrite(ctx, target, what);
  await fire(ctx, "memberRemoved", { member: removed, by: caller.userId }, caller.userId);
  return withCookies(json({ removed: true }), await membershipChanged(ctx, req, caller, target.userId, target.organizationId, null));
}

/** `POST /organizations/members/remove` (`{ organizationId, userId }`): `{ removed: true }`; needs `member:delete`, an owner to remove an owner; never the last owner. */
export async function removeAction(ctx: OrganizationContext, req: AuthRequest): Promise<ResponseInternal> {
  const caller = await callerOf(ctx, req);
  const { organization, member } = await membershipOf(ctx, req, caller);
  await allow(ctx, member, "member:delete");
  const target = await targetOf(ctx, req, organization.id);
  if (target.role === "owner") ownerOnly(member, "remove an owner");
  return removeMember(ctx, req, caller, target, "be removed");
}

/** `POST /organizations/leave` (`{ organizationId }`): `{ removed: true }`; never the last owner. */
export async function leaveAction(ctx: OrganizationContext, req: AuthRequest): Promise<ResponseInternal> {
  const caller = await callerOf(ctx, req);
  const { member } = await membershipOf(ctx, req, caller);
  return removeMember(ctx, req, caller, member, "leave");
}

/** `POST /organizations/members/role` (`{ organizationId, userId, role }`): `{ member }`; needs `member:update`, an owner to make or unmake an owner; never demotes the last owner. */
export async function roleAction(ctx: OrganizationContext, req: AuthRequest): Promise<ResponseInternal> {
  const caller = await callerOf(ctx, req);
  const { organization, member } = await membershipOf(ctx, req, caller);
  await allow(ctx, member, "member:update");
  const target = await targetOf(ctx, req, organization.id);
  const role = await roleOf(ctx, organization.id, (req.body ?? {}).role);
  if (role === target.role) return json({ member: shownMember(target) });
  if (role === "owner" || target.role === "owner") ownerOnly(member, "make or unmake an owner");
  await within(ctx, member, role);
  const changed = await organizationStore(ctx).updateMemberRole(organization.id, target.userId, role);
  if (!changed) return refusedWrite(ctx, target, "lose the owner role");
  await fire(ctx, "roleChanged", { member: changed, from: target.role, by: caller.userId }, caller.userId);
  const cookies = await membershipChanged(ctx, req, caller, target.userId, organization.id, { slug: organization.slug, role });
  return withCookies(json({ member: shownMember(changed) }), cookies);
}

/**
 * `POST /organizations/transfer` (`{ organizationId, userId }`): `{ transferred: true }`; an owner
 * makes another member an owner and takes `formerOwnerRole` (default `admin`), in one write.
 */
export async function transferAction(ctx: OrganizationContext, req: AuthRequest): Promise<ResponseInternal> {
  const caller = await callerOf(ctx, req);
  const { organization, member } = await membershipOf(ctx, req, caller);
  ownerOnly(member, "hand ownership on");
  const target = await targetOf(ctx, req, organization.id);
  if (target.userId === caller.userId) throw new InvalidRequest("Name another member to hand ownership to.");
  const settings = settingsOf(ctx);
  const moved = await organizationStore(ctx).transferOwnership(organization.id, caller.userId, target.userId, settings.formerOwnerRole);
  if (!moved) throw new MemberNotFound("No member of this organization has this user id.");
  await fire(ctx, "roleChanged", { member: { ...target, role: "owner" }, from: target.role, by: caller.userId }, caller.userId);
  await fire(ctx, "roleChanged", { member: { ...member, role: settings.formerOwnerRole }, from: "owner", by: caller.userId }, caller.userId);
  const cookies = [
    ...(await membershipChanged(ctx, req, caller, target.userId, organization.id, { slug: organization.slug, role: "owner" })),
    ...(await membershipChanged(ctx, req, caller, caller.userId, organization.id, { slug: organization.slug, role: settings.formerOwnerRole })),
  ];
  return withCookies(json({ transferred: true }), cookies);
}

/** `GET /organizations/roles?organizationId=`: `{ roles }`, the app's (`builtIn`) and those the organization made, with their permissions. */
export async function rolesAction(ctx: OrganizationContext, req: AuthRequest): Promise<ResponseInternal> {
  const caller = await callerOf(ctx, req);
  const { organization } = await membershipOf(ctx, req, caller);
  const made = await organizationStore(ctx).listOrganizationRoles(organization.id);
  const builtIn = Object.keys(settingsOf(ctx).access.roles).map((name) => ({ name, builtIn: true }));
  return json({ roles: [...builtIn, ...made.sort((a, b) => a.name.localeCompare(b.name)).map((role) => ({ name: role.name, permissions: role.permissions, builtIn: false }))] });
}

/**
 * `POST /organizations/roles/create` (`{ organizationId, name, permissions }`): 201 `{ role }`;
 * needs `organization:update`, and gives the role only permissions of the app's statements that
 * the caller's own role holds.
 */
export async function createRoleAction(ctx: OrganizationContext, req: AuthRequest): Promise<ResponseInternal> {
  const caller = await callerOf(ctx, req);
  const { organization, member } = await membershipOf(ctx, req, caller);
  await allow(ctx, member, "organization:update");
  const body = req.body ?? {};
  const { access } = settingsOf(ctx);
  if (typeof body.name !== "string" || !roleName.test(body.name)) throw new InvalidRequest("A role's name is 1 to 32 lowercase letters, digits, _ and -, starting with a letter.");
  if (Object.hasOwn(access.roles, body.name)) throw new OrganizationRoleConflict(`${body.name} is one of the app's roles.`);
  const known = new Set(Object.entries(access.statements).flatMap(([resource, actions]) => actions.map((action) => `${resource}:${action}`)));
  if (!Array.isArray(body.permissions) || body.permissions.length > 100 || !body.permissions.every((permission) => typeof permission === "string" && known.has(permission))) {
    throw new InvalidRequest("A role's permissions are a list of resource:action strings of the app's statements.");
  }
  const permissions = [...new Set(body.permissions as string[])];
  const mine = await permissionsOf(ctx, organization.id, member.role);
  const beyond = permissions.filter((permission) => !mine.includes(permission));
  if (beyond.length) throw new OrganizationPermissionDenied(`Your role does not hold ${beyond.join(", ")}, so it cannot give them.`);
  const role = await organizationStore(ctx).createOrganizationRole({ organizationId: organization.id, name: body.name, permissions, createdAt: new Date() });
  if (!role) throw new OrganizationRoleConflict(`The organization has a role named ${body.name}.`);
  return json({ role: { name: role.name, permissions: role.permissions, builtIn: false } }, 201);
}

/** `POST /organizations/roles/delete` (`{ organizationId, name }`): `{ deleted: true }`; needs `organization:update`; refused while a member holds the role. */
export async function deleteRoleAction(ctx: OrganizationContext, req: AuthRequest): Promise<ResponseInternal> {
  const caller = await callerOf(ctx, req);
  const { organization, member } = await membershipOf(ctx, req, caller);
  await allow(ctx, member, "organization:update");
  const name = (req.body ?? {}).name;
  if (typeof name !== "string" || !roleName.test(name)) throw new InvalidRequest("name is the name of a role the organization made.");
  const store = organizationStore(ctx);
  if (!(await store.listOrganizationRoles(organization.id)).some((role) => role.name === name)) throw new InvalidRequest(`The organization made no role named ${name}.`);
  if (!(await store.deleteOrganizationRole(organization.id, name))) throw new OrganizationRoleConflict(`A member holds the role ${name}: give them another first.`);
  return json({ deleted: true });
}
