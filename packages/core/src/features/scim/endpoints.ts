/**
 * The SCIM 2.0 service provider (RFC 7644) behind `<base>/scim/v2/…`: the token's organization,
 * then `Users`, `Groups` and the discovery documents. Every read and write names the token's
 * organization, so one organization's token never reaches another's users or groups. Answers
 * are `application/scim+json`; a refusal is the SCIM error body.
 */
import type { AdapterScimGroup, AdapterScimUser, AdapterUser } from "../../adapter.js";
import type { AuthContext } from "../../config/context.js";
import { randomUUID } from "../../crypto/index.js";
import { AccessDenied, AuthError, InvalidRequest } from "../../errors.js";
import { bearerCredential } from "../../http/authorization.js";
import { logError } from "../../http/error-response.js";
import type { AuthRequest } from "../../http/request.js";
import { noStore } from "../../http/respond.js";
import { normalizeEmail } from "../../security/email-address.js";
import { apiKeysCode, scimSettings } from "../../symbols.js";
import type { ResponseInternal } from "../../types/response.js";
import type { ScimSettings } from "../../types/scim-options.js";
import type { ApiKeysCodeWithVerifier } from "../api-keys/router.js";
import { fire } from "../organizations/caller.js";
import { settingsOf } from "../organizations/settings.js";
import { organizationStore, teamStore } from "../organizations/store.js";
import { InvalidScim, ScimForbidden, ScimInvalidValue, ScimMutability, ScimNotFound, ScimRefusal, ScimUnauthorized, ScimUniqueness } from "./errors.js";
import { matches, parseFilter } from "./filter.js";
import { applyPatch, type Doc } from "./patch.js";
import {
  addressOf, errorSchema, fieldOf, givenUser, groupFilterAttributes, groupPatch, groupResource, groupSchema, listResponse, nameOf, resourceTypes,
  schemas, serviceProviderConfig, userFilterAttributes, userPatch, userResource, userSchema, type GivenUser,
} from "./resources.js";
import { scimStore } from "./store.js";

/** What the SCIM endpoints read of the context: the adapter, the options they stand on, the session's strategy, the base URL. */
type ScimContext = Pick<AuthContext, "adapter" | "apiKeys" | "organizations" | "scim" | "admin" | "audit" | "rateLimit" | "session" | "jwt" | "logger" | "baseUrl">;

const scimJson = "application/scim+json";
const largestBody = 64 * 1024;

/** An answer as SCIM sends it: the resource as `application/scim+json`. */
function answer(status: number, body?: unknown, headers: Record<string, string> = {}): ResponseInternal {
  if (body === undefined) return { status, headers: { ...noStore, ...headers } };
  return { status, body: JSON.stringify(body), headers: { ...noStore, "Content-Type": scimJson, ...headers } };
}

/** The SCIM error body (RFC 7644 §3.12). */
function errorAnswer(status: number, detail: string, scimType?: string, headers: Record<string, string> = {}): ResponseInternal {
  return answer(status, { schemas: [errorSchema], status: String(status), ...(scimType ? { scimType } : {}), detail }, headers);
}

const settingsOfScim = (ctx: ScimContext): ScimSettings => ctx.scim![scimSettings];

const checked = new WeakMap<object, AuthError | null>();

/** The problem of the configuration for SCIM (needs organizations and API keys, roles that exist), checked once per context. */
function problemOf(ctx: ScimContext): AuthError | null {
  if (!ctx.organizations) return new InvalidScim("Scim() provisions an organization's members: configure organizations = Organizations() of @latch/core/organizations.");
  if (!ctx.apiKeys) return new InvalidScim("Scim() takes an organization's API key as its token: configure apiKeys = ApiKeys() of @latch/core/api-keys.");
  const { defaultRole, groupRoles } = settingsOfScim(ctx);
  const { roles } = settingsOf(ctx).access;
  for (const role of [defaultRole, ...Object.values(groupRoles)]) {
    if (role === "owner" || !Object.hasOwn(roles, role)) return new InvalidScim(`Scim(): "${role}" is not a role of the organizations' access control other than "owner" (provisioning never makes an owner).`);
  }
  if (settingsOfScim(ctx).groupTeams && !settingsOf(ctx).teams) return new InvalidScim("Scim({ groupTeams: true }) keeps a team per group: configure Organizations({ teams: true }).");
  const { scopes } = ctx.apiKeys[apiKeysCode].settings;
  if (scopes && !scopes.includes(settingsOfScim(ctx).scope)) return new InvalidScim(`Scim(): ApiKeys({ scopes }) lacks "${settingsOfScim(ctx).scope}", so no key could be a SCIM token.`);
  return null;
}

