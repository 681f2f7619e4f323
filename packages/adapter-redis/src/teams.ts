// The teams of Organizations({ teams: true }) (TeamAdapter) in Redis, in the style of the
// organizations beside them: each record a hash of JSON fields, sets index an organization's
// teams, a team's members and a user's teams, and every write that must see a record first is one
// Lua script. Leaving or deleting the organization, and deleting the user, end the team
// memberships in their own script or transaction (organizations.ts, adapter.ts).
import type { AdapterTeam, AdapterTeamMember, TeamAdapter } from "@latch/core/adapters";
import type { Redis } from "ioredis";
import type { Keys } from "./keys.js";
import { contactOf, hashesOf, hsetFrom, jsonFields, organizationKeysFor, parsedFields, teamFunctions, teamKeysFor, teamPrefixes } from "./organizations.js";
import { encodePart } from "./scripts.js";

/**
 * KEYS: the team, its name key, the organization's teams, the organization; ARGV: the team id, its
 * fields (a JSON object of JSON values). The name is claimed with SET NX in the same script: 1
 * when all is written, 0 (nothing written) when the name or the id is taken or the organization
 * is gone.
 */
const createTeamScript = `${hsetFrom}
if redis.call("EXISTS", KEYS[4]) == 0 or redis.call("EXISTS", KEYS[1]) == 1 then return 0 end
if not redis.call("SET", KEYS[2], ARGV[1], "NX") then return 0 end
hsetFrom(KEYS[1], ARGV[2])
redis.call("SADD", KEYS[3], ARGV[1])
return 1`;

/**
 * KEYS[1]: the team; ARGV: the prefix of team names, the new name. Claims the new name with SET NX
 * and lets the old one go; returns the hash, or `nil` when there is no team or the name is taken
 * in its organization (nothing written).
 */
const renameTeamScript = `${encodePart}
if redis.call("EXISTS", KEYS[1]) == 0 then return nil end
local old = cjson.decode(redis.call("HGET", KEYS[1], "name"))
if old ~= ARGV[2] then
  local organization = ARGV[1] .. encodePart(cjson.decode(redis.call("HGET", KEYS[1], "organizationId"))) .. ":"
  local id = cjson.decode(redis.call("HGET", KEYS[1], "id"))
  if not redis.call("SET", organization .. encodePart(ARGV[2]), id, "NX") then return nil end
  redis.call("DEL", organization .. encodePart(old))
  redis.call("HSET", KEYS[1], "name", cjson.encode(ARGV[2]))
end
return redis.call("HGETALL", KEYS[1])`;

/** ARGV: the team id, then the prefixes of `teamPrefixes`. Deletes the team and its memberships; returns its hash, or `nil`. */
const deleteTeamScript = `${encodePart}${teamFunctions}
local team = dropTeam({ ARGV[2], ARGV[3], ARGV[4], ARGV[5], ARGV[6], ARGV[7] }, ARGV[1])
if #team == 0 then return nil end
return team`;

/**
 * KEYS: the team membership, the team's members, the user's teams, the team; ARGV: the user id,
 * the team id, the prefix of organization memberships, the membership's fields (JSON). Writes it
 * only while the user is a member of the team's organization, read in the same script: 1 when
 * written, 0 when there is no team, the user is no member, or already in the team.
 */
const addTeamMemberScript = `${encodePart}${hsetFrom}
local organizationId = redis.call("HGET", KEYS[4], "organizationId")
if not organizationId then return 0 end
if redis.call("EXISTS", ARGV[3] .. encodePart(cjson.decode(organizationId)) .. ":" .. encodePart(ARGV[1])) == 0 then return 0 end
if redis.call("EXISTS", KEYS[1]) == 1 then return 0 end
hsetFrom(KEYS[1], ARGV[4])
redis.call("SADD", KEYS[2], ARGV[1])
redis.call("SADD", KEYS[3], ARGV[2])
return 1`;

