// The organizations of Organizations() (OrganizationAdapter) in Redis, beside the adapter's
// contract. Each record is a hash whose fields are JSON, as an API key's is; a set indexes the
// members of an organization, the organizations of a user, an organization's invitations and the
// roles it made. Every write that must see a record first is one Lua script, so other clients see
// all of it or none.
import type {
  AdapterInvitation, AdapterMember, AdapterOrganization, AdapterOrganizationRole, OrganizationAdapter,
} from "@latch/core/adapters";
import type { Redis } from "ioredis";
import type { Keys } from "./keys.js";
import { encodePart } from "./scripts.js";

/** The keys of organizations under the adapter's prefix; parts from outside are percent-encoded. */
export interface OrganizationKeys {
  /** Hash of one organization, each field JSON. */
  organization(id: string): string;
  /** The id of the organization of a slug, written with SET NX in the script that makes it. */
  organizationBySlug(slug: string): string;
  /** Set of the user ids of an organization's members. */
  organizationMembers(organizationId: string): string;
  /** Hash of one membership, each field JSON. */
  member(organizationId: string, userId: string): string;
  /** Set of the ids of the organizations a user is a member of. */
  userOrganizations(userId: string): string;
  /** Hash of one invitation, each field JSON. */
  invitation(id: string): string;
  /** Set of the invitation ids of an organization. */
  organizationInvitations(organizationId: string): string;
  /** Hash of a role an organization made, each field JSON. */
  organizationRole(organizationId: string, name: string): string;
  /** Set of the names of the roles an organization made. */
  organizationRoles(organizationId: string): string;
}

/** The keys of organizations under `prefix`. */
export function organizationKeysFor(prefix: string): OrganizationKeys {
  const part = encodeURIComponent;
  return {
    organization: (id) => `${prefix}organization:${part(id)}`,
    organizationBySlug: (slug) => `${prefix}organization-slug:${part(slug)}`,
    organizationMembers: (organizationId) => `${prefix}organization-members:${part(organizationId)}`,
    member: (organizationId, userId) => `${prefix}member:${part(organizationId)}:${part(userId)}`,
    userOrganizations: (userId) => `${prefix}user-organizations:${part(userId)}`,
    invitation: (id) => `${prefix}invitation:${part(id)}`,
    organizationInvitations: (organizationId) => `${prefix}organization-invitations:${part(organizationId)}`,
    organizationRole: (organizationId, name) => `${prefix}organization-role:${part(organizationId)}:${part(name)}`,
    organizationRoles: (organizationId) => `${prefix}organization-roles:${part(organizationId)}`,
  };
}

/** The keys of teams under `prefix` (`Organizations({ teams: true })`). */
export function teamKeysFor(prefix: string) {
  const part = encodeURIComponent;
  return {
    /** Hash of one team, each field JSON. */
    team: (id: string) => `${prefix}team:${part(id)}`,
    /** The id of the team of a name in an organization, written with SET NX in the script that names it. */
    teamName: (organizationId: string, name: string) => `${prefix}team-name:${part(organizationId)}:${part(name)}`,
    /** Set of the team ids of an organization. */
    organizationTeams: (organizationId: string) => `${prefix}organization-teams:${part(organizationId)}`,
    /** Set of the user ids of a team's members. */
    teamMembers: (teamId: string) => `${prefix}team-members:${part(teamId)}`,
    /** Hash of one team membership, each field JSON. */
    teamMember: (teamId: string, userId: string) => `${prefix}team-member:${part(teamId)}:${part(userId)}`,
    /** Set of the ids of the teams a user is a member of. */
    userTeams: (userId: string) => `${prefix}user-teams:${part(userId)}`,
  };
}

/**
 * The six key prefixes {@link teamFunctions} takes (as a Lua table `p`): teams, team names, teams'
 * members, team memberships, users' teams, organizations' teams.
 */
export function teamPrefixes(prefix: string): string[] {
  return ["team:", "team-name:", "team-members:", "team-member:", "user-teams:", "organization-teams:"].map((name) => `${prefix}${name}`);
}

/**
 * `dropTeam(p, teamId)` deletes a team, its name and its memberships and returns its hash (empty
 * when there was none); `leaveTeam(p, teamId, userId)` ends one team membership. `p`: the prefixes
 * of {@link teamPrefixes}. Run inside the script that ends what a team rests on.
 */