/** The organization whose token the request carries; throws `ScimUnauthorized` or `ScimForbidden`. */
async function organizationOf(ctx: ScimContext, req: AuthRequest): Promise<string> {
  const token = bearerCredential(req.headers);
  if (!token) throw new ScimUnauthorized("A SCIM request carries the organization's token as Authorization: Bearer.");
  const code = ctx.apiKeys![apiKeysCode] as ApiKeysCodeWithVerifier;
  let key;
  try {
    key = await code.verifier.verify(ctx, token);
  } catch (error) {
    if (error instanceof AuthError && (error.type === "InvalidApiKey" || error.type === "ApiKeyExpired")) throw new ScimUnauthorized("The SCIM token is not valid.");
    throw error;
  }
  if (key.owner.type !== "organization" || !key.scopes.includes(settingsOfScim(ctx).scope)) {
    throw new ScimForbidden(`This API key is not a SCIM token: it must be an organization's key with the scope ${settingsOfScim(ctx).scope}.`);
  }
  return key.owner.id;
}

/** The JSON object the request carries (`application/scim+json` or `application/json`). */
async function bodyOf(req: AuthRequest): Promise<Record<string, unknown>> {
  if (req.body) return req.body as Record<string, unknown>;
  if (Number(req.headers.get("content-length") ?? "0") > largestBody) throw new ScimInvalidValue("The body is larger than 64 KiB.", "tooMany");
  const text = await req.request.text().catch(() => "");
  if (text.length > largestBody) throw new ScimInvalidValue("The body is larger than 64 KiB.", "tooMany");
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ScimInvalidValue("The body is not JSON.", "invalidSyntax");
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new ScimInvalidValue("The body is a JSON object.", "invalidSyntax");
  return parsed as Record<string, unknown>;
}

/** The whole number in the query's `name` (`fallback` when absent); throws for one that is not a number. */
function numberOf(req: AuthRequest, name: string, fallback: number): number {
  const value = req.query[name];
  if (value === undefined || value === "") return fallback;
  if (!/^-?\d{1,9}$/.test(value)) throw new ScimInvalidValue(`${name} is a whole number.`);
  return Number(value);
}

/** A page of `all` (RFC 7644 §3.4.2.4: `startIndex` from 1, `count` at most `maxResults`). */
function page<T>(req: AuthRequest, all: readonly T[], maxResults: number): { items: T[]; startIndex: number } {
  const startIndex = Math.max(1, numberOf(req, "startIndex", 1));
  const count = Math.min(maxResults, Math.max(0, numberOf(req, "count", maxResults)));
  return { items: all.slice(startIndex - 1, startIndex - 1 + count), startIndex };
}

/** Ends every session of the user at once: database sessions deleted, JWT sessions revoked (`JwtRevocation()`). */
async function endSessions(ctx: ScimContext, userId: string): Promise<void> {
  if (ctx.session.strategy === "jwt") await ctx.session.revocation!.revokeUser(userId, null, ctx.jwt.maxAge);
  else await ctx.adapter!.deleteSessions!(userId);
}

/** The role a provisioned user's groups give (the first mapped group in the option's order), else the default role. */
function roleFor(settings: ScimSettings, groups: readonly AdapterScimGroup[], userId: string): string {
  const names = new Set(groups.filter((group) => group.members.includes(userId)).map((group) => group.displayName));
  return Object.entries(settings.groupRoles).find(([name]) => names.has(name))?.[1] ?? settings.defaultRole;
}

/** Makes an active user a member again (the role of their groups); nothing for a member already. */
async function admit(ctx: ScimContext, organizationId: string, userId: string): Promise<void> {
  const groups = await scimStore(ctx).listScimGroups(organizationId);
  const role = roleFor(settingsOfScim(ctx), groups, userId);
  const member = await scimStore(ctx).addMember({ organizationId, userId, role, createdAt: new Date() });
  if (member) await fire(ctx, "memberAdded", { member }, null);
  for (const group of groups) if (group.members.includes(userId)) await syncTeam(ctx, organizationId, group);
}