/** KEYS: the team membership, the team's members, the user's teams; ARGV: the user id, the team id. Ends it; its hash, or `nil`. */
const removeTeamMemberScript = `
local member = redis.call("HGETALL", KEYS[1])
if #member == 0 then return nil end
redis.call("DEL", KEYS[1])
redis.call("SREM", KEYS[2], ARGV[1])
redis.call("SREM", KEYS[3], ARGV[2])
return member`;

const date = (value: unknown) => new Date(value as string);

function teamOf(fields: Record<string, unknown> | null): AdapterTeam | null {
  if (!fields) return null;
  return { id: String(fields.id), organizationId: String(fields.organizationId), name: String(fields.name), createdAt: date(fields.createdAt) };
}

function teamMemberOf(fields: Record<string, unknown> | null): AdapterTeamMember | null {
  if (!fields) return null;
  return { teamId: String(fields.teamId), userId: String(fields.userId), createdAt: date(fields.createdAt) };
}

const present = <T>(value: T | null): value is T => value !== null;

/**
 * The team methods of the Redis adapter. `stored` holds the adapter's key of a user (for the
 * members' addresses and names).
 */
export function teamMethods(redis: Redis, prefix: string, stored: Pick<Keys, "user">): TeamAdapter {
  const prefixes = teamPrefixes(prefix);
  const keys = teamKeysFor(prefix);
  const organizations = organizationKeysFor(prefix);
  const hashes = hashesOf(redis);
  return {
    async createTeam(team) {
      const written = await redis.eval(
        createTeamScript, 4, keys.team(team.id), keys.teamName(team.organizationId, team.name), keys.organizationTeams(team.organizationId), organizations.organization(team.organizationId),
        team.id, JSON.stringify(jsonFields(team)),
      );
      return written === 1 ? { ...team } : null;
    },

    async getTeam(id) {
      return teamOf(parsedFields(await redis.hgetall(keys.team(id))));
    },

    async updateTeam(id, update) {
      return teamOf(parsedFields((await redis.eval(renameTeamScript, 1, keys.team(id), keys.teamName("", "").slice(0, -1), update.name)) as string[] | null));
    },

    async deleteTeam(id) {
      return teamOf(parsedFields((await redis.eval(deleteTeamScript, 0, id, ...prefixes)) as string[] | null));
    },

    async listTeams(organizationId) {
      const ids = await redis.smembers(keys.organizationTeams(organizationId));
      return (await hashes(ids.map(keys.team))).map(teamOf).filter(present);
    },

    async addTeamMember(member) {
      const written = await redis.eval(
        addTeamMemberScript, 4, keys.teamMember(member.teamId, member.userId), keys.teamMembers(member.teamId), keys.userTeams(member.userId), keys.team(member.teamId),
        member.userId, member.teamId, organizations.member("", "").slice(0, -1), JSON.stringify(jsonFields(member)),
      );
      return written === 1 ? { ...member } : null;
    },

    async removeTeamMember(teamId, userId) {
      const reply = (await redis.eval(removeTeamMemberScript, 3, keys.teamMember(teamId, userId), keys.teamMembers(teamId), keys.userTeams(userId), userId, teamId)) as string[] | null;
      return teamMemberOf(parsedFields(reply));
    },

    async listTeamMembers(teamId) {
      const userIds = await redis.smembers(keys.teamMembers(teamId));
      if (!userIds.length) return [];
      const [members, users] = await Promise.all([hashes(userIds.map((userId) => keys.teamMember(teamId, userId))), redis.mget(userIds.map(stored.user))]);
      return userIds.flatMap((_, index) => {
        const member = teamMemberOf(members[index] ?? null);
        if (!member) return [];
        return [{ ...member, ...contactOf(users[index]) }];
      });
    },

    async listUserTeams(userId) {
      const ids = await redis.smembers(keys.userTeams(userId));
      return (await hashes(ids.map(keys.team))).map(teamOf).filter(present);
    },
  };
}