export const teamFunctions = `
local function leaveTeam(p, teamId, userId)
  redis.call("DEL", p[4] .. encodePart(teamId) .. ":" .. encodePart(userId))
  redis.call("SREM", p[3] .. encodePart(teamId), userId)
  redis.call("SREM", p[5] .. encodePart(userId), teamId)
end
local function dropTeam(p, teamId)
  local key = p[1] .. encodePart(teamId)
  local team = redis.call("HGETALL", key)
  if #team == 0 then return team end
  local organizationId = cjson.decode(redis.call("HGET", key, "organizationId"))
  local name = cjson.decode(redis.call("HGET", key, "name"))
  for _, userId in ipairs(redis.call("SMEMBERS", p[3] .. encodePart(teamId))) do leaveTeam(p, teamId, userId) end
  redis.call("DEL", key, p[3] .. encodePart(teamId), p[2] .. encodePart(organizationId) .. ":" .. encodePart(name))
  redis.call("SREM", p[6] .. encodePart(organizationId), teamId)
  return team
end`;

/** Writes the fields of ARGV[n], a JSON object of field → JSON value, into a hash. */
export const hsetFrom = `
local function hsetFrom(key, encoded)
  local args = {}
  for field, value in pairs(cjson.decode(encoded)) do
    args[#args + 1] = field
    args[#args + 1] = value
  end
  if #args > 0 then redis.call("HSET", key, unpack(args)) end
end`;

/**
 * KEYS: the organization, its slug key, the owner's membership, the organization's members, the
 * owner's organizations; ARGV: the organization id, the owner's id, the organization's fields and
 * the membership's (JSON objects of JSON values). The slug is claimed with SET NX in the same
 * script as the rest: 1 when all is written, 0 (nothing written) when the slug or the id is taken.
 */
const createOrganizationScript = `${hsetFrom}
if redis.call("EXISTS", KEYS[1]) == 1 then return 0 end
if not redis.call("SET", KEYS[2], ARGV[1], "NX") then return 0 end
hsetFrom(KEYS[1], ARGV[3])
hsetFrom(KEYS[3], ARGV[4])
redis.call("SADD", KEYS[4], ARGV[2])
redis.call("SADD", KEYS[5], ARGV[1])
return 1`;

/**
 * KEYS[1]: the organization; ARGV[1]: the slug key prefix; ARGV[2]: the fields to set (a JSON
 * object of JSON values); ARGV[3]: the new slug, or "". Only while the organization exists; a new
 * slug is claimed with SET NX and the old one let go (an error when another organization has it,
 * with nothing written). Returns the hash, or `nil`.
 */
const updateOrganizationScript = `${encodePart}${hsetFrom}
if redis.call("EXISTS", KEYS[1]) == 0 then return nil end
if ARGV[3] ~= "" then
  local old = cjson.decode(redis.call("HGET", KEYS[1], "slug"))
  if old ~= ARGV[3] then
    local id = cjson.decode(redis.call("HGET", KEYS[1], "id"))
    if not redis.call("SET", ARGV[1] .. encodePart(ARGV[3]), id, "NX") then return redis.error_reply("updateOrganization: the slug belongs to another organization") end
    redis.call("DEL", ARGV[1] .. encodePart(old))
  end
end
hsetFrom(KEYS[1], ARGV[2])
return redis.call("HGETALL", KEYS[1])`;

/**
 * KEYS[1]: the organization; ARGV: its id, the key prefixes of slugs, of members' sets, of
 * memberships (with the encoded id and ":" appended), of users' organizations, then the keys of
 * its invitations' set, its roles' set, and the prefixes of invitations and of its roles (with the
 * encoded id and ":" appended). Deletes the organization, its slug, memberships, invitations and
 * made roles, then ARGV[10…15] the prefixes of {@link teamPrefixes}: its teams and their
 * memberships go in the same script. Returns its hash, or `nil`.
 */