/** Deprovisions: the membership ends, and every session of the user ends at once. */
async function deprovision(ctx: ScimContext, organizationId: string, userId: string): Promise<void> {
  const member = await organizationStore(ctx).deleteMember(organizationId, userId);
  await endSessions(ctx, userId);
  if (member) await fire(ctx, "memberRemoved", { member, by: "scim" }, null);
}

/** Sets each active provisioned member's role to what their groups give now (an owner keeps theirs). */
async function syncRoles(ctx: ScimContext, organizationId: string, userIds: Iterable<string>): Promise<void> {
  const settings = settingsOfScim(ctx);
  if (!Object.keys(settings.groupRoles).length) return;
  const groups = await scimStore(ctx).listScimGroups(organizationId);
  for (const userId of new Set(userIds)) {
    const record = await scimStore(ctx).getScimUser(organizationId, userId);
    const member = record?.active ? await organizationStore(ctx).getMember(organizationId, userId) : null;
    if (!member || member.role === "owner") continue;
    const role = roleFor(settings, groups, userId);
    if (role === member.role) continue;
    const changed = await organizationStore(ctx).updateMemberRole(organizationId, userId, role);
    if (!changed) continue;
    // A JWT carries the role it was issued with: the user's tokens end, as for any change of role.
    if (ctx.session.strategy === "jwt") await ctx.session.revocation!.revokeUser(userId, null, ctx.jwt.maxAge);
    await fire(ctx, "roleChanged", { member: changed, from: member.role, by: "scim" }, null);
  }
}

/**
 * Keeps the team named as `group` in step with it (`groupTeams`): made when missing (renamed from
 * `formerName` when the group was renamed), its members the group's members who are members of
 * the organization; `group` `null` deletes the team named `formerName`.
 */
async function syncTeam(ctx: ScimContext, organizationId: string, group: AdapterScimGroup | null, formerName?: string): Promise<void> {
  if (!settingsOfScim(ctx).groupTeams) return;
  const teams = teamStore(ctx);
  const all = await teams.listTeams(organizationId);
  const former = formerName === undefined ? undefined : all.find((team) => team.name === formerName.slice(0, 100));
  if (!group) {
    if (former) await teams.deleteTeam(former.id);
    return;
  }
  const name = group.displayName.slice(0, 100);
  let team = all.find((candidate) => candidate.name === name);
  if (!team && former) team = (await teams.updateTeam(former.id, { name })) ?? undefined;
  if (!team) team = (await teams.createTeam({ id: randomUUID(), organizationId, name, createdAt: new Date() })) ?? undefined;
  if (!team) return;
  const current = new Set((await teams.listTeamMembers(team.id)).map((member) => member.userId));
  const wanted = new Set(group.members);
  // Only a member of the organization joins (the adapter's write checks it): a deactivated user stays out.
  for (const userId of wanted) if (!current.has(userId)) await teams.addTeamMember({ teamId: team.id, userId, createdAt: new Date() });
  for (const userId of current) if (!wanted.has(userId)) await teams.removeTeamMember(team.id, userId);
}

/** Throws `ScimUniqueness` when another user of the organization has `given`'s userName or externalId. */
function assertUnique(records: readonly AdapterScimUser[], given: GivenUser): void {
  const name = given.userName.toLowerCase();
  const taken = records.find((record) => (record.userName.toLowerCase() === name || (given.externalId !== null && record.externalId === given.externalId)));
  if (taken) throw new ScimUniqueness(taken.userName.toLowerCase() === name ? "The organization has a user with this userName." : "The organization has a user with this externalId.");
}

/** The id in the path (`Users/<id>`), checked for shape. */
function idOf(value: string | undefined): string {
  if (!value || value.length > 200) throw new ScimNotFound("No resource has this id.");
  return value;
}

/**
 * The Latch user a new provisioned user stands for: a new one, or the account that has the
 * address already when it is a member of the token's organization with its address proven. An
 * account outside the organization is never linked: provisioning would let an organization's
 * identity provider make anyone whose address it knows a member, and end all their sessions by
 * deactivating them.
 */
