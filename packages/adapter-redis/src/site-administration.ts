// The site roles and bans of Admin() (AdminAdapter) in Redis, and the index of users that lists
// them. A standing is a hash per user, each field JSON. Users are records under their own keys,
// which Redis cannot list in order: a sorted set, `<prefix>users`, holds one member per user
// (its address, a NUL, its id; every score 0), so that the users come in the order of their
// addresses then ids, and a page without a search is one ZRANGE by rank and one read of its
// users. The adapter writes it with the user; `indexStoredUsers` adds users stored before it.
import type { AdapterAdminUser, AdapterUser, AdapterUserStanding, AdminAdapter } from "@latch/core/adapters";
import type { Redis } from "ioredis";
import { decode } from "./codec.js";
import { defaultPrefix, keysFor, type Keys } from "./keys.js";
import { jsonFields, parsedFields } from "./organizations.js";

/** The keys of site administration under the adapter's prefix. */
export interface StandingKeys {
  /** Hash of a user's site role and ban, each field JSON. */
  userStanding(userId: string): string;
  /** Sorted set of every user: `<address>\0<id>`, score 0. */
  users(): string;
}

/** The keys of site administration under `prefix`. */
export function standingKeysFor(prefix: string): StandingKeys {
  return {
    userStanding: (userId) => `${prefix}user-standing:${encodeURIComponent(userId)}`,
    users: () => `${prefix}users`,
  };
}

/** A user's member of the users index: the address (`""` without one), a NUL, the id. */
export const userIndexMember = (user: Pick<AdapterUser, "id" | "email">): string => `${user.email ?? ""}\u0000${user.id}`;

const none: AdapterUserStanding = { role: null, banned: false, banReason: null, banExpires: null };

/** A standing hash; a user without one has no role and no ban. */
function standingOf(fields: Record<string, unknown> | null): AdapterUserStanding {
  if (!fields) return { ...none };
  return {
    role: (fields.role as string | null | undefined) ?? null,
    banned: fields.banned === true,
    banReason: (fields.banReason as string | null | undefined) ?? null,
    banExpires: typeof fields.banExpires === "string" ? new Date(fields.banExpires) : null,
  };
}

/**
 * KEYS: the user, the standing; ARGV: field, value, … Sets them only while the user exists;
 * returns the standing's hash (empty for a user without one), or `nil` for no such user.
 */
const updateStandingScript = `
if redis.call("EXISTS", KEYS[1]) == 0 then return nil end
if #ARGV > 0 then redis.call("HSET", KEYS[2], unpack(ARGV)) end
return redis.call("HGETALL", KEYS[2])`;

/** Users read at once while a search goes through the index. */
const batch = 500;

/**
 * The site-administration methods of the Redis adapter. A page without a search reads one range
 * of the index; a search reads every user (the index in batches of {@link batch}, each with one
 * MGET of the users), since Redis has no index of the text inside addresses and names: its cost
 * grows with the number of users.
 */
export function adminMethods(redis: Redis, prefix: string, stored: Pick<Keys, "user">): AdminAdapter {
  const keys = standingKeysFor(prefix);
  const idOf = (member: string) => member.slice(member.indexOf("\u0000") + 1);

  /** The users of these ids with their standings, in order; users gone in between are left out. */
  async function withStandings(ids: string[]): Promise<AdapterAdminUser[]> {
    if (!ids.length) return [];
    const pipeline = redis.pipeline().mget(ids.map(stored.user));
    for (const id of ids) pipeline.hgetall(keys.userStanding(id));
    const replies = (await pipeline.exec()) ?? [];
    const failed = replies.find(([error]) => error !== null);
    if (failed) throw failed[0];
    const users = replies[0]![1] as (string | null)[];
    return ids.flatMap((_, index) => {
      const user = decode<AdapterUser>(users[index] ?? null);
      return user ? [{ user, standing: standingOf(parsedFields(replies[index + 1]![1] as Record<string, string>)) }] : [];
    });
  }

  return {
    async listUsers({ search, offset, limit }) {
      const start = Math.max(0, Number(offset));
      const count = Math.max(0, Number(limit));
      if (!search) {
        const [total, members] = await Promise.all([redis.zcard(keys.users()), count ? redis.zrange(keys.users(), start, start + count - 1) : Promise.resolve([])]);
        return { users: await withStandings(members.map(idOf)), total };
      }
      const text = search.toLowerCase();
      const holds = (value: unknown) => typeof value === "string" && value.toLowerCase().includes(text);
      const matching: string[] = [];
      for (let from = 0; ; from += batch) {
        const members = await redis.zrange(keys.users(), from, from + batch - 1);
        if (!members.length) break;
        const ids = members.map(idOf);
        const users = await redis.mget(ids.map(stored.user));
        users.forEach((json, index) => {
          const user = decode<AdapterUser>(json ?? null);
          if (user && (holds(user.email) || holds(user.name))) matching.push(ids[index]!);
        });
        if (members.length < batch) break;
      }
      return { users: await withStandings(matching.slice(start, start + count)), total: matching.length };
    },

    async getUserStanding(userId) {
      const [[userError, exists], [standingError, fields]] = (await redis.pipeline().exists(stored.user(userId)).hgetall(keys.userStanding(userId)).exec()) as [[Error | null, number], [Error | null, Record<string, string>]];
      if (userError || standingError) throw userError ?? standingError;
      return exists ? standingOf(parsedFields(fields)) : null;
    },

    async updateUserStanding(userId, update) {
      const { role, banned, banReason, banExpires } = update;
      const fields = Object.entries(jsonFields({ role, banned, banReason, banExpires })).flat();
      const reply = (await redis.eval(updateStandingScript, 2, stored.user(userId), keys.userStanding(userId), ...fields)) as string[] | null;
      return reply === null ? null : standingOf(parsedFields(reply));
    },
  };
}

/**
 * Adds the users stored before the users index existed (an older `@latch/redis`) to it, so that
 * `Admin()` lists them: one pass over the user keys through SCAN (never KEYS), safe to run again
 * and while the app runs. Returns how many users it added.
 *
 * @example
 * ```ts
 * import { indexStoredUsers } from "@latch/redis"
 * const added = await indexStoredUsers(redis, { prefix: "myapp:" })
 * ```
 */
export async function indexStoredUsers(redis: Redis, options: { prefix?: string } = {}): Promise<number> {
  const prefix = options.prefix ?? defaultPrefix;
  const userKeyPrefix = keysFor(prefix).user("");
  const index = standingKeysFor(prefix).users();
  let added = 0;
  let cursor = "0";
  do {
    const [next, found] = await redis.scan(cursor, "MATCH", `${userKeyPrefix.replace(/[*?[\]\\]/g, "\\$&")}*`, "COUNT", 500);
    cursor = next;
    // A user's key is the prefix and the encoded id, which holds no ":" (the user's other keys do).
    const userKeys = found.filter((key) => !key.slice(userKeyPrefix.length).includes(":"));
    if (!userKeys.length) continue;
    const users = (await redis.mget(userKeys)).map((json) => decode<AdapterUser>(json ?? null)).filter((user): user is AdapterUser => user !== null);
    if (users.length) added += await redis.zadd(index, ...users.flatMap((user) => [0, userIndexMember(user)]));
  } while (cursor !== "0");
  return added;
}