const deleteOrganizationScript = `${encodePart}${teamFunctions}
local organization = redis.call("HGETALL", KEYS[1])
if #organization == 0 then return nil end
local id = ARGV[1]
local members = ARGV[3] .. encodePart(id)
for _, userId in ipairs(redis.call("SMEMBERS", members)) do
  redis.call("DEL", ARGV[4] .. encodePart(userId))
  redis.call("SREM", ARGV[5] .. encodePart(userId), id)
end
for _, invitation in ipairs(redis.call("SMEMBERS", ARGV[6])) do redis.call("DEL", ARGV[8] .. encodePart(invitation)) end
for _, name in ipairs(redis.call("SMEMBERS", ARGV[7])) do redis.call("DEL", ARGV[9] .. encodePart(name)) end
local teams = { ARGV[10], ARGV[11], ARGV[12], ARGV[13], ARGV[14], ARGV[15] }
for _, teamId in ipairs(redis.call("SMEMBERS", teams[6] .. encodePart(id))) do dropTeam(teams, teamId) end
redis.call("DEL", teams[6] .. encodePart(id))
redis.call("DEL", KEYS[1], ARGV[2] .. encodePart(cjson.decode(redis.call("HGET", KEYS[1], "slug"))), members, ARGV[6], ARGV[7])
return organization`;

/**
 * `keepsAnOwner(members, memberPrefix, userId)`: whether the membership `memberPrefix .. userId`
 * may lose the owner role: it is no owner, or another member of the set `members` is one. Read in
 * the script that writes, so that of two owners leaving or demoting each other one stays.
 */
const keepsAnOwner = `${encodePart}
local function keepsAnOwner(members, memberPrefix, userId)
  if redis.call("HGET", memberPrefix .. encodePart(userId), "role") ~= '"owner"' then return true end
  for _, other in ipairs(redis.call("SMEMBERS", members)) do
    if other ~= userId and redis.call("HGET", memberPrefix .. encodePart(other), "role") == '"owner"' then return true end
  end
  return false
end`;

/**
 * KEYS: the membership, the organization's members; ARGV: the role as JSON, the user id, the
 * prefix of the organization's memberships. Sets the role unless it takes it from the only owner;
 * returns the membership's hash, or `nil` when there is none or it was refused.
 */
const updateMemberRoleScript = `${keepsAnOwner}
if redis.call("EXISTS", KEYS[1]) == 0 then return nil end
if ARGV[1] ~= '"owner"' and not keepsAnOwner(KEYS[2], ARGV[3], ARGV[2]) then return nil end
redis.call("HSET", KEYS[1], "role", ARGV[1])
return redis.call("HGETALL", KEYS[1])`;

/**
 * KEYS: the membership, the organization's members, the user's organizations; ARGV: the user id,
 * the organization id, the prefix of the organization's memberships, then ARGV[4…9] the prefixes
 * of {@link teamPrefixes}. Ends the membership unless it is the only owner's, and with it the
 * user's memberships of the organization's teams; returns its hash, or `nil` when there was none
 * or it was refused.
 */
const deleteMemberScript = `${keepsAnOwner}${teamFunctions}
local member = redis.call("HGETALL", KEYS[1])
if #member == 0 then return nil end
if not keepsAnOwner(KEYS[2], ARGV[3], ARGV[1]) then return nil end
redis.call("DEL", KEYS[1])
redis.call("SREM", KEYS[2], ARGV[1])
redis.call("SREM", KEYS[3], ARGV[2])
local teams = { ARGV[4], ARGV[5], ARGV[6], ARGV[7], ARGV[8], ARGV[9] }
for _, teamId in ipairs(redis.call("SINTER", teams[6] .. encodePart(ARGV[2]), teams[5] .. encodePart(ARGV[1]))) do leaveTeam(teams, teamId, ARGV[1]) end
return member`;

/**
 * KEYS: the membership of `from`, that of `to`; ARGV: the owner role and the former role, as
 * JSON. Both change, or neither when either is missing: 1 or 0.
 */
const transferOwnershipScript = `
if redis.call("EXISTS", KEYS[1]) == 0 or redis.call("EXISTS", KEYS[2]) == 0 then return 0 end
redis.call("HSET", KEYS[2], "role", ARGV[1])
redis.call("HSET", KEYS[1], "role", ARGV[2])
return 1`;

/**
 * KEYS[1]: the invitation; ARGV: field, value, … Sets them only while the invitation is pending;
 * returns its hash, or `nil`.
 */