async function userFor(ctx: ScimContext, organizationId: string, given: GivenUser): Promise<{ user: AdapterUser; created: boolean }> {
  const address = addressOf(given);
  if (!address) throw new ScimInvalidValue("A user needs an address: an entry of emails, or an address as userName.");
  let email: string;
  try {
    email = normalizeEmail(address);
  } catch {
    throw new ScimInvalidValue("The user's address is not a valid email address.");
  }
  const adapter = ctx.adapter!;
  const existing = await adapter.getUserByEmail!(email);
  if (existing) {
    // PROTOCOL §6: an account whose address is not proven is never taken over; its owner proves it first.
    if (!existing.emailVerified) throw new ScimUniqueness("An account holds this address and has not proven it; it is not linked until its owner proves the address.");
    if (!(await organizationStore(ctx).getMember(organizationId, existing.id))) {
      throw new ScimUniqueness("An account outside the organization holds this address; it is linked only once it is a member (invite it first).");
    }
    return { user: existing, created: false };
  }
  const user = await adapter.createUser!({ id: randomUUID(), email, emailVerified: null, name: nameOf(given), image: null } as AdapterUser);
  return { user, created: true };
}

async function createUser(ctx: ScimContext, organizationId: string, base: string, body: Record<string, unknown>): Promise<ResponseInternal> {
  const given = givenUser(body);
  const store = scimStore(ctx);
  assertUnique(await store.listScimUsers(organizationId), given);
  const { user, created } = await userFor(ctx, organizationId, given);
  if (await store.getScimUser(organizationId, user.id)) throw new ScimUniqueness("The organization has provisioned the account of this address already.");
  const now = new Date();
  const record = await store.createScimUser({ organizationId, userId: user.id, userName: given.userName, externalId: given.externalId, active: given.active, attributes: given.attributes, createdAt: now, updatedAt: now });
  if (!record) {
    if (created) await ctx.adapter!.deleteUser?.(user.id);
    throw new ScimUniqueness("The organization has a user with this userName or externalId.");
  }
  if (record.active) await admit(ctx, organizationId, user.id);
  return answer(201, userResource(record, base), { Location: `${base}/Users/${record.userId}` });
}

async function userOf(ctx: ScimContext, organizationId: string, id: string): Promise<AdapterScimUser> {
  const record = await scimStore(ctx).getScimUser(organizationId, id);
  if (!record) throw new ScimNotFound("The organization has no user with this id.");
  return record;
}

/** Writes `given` over the record (PUT, or a PATCH's result), then what its active state asks. */
async function replaceUser(ctx: ScimContext, organizationId: string, base: string, record: AdapterScimUser, given: GivenUser): Promise<ResponseInternal> {
  const store = scimStore(ctx);
  // The adapter refuses a userName or externalId another user of the organization has (null, nothing written).
  const updated = await store.updateScimUser(organizationId, record.userId, { userName: given.userName, externalId: given.externalId, active: given.active, attributes: given.attributes, updatedAt: new Date() });
  if (!updated) throw new ScimUniqueness("The organization has a user with this userName or externalId.");
  if (record.active && !updated.active) await deprovision(ctx, organizationId, record.userId);
  if (!record.active && updated.active) await admit(ctx, organizationId, record.userId);
  const groups = (await store.listScimGroups(organizationId)).filter((group) => group.members.includes(record.userId));
  return answer(200, userResource(updated, base, groups));
}

async function users(ctx: ScimContext, req: AuthRequest, organizationId: string, base: string, id: string | undefined): Promise<ResponseInternal> {
  const store = scimStore(ctx);
  const method = req.method as string;
  if (id === undefined) {
    if (method === "POST") return createUser(ctx, organizationId, base, await bodyOf(req));
    if (method !== "GET") throw new ScimInvalidValue(`${method} is not answered at /Users; name a user: /Users/<id>.`);
    const filter = req.query.filter ? parseFilter(req.query.filter, [userSchema], userFilterAttributes) : undefined;
    const [records, groups] = await Promise.all([store.listScimUsers(organizationId), store.listScimGroups(organizationId)]);
    const all = records.map((record) => userResource(record, base, groups.filter((group) => group.members.includes(record.userId))));
    const found = filter ? all.filter((resource) => matches(resource, filter)) : all;
    const { items, startIndex } = page(req, found, settingsOfScim(ctx).maxResults);
    return answer(200, listResponse(items, found.length, startIndex));
  }
  const record = await userOf(ctx, organizationId, idOf(id));
  const groups = async () => (await store.listScimGroups(organizationId)).filter((group) => group.members.includes(record.userId));
  if (method === "GET") return answer(200, userResource(record, base, await groups()));
  if (method === "DELETE") {
    if (record.active) await deprovision(ctx, organizationId, record.userId);
    await store.deleteScimUser(organizationId, record.userId);
    return answer(204);
  }
  if (method === "PUT") {
    const body = await bodyOf(req);
    const givenId = fieldOf(body, "id");
    if (givenId !== undefined && givenId !== record.userId) throw new ScimMutability("id cannot change.");
    return replaceUser(ctx, organizationId, base, record, givenUser(body));
  }
  if (method === "PATCH") {
    const current = userResource(record, base) as Doc;
    // patch.ts refuses a change of id (no path names it; a value without a path carrying another is `mutability`).
    const patched = applyPatch(current, await bodyOf(req), userPatch);
    return replaceUser(ctx, organizationId, base, record, givenUser(patched));
  }
  throw new ScimInvalidValue(`${method} is not answered at /Users/<id>.`);
}

/** A group as given: its displayName, externalId and members (each a provisioned user of the organization). */
async function givenGroup(ctx: ScimContext, organizationId: string, body: Readonly<Record<string, unknown>>): Promise<Pick<AdapterScimGroup, "displayName" | "externalId" | "members">> {
  const displayName = fieldOf(body, "displayName");
  if (typeof displayName !== "string" || !displayName.trim() || displayName.length > 256) throw new ScimInvalidValue("displayName is required: text of 1 to 256 characters.");
  const externalId = fieldOf(body, "externalId") ?? null;
  if (externalId !== null && (typeof externalId !== "string" || !externalId || externalId.length > 256)) throw new ScimInvalidValue("externalId is text of 1 to 256 characters.");
  const given = fieldOf(body, "members") ?? [];
  if (!Array.isArray(given)) throw new ScimInvalidValue("members is a list of { value: <user id> }.");
  const ids = given.map((member) => (member && typeof member === "object" ? (member as { value?: unknown }).value : undefined));
  if (ids.some((value) => typeof value !== "string")) throw new ScimInvalidValue("Each member is { value: <user id> }.");
  const known = new Set((await scimStore(ctx).listScimUsers(organizationId)).map((record) => record.userId));
  // Only this organization's provisioned users: an id of another's, or of no one, is refused.
  const unknown = (ids as string[]).filter((value) => !known.has(value));
  if (unknown.length) throw new ScimInvalidValue(`The organization has no provisioned user ${unknown[0]}.`);
  return { displayName: displayName.trim(), externalId: externalId as string | null, members: [...new Set(ids as string[])] };
}

async function groups(ctx: ScimContext, req: AuthRequest, organizationId: string, base: string, id: string | undefined): Promise<ResponseInternal> {
  const store = scimStore(ctx);
  const method = req.method as string;
  const names = async () => new Map((await store.listScimUsers(organizationId)).map((record) => [record.userId, record]));
  if (id === undefined) {
    if (method === "POST") {
      const given = await givenGroup(ctx, organizationId, await bodyOf(req));
      const now = new Date();
      const group = await store.createScimGroup({ id: randomUUID(), organizationId, ...given, createdAt: now, updatedAt: now });
      if (!group) throw new ScimUniqueness("The organization has a group with this displayName or externalId.");
      await syncRoles(ctx, organizationId, group.members);
      await syncTeam(ctx, organizationId, group);
      return answer(201, groupResource(group, base, await names()), { Location: `${base}/Groups/${group.id}` });
    }
    if (method !== "GET") throw new ScimInvalidValue(`${method} is not answered at /Groups; name a group: /Groups/<id>.`);
    const filter = req.query.filter ? parseFilter(req.query.filter, [groupSchema], groupFilterAttributes) : undefined;
    const users = await names();
    const all = (await store.listScimGroups(organizationId)).map((group) => groupResource(group, base, users));
    const found = filter ? all.filter((resource) => matches(resource, filter)) : all;
    const { items, startIndex } = page(req, found, settingsOfScim(ctx).maxResults);
    // Okta and Entra ask for groups without their members (excludedAttributes=members) when they only look one up.
    const excluded = (req.query.excludedAttributes ?? "").toLowerCase().split(",").map((name) => name.trim());
    const shown = excluded.includes("members") ? items.map(({ members: _members, ...rest }) => rest) : items;
    return answer(200, listResponse(shown, found.length, startIndex));
  }
  const group = await store.getScimGroup(organizationId, idOf(id));
  if (!group) throw new ScimNotFound("The organization has no group with this id.");
  if (method === "GET") return answer(200, groupResource(group, base, await names()));
  if (method === "DELETE") {
    await store.deleteScimGroup(organizationId, group.id);
    await syncRoles(ctx, organizationId, group.members);
    await syncTeam(ctx, organizationId, null, group.displayName);
    return answer(204);
  }
  let given;
  if (method === "PUT") {
    const body = await bodyOf(req);
    const givenId = fieldOf(body, "id");
    if (givenId !== undefined && givenId !== group.id) throw new ScimMutability("id cannot change.");
    given = await givenGroup(ctx, organizationId, body);
  } else if (method === "PATCH") {
    const patched = applyPatch(groupResource(group, base) as Doc, await bodyOf(req), groupPatch);
    given = await givenGroup(ctx, organizationId, patched);
  } else {
    throw new ScimInvalidValue(`${method} is not answered at /Groups/<id>.`);
  }
  const updated = await store.updateScimGroup(organizationId, group.id, { ...given, updatedAt: new Date() });
  if (!updated) throw new ScimUniqueness("The organization has a group with this displayName.");
  await syncRoles(ctx, organizationId, [...group.members, ...updated.members]);
  await syncTeam(ctx, organizationId, updated, group.displayName);
  // PATCH may answer 204 (RFC 7644 §3.5.2); Okta and Entra read either. The group is answered whole.
  return answer(200, groupResource(updated, base, await names()));
}