const updatePendingInvitationScript = `
local status = redis.call("HGET", KEYS[1], "status")
if not status or cjson.decode(status) ~= "pending" then return nil end
if #ARGV > 0 then redis.call("HSET", KEYS[1], unpack(ARGV)) end
return redis.call("HGETALL", KEYS[1])`;

/**
 * KEYS[1]: the invitation; KEYS[2]: the user's organizations; ARGV: the prefix of memberships, of
 * members' sets, the user id, the membership's fields (a JSON object of JSON values, without its
 * organization). Only while the invitation is pending: it becomes accepted and the membership is
 * stored unless the user has one already. Returns the membership's hash, or `nil` with nothing
 * written.
 */
const acceptInvitationScript = `${encodePart}${hsetFrom}
local status = redis.call("HGET", KEYS[1], "status")
if not status or cjson.decode(status) ~= "pending" then return nil end
redis.call("HSET", KEYS[1], "status", cjson.encode("accepted"))
local stored = redis.call("HGET", KEYS[1], "organizationId")
local organizationId = cjson.decode(stored)
local member = ARGV[1] .. encodePart(organizationId) .. ":" .. encodePart(ARGV[3])
if redis.call("EXISTS", member) == 0 then
  hsetFrom(member, ARGV[4])
  redis.call("HSET", member, "organizationId", stored)
  redis.call("SADD", ARGV[2] .. encodePart(organizationId), ARGV[3])
  redis.call("SADD", KEYS[2], organizationId)
end
return redis.call("HGETALL", member)`;

/**
 * KEYS: the role, the organization's roles; ARGV: its name, then field, value, … Stores it unless
 * the organization has one of this name: 1 or 0.
 */
const createOrganizationRoleScript = `
if redis.call("EXISTS", KEYS[1]) == 1 then return 0 end
redis.call("HSET", KEYS[1], unpack(ARGV, 2))
redis.call("SADD", KEYS[2], ARGV[1])
return 1`;

/**
 * KEYS: the role, the organization's roles, its members; ARGV: the name, the prefix of its
 * memberships (with the encoded id and ":"), the name as JSON. Deletes the role unless a member
 * holds it (each membership is read: the cost grows with the members); returns its hash, or `nil`.
 */
const deleteOrganizationRoleScript = `${encodePart}
local role = redis.call("HGETALL", KEYS[1])
if #role == 0 then return nil end
for _, userId in ipairs(redis.call("SMEMBERS", KEYS[3])) do
  if redis.call("HGET", ARGV[2] .. encodePart(userId), "role") == ARGV[3] then return nil end
end
redis.call("DEL", KEYS[1])
redis.call("SREM", KEYS[2], ARGV[1])
return role`;

/**
 * KEYS[1]: the session; ARGV[1]: the organization id, or "" for none. Rewrites the stored session
 * with its `activeOrganizationId` (the key keeps its expiry); nothing without a session.
 */
const setActiveOrganizationScript = `
local stored = redis.call("GET", KEYS[1])
if not stored then return 0 end
local session = cjson.decode(stored)
if ARGV[1] == "" then session.activeOrganizationId = nil else session.activeOrganizationId = ARGV[1] end
redis.call("SET", KEYS[1], cjson.encode(session), "KEEPTTL")
return 1`;

/**
 * What {@link sessionAndMembershipScript} adds to the session's read: KEYS[1] the session key;
 * ARGV[1] the user key of an empty id; ARGV[2] the key prefix of the sets of refused accounts;
 * ARGV[3] the prefix of memberships; ARGV[4] of organizations; ARGV[5] of made roles. Returns
 * `[session, user, refused, organizationId, slug, role, permissions]` (the last four `nil` when
 * the session acts for no organization or its user is no longer a member of it), or `nil`
 * without a session: the membership as it is now, in the same script as the session.
 */
export const sessionAndMembershipScript = `${encodePart}
local session = redis.call("GET", KEYS[1])
if not session then return nil end
local decoded = cjson.decode(session)
local userId = encodePart(decoded.userId)
local user = redis.call("GET", ARGV[1] .. userId)
local refused = redis.call("SCARD", ARGV[2] .. userId)
local active = decoded.activeOrganizationId
if type(active) ~= "string" then return { session, user, refused, false, false, false, false } end
local organization = encodePart(active)
local role = redis.call("HGET", ARGV[3] .. organization .. ":" .. userId, "role")
local slug = redis.call("HGET", ARGV[4] .. organization, "slug")
if not role or not slug then return { session, user, refused, false, false, false, false } end
local permissions = redis.call("HGET", ARGV[5] .. organization .. ":" .. encodePart(cjson.decode(role)), "permissions")
return { session, user, refused, active, slug, role, permissions }`;