/** Routes a request under `scim/v2`. */
async function route(ctx: ScimContext, req: AuthRequest): Promise<ResponseInternal> {
  let problem = checked.get(ctx);
  if (problem === undefined) checked.set(ctx, (problem = problemOf(ctx)));
  if (problem) throw problem;
  const organizationId = await organizationOf(ctx, req);
  const [, resource = "", id, more] = (req.providerId ?? "").split("/");
  if (more !== undefined) throw new ScimNotFound("No SCIM endpoint has this path.");
  const base = `${ctx.baseUrl}/scim/v2`;
  const method = req.method as string;
  switch (resource.toLowerCase()) {
    case "users":
      return users(ctx, req, organizationId, base, id);
    case "groups":
      return groups(ctx, req, organizationId, base, id);
    case "serviceproviderconfig":
      if (method !== "GET" || id !== undefined) break;
      return answer(200, serviceProviderConfig(base, settingsOfScim(ctx).maxResults));
    case "resourcetypes": {
      if (method !== "GET") break;
      const all = resourceTypes(base);
      if (id === undefined) return answer(200, listResponse(all, all.length, 1));
      const one = all.find((type) => type.id === id);
      if (!one) throw new ScimNotFound("No resource type has this id.");
      return answer(200, one);
    }
    case "schemas": {
      if (method !== "GET") break;
      const all = schemas(base);
      if (id === undefined) return answer(200, listResponse(all, all.length, 1));
      const one = all.find((schema) => schema.id === id);
      if (!one) throw new ScimNotFound("No schema has this id.");
      return answer(200, one);
    }
  }
  throw new ScimNotFound(`No SCIM endpoint answers ${method} at this path.`);
}

/** The row's handler: the request answered, or its refusal as the SCIM error body. */
export async function scimAction(ctx: ScimContext, req: AuthRequest): Promise<ResponseInternal> {
  try {
    return await route(ctx, req);
  } catch (error) {
    if (error instanceof ScimRefusal) {
      ctx.logger.warn(error.type, error.message);
      return errorAnswer(error.status, error.message, error.scimType, error.status === 401 ? { "WWW-Authenticate": 'Bearer realm="scim"' } : {});
    }
    if (error instanceof AuthError && error.type === "ApiKeyRateLimited") {
      ctx.logger.warn(error.type, error.message);
      return errorAnswer(429, error.message, undefined, { "Retry-After": "60" });
    }
    if (error instanceof AccessDenied) {
      ctx.logger.warn(error.type, error.message);
      return errorAnswer(403, error.message);
    }
    if (error instanceof InvalidRequest) {
      ctx.logger.warn(error.type, error.message);
      return errorAnswer(error.status === 413 ? 413 : 400, error.message, "invalidValue");
    }
    logError(ctx.logger, error);
    return errorAnswer(500, error instanceof InvalidScim ? "The SCIM service is not configured; the server's log says why." : "The request failed on the server.");
  }
}