/** A record as hash fields, each value JSON (dates as ISO strings); `undefined` fields left out. */
export function jsonFields(record: object): Record<string, string> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined).map(([field, value]) => [field, JSON.stringify(value)]));
}

/** The same as a flat `[field, value, …]` list. */
const flat = (record: object) => Object.entries(jsonFields(record)).flat();

/** Reads hashes of JSON fields in one pipeline, each as {@link parsedFields} gives it. */
export function hashesOf(redis: Redis): (names: string[]) => Promise<(Record<string, unknown> | null)[]> {
  return async (names) => {
    if (!names.length) return [];
    const pipeline = redis.pipeline();
    for (const name of names) pipeline.hgetall(name);
    return ((await pipeline.exec()) ?? []).map(([error, reply]) => {
      if (error) throw error;
      return parsedFields(reply as Record<string, string>);
    });
  };
}

/** The address and name of a stored user (its JSON, or `null`), for a list of members. */
export function contactOf(user: string | null | undefined): { email: string | null; name: string | null } {
  const parsed = user ? (JSON.parse(user) as { email?: string | null; name?: string | null }) : null;
  return { email: parsed?.email ?? null, name: parsed?.name ?? null };
}

/** A hash of JSON fields (an object of HGETALL, or a flat reply) as an object of values; `null` when empty. */
export function parsedFields(reply: Record<string, string> | string[] | null): Record<string, unknown> | null {
  if (!reply) return null;
  const entries = Array.isArray(reply) ? Array.from({ length: reply.length / 2 }, (_, index) => [reply[index * 2]!, reply[index * 2 + 1]!] as const) : Object.entries(reply);
  if (!entries.length) return null;
  return Object.fromEntries(entries.map(([field, value]) => [field, JSON.parse(value) as unknown]));
}

const date = (value: unknown) => new Date(value as string);

function organizationOf(fields: Record<string, unknown> | null): AdapterOrganization | null {
  if (!fields) return null;
  return { id: String(fields.id), name: String(fields.name), slug: String(fields.slug), metadata: (fields.metadata as Record<string, unknown> | null) ?? null, createdAt: date(fields.createdAt) };
}

function memberOf(fields: Record<string, unknown> | null): AdapterMember | null {
  if (!fields) return null;
  return { organizationId: String(fields.organizationId), userId: String(fields.userId), role: String(fields.role), createdAt: date(fields.createdAt) };
}

function invitationOf(fields: Record<string, unknown> | null): AdapterInvitation | null {
  if (!fields) return null;
  return {
    id: String(fields.id), organizationId: String(fields.organizationId), email: String(fields.email), role: String(fields.role), inviterId: String(fields.inviterId),
    hash: String(fields.hash), status: fields.status as AdapterInvitation["status"], expires: date(fields.expires), createdAt: date(fields.createdAt),
  };
}

function roleOf(fields: Record<string, unknown> | null): AdapterOrganizationRole | null {
  if (!fields) return null;
  return { organizationId: String(fields.organizationId), name: String(fields.name), permissions: ((fields.permissions as unknown[] | null) ?? []).map(String), createdAt: date(fields.createdAt) };
}

const present = <T>(value: T | null): value is T => value !== null;

/**
 * The organization methods of the Redis adapter. `stored` holds the adapter's keys of a session
 * (the active organization is stored with the session) and of a user; `canonical` is the stored
 * spelling of an address.
 */
export function organizationMethods(redis: Redis, prefix: string, stored: Pick<Keys, "session" | "user">, canonical: (email: string) => string): OrganizationAdapter {
  const keys = organizationKeysFor(prefix);
  const hashes = hashesOf(redis);
  const methods: OrganizationAdapter = {
    async createOrganization(organization, owner) {
      const member = { organizationId: organization.id, userId: owner.userId, role: owner.role, createdAt: owner.createdAt };
      const written = await redis.eval(
        createOrganizationScript, 5,
        keys.organization(organization.id), keys.organizationBySlug(organization.slug), keys.member(organization.id, owner.userId), keys.organizationMembers(organization.id), keys.userOrganizations(owner.userId),
        organization.id, owner.userId, JSON.stringify(jsonFields(organization)), JSON.stringify(jsonFields(member)),
      );
      return written === 1 ? { ...organization } : null;
    },

    async getOrganization(id) {
      return organizationOf(parsedFields(await redis.hgetall(keys.organization(id))));
    },

    async getOrganizationBySlug(slug) {
      const id = await redis.get(keys.organizationBySlug(slug));
      return id === null ? null : methods.getOrganization(id) as Promise<AdapterOrganization | null>;
    },

    async updateOrganization(id, update) {
      const { name, slug, metadata } = update;
      const reply = (await redis.eval(updateOrganizationScript, 1, keys.organization(id), keys.organizationBySlug(""), JSON.stringify(jsonFields({ name, slug, metadata })), slug ?? "")) as string[] | null;
      return organizationOf(parsedFields(reply));
    },

    async deleteOrganization(id) {
      const reply = (await redis.eval(
        deleteOrganizationScript, 1, keys.organization(id),
        id, keys.organizationBySlug(""), keys.organizationMembers(""), `${keys.member(id, "")}`, keys.userOrganizations(""),
        keys.organizationInvitations(id), keys.organizationRoles(id), keys.invitation(""), keys.organizationRole(id, ""), ...teamPrefixes(prefix),
      )) as string[] | null;
      return organizationOf(parsedFields(reply));
    },

    async listOrganizations(userId) {
      const ids = await redis.smembers(keys.userOrganizations(userId));
      const [organizations, members] = await Promise.all([hashes(ids.map(keys.organization)), hashes(ids.map((id) => keys.member(id, userId)))]);
      return ids.flatMap((_, index) => {
        const organization = organizationOf(organizations[index] ?? null);
        const member = memberOf(members[index] ?? null);
        return organization && member ? [{ ...organization, role: member.role }] : [];
      });
    },

    async getMember(organizationId, userId) {
      return memberOf(parsedFields(await redis.hgetall(keys.member(organizationId, userId))));
    },

    async listMembers(organizationId) {
      const userIds = await redis.smembers(keys.organizationMembers(organizationId));
      if (!userIds.length) return [];
      const [members, users] = await Promise.all([hashes(userIds.map((userId) => keys.member(organizationId, userId))), redis.mget(userIds.map(stored.user))]);
      return userIds.flatMap((_, index) => {
        const member = memberOf(members[index] ?? null);
        if (!member) return [];
        return [{ ...member, ...contactOf(users[index]) }];
      });
    },

    async updateMemberRole(organizationId, userId, role) {
      const reply = (await redis.eval(updateMemberRoleScript, 2, keys.member(organizationId, userId), keys.organizationMembers(organizationId), JSON.stringify(role), userId, keys.member(organizationId, ""))) as string[] | null;
      return memberOf(parsedFields(reply));
    },

    async deleteMember(organizationId, userId) {
      const reply = (await redis.eval(deleteMemberScript, 3, keys.member(organizationId, userId), keys.organizationMembers(organizationId), keys.userOrganizations(userId), userId, organizationId, keys.member(organizationId, ""), ...teamPrefixes(prefix))) as string[] | null;
      return memberOf(parsedFields(reply));
    },

    async transferOwnership(organizationId, from, to, formerRole) {
      if (from === to) return false;
      return (await redis.eval(transferOwnershipScript, 2, keys.member(organizationId, from), keys.member(organizationId, to), JSON.stringify("owner"), JSON.stringify(formerRole))) === 1;
    },

    async createInvitation(invitation) {
      const row = { ...invitation, email: canonical(invitation.email) };
      const results = await redis.multi().hset(keys.invitation(row.id), jsonFields(row)).sadd(keys.organizationInvitations(row.organizationId), row.id).exec();
      const failed = results?.find(([error]) => error !== null);
      if (!results || failed) throw failed?.[0] ?? new Error("createInvitation: the Redis transaction was aborted");
      return row;
    },

    async getInvitation(id) {
      return invitationOf(parsedFields(await redis.hgetall(keys.invitation(id))));
    },

    async listInvitations(organizationId) {
      const ids = await redis.smembers(keys.organizationInvitations(organizationId));
      return (await hashes(ids.map(keys.invitation))).map(invitationOf).filter(present);
    },

    async updateInvitation(id, update) {
      const { hash, status, expires } = update;
      const fields = flat({ hash, status, expires });
      if (!fields.length) return methods.getInvitation(id) as Promise<AdapterInvitation | null>;
      return invitationOf(parsedFields((await redis.eval(updatePendingInvitationScript, 1, keys.invitation(id), ...fields)) as string[] | null));
    },

    async acceptInvitation(id, member) {
      const fields = JSON.stringify(jsonFields({ userId: member.userId, role: member.role, createdAt: member.createdAt }));
      const reply = (await redis.eval(acceptInvitationScript, 2, keys.invitation(id), keys.userOrganizations(member.userId), keys.member("", "").slice(0, -1), keys.organizationMembers(""), member.userId, fields)) as string[] | null;
      return memberOf(parsedFields(reply));
    },

    async createOrganizationRole(role) {
      const written = await redis.eval(createOrganizationRoleScript, 2, keys.organizationRole(role.organizationId, role.name), keys.organizationRoles(role.organizationId), role.name, ...flat(role));
      return written === 1 ? { ...role, permissions: [...role.permissions] } : null;
    },

    async listOrganizationRoles(organizationId) {
      const names = await redis.smembers(keys.organizationRoles(organizationId));
      return (await hashes(names.map((name) => keys.organizationRole(organizationId, name)))).map(roleOf).filter(present);
    },

    async deleteOrganizationRole(organizationId, name) {
      const reply = (await redis.eval(
        deleteOrganizationRoleScript, 3, keys.organizationRole(organizationId, name), keys.organizationRoles(organizationId), keys.organizationMembers(organizationId),
        name, keys.member(organizationId, ""), JSON.stringify(name),
      )) as string[] | null;
      return roleOf(parsedFields(reply));
    },

    async setActiveOrganization(sessionToken, organizationId) {
      await redis.eval(setActiveOrganizationScript, 1, stored.session(sessionToken), organizationId ?? "");
    },
  };
  return methods;
}

/**
 * The key prefixes the session's read takes (ARGV[3…5] of {@link sessionAndMembershipScript}):
 * memberships, organizations, made roles.
 */
export function membershipPrefixes(prefix: string): [string, string, string] {
  const keys = organizationKeysFor(prefix);
  return [keys.member("", "").slice(0, -1), keys.organization(""), keys.organizationRole("", "").slice(0, -1)];
}

/**
 * The active organization of a session from {@link sessionAndMembershipScript}'s reply (its
 * organization id, slug, role and a made role's permissions, the last three JSON).
 */
export function activeMembershipOf(reply: unknown[]): { id: string; slug: string; role: string; permissions?: string[] } | null {
  const [, , , id, slug, role, permissions] = reply as [unknown, unknown, unknown, string | null, string | null, string | null, string | null];
  if (!id || !slug || !role) return null;
  return { id, slug: JSON.parse(slug) as string, role: JSON.parse(role) as string, ...(permissions && { permissions: (JSON.parse(permissions) as unknown[]).map(String) }) };
}

/**
 * What deleting a user ends beside the user's own keys: the user's memberships of organizations and
 * of teams (each taken out of its organization's or team's members). Returns the keys to delete
 * and the set removals to make.
 */
export async function membershipsOfUser(redis: Redis, prefix: string, userId: string): Promise<{ doomed: string[]; removals: [string, string][] }> {
  const keys = organizationKeysFor(prefix);
  const teams = teamKeysFor(prefix);
  const [ids, teamIds] = await Promise.all([redis.smembers(keys.userOrganizations(userId)), redis.smembers(teams.userTeams(userId))]);
  return {
    doomed: [keys.userOrganizations(userId), ...ids.map((id) => keys.member(id, userId)), teams.userTeams(userId), ...teamIds.map((id) => teams.teamMember(id, userId))],
    removals: [...ids.map((id): [string, string] => [keys.organizationMembers(id), userId]), ...teamIds.map((id): [string, string] => [teams.teamMembers(id), userId])],
  };
}
