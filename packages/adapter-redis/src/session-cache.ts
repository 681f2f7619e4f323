/**
 * A read-through cache of database sessions in Redis, in front of any adapter.
 *
 * Why generations and not a set of cached keys per user: a cached entry is valid only while the
 * generation it was filled under is still current. Three generations are checked by the one
 * script of every cached read: the user's (`sc:user:<id>`), a global epoch (`sc:epoch`), and, at
 * fill time only, a write counter (`sc:writes`). A write names what it touched when the wrapper
 * knows the method: a session token (its entry is deleted) or a user (its generation is replaced,
 * which ends every cached session of that user at once, without listing them). A method the
 * wrapper does not know (an adapter grows: bans, session listing, an organization column)
 * replaces the epoch, which ends every cached session: coarse, but it cannot leave one stale.
 * Generations are random values, never counters, and an absent generation never matches: an
 * evicted generation key cannot bring an old entry back to life, it only costs a refill.
 *
 * A fill races the writes that happen while it reads the database: the miss reads the write
 * counter first, every invalidation replaces it, and the fill is written only if it is unchanged;
 * a fill that saw data from before a write is dropped or carries a generation that write replaced.
 *
 * Redis unreachable: reads fall back to the adapter (counted, never an error). A failed
 * invalidation leaves the write done (the database has it) and marks this instance "unsynced",
 * as does the client's connection closing: it then bypasses the cache until it has replaced the
 * epoch, so every entry older than the outage is dead before any instance reads one again that
 * saw the outage too. Left open: an instance that failed an invalidation and died before Redis
 * was back, while another instance kept its connection throughout (a partition of one
 * instance): that entry lives until its `ttl` at most.
 */
import { randomBytes } from "node:crypto";
import type { Adapter, AdapterSession, AdapterUser } from "@latch/core/adapters";
import type { Redis } from "ioredis";
import { tokenDigest } from "./digest.js";
import { defaultPrefix } from "./keys.js";

/** Options of {@link withSessionCache}. */
export interface SessionCacheOptions {
  /** The Redis client (`ioredis`). It may be the one other `@latch/redis` stores use. */
  client: Redis;
  /** Prepended to every key. Default `latch:`; keys then start with `latch:sc:`. */
  prefix?: string;
  /** Seconds a cached session lives at most (never past the session's `expires`). Default 300. */
  ttl?: number;
  /** Milliseconds a Redis command may take before the read goes to the database instead. Default 250. */
  timeout?: number;
  /** Called with each Redis failure the cache absorbed (for logs and metrics); never with a token. */
  onError?(error: unknown): void;
}

/** Counters of a {@link withSessionCache} wrapper, since it was made. */
export interface SessionCacheStats {
  /** Session reads answered from Redis. */
  hits: number;
  /** Session reads Redis did not have (or had stale): read from the adapter. */
  misses: number;
  /** Session reads that went to the adapter because Redis failed, timed out or was unsynced. */
  fallbacks: number;
  /** Entries written after a miss. */
  fills: number;
  /** Invalidations that failed; each leaves the instance unsynced until the epoch is replaced. */
  failedInvalidations: number;
}

/** What {@link withSessionCache} returns: the adapter, plus the cache's counters. */
export type SessionCachedAdapter<A extends Adapter> = A & {
  /** The cache's counters (live). */
  readonly sessionCacheStats: SessionCacheStats;
};

/**
 * The read: a valid entry as `{1, json}`, else `{0, writes}` (the write counter, made when absent).
 * KEYS: entry, epoch, writes. ARGV[1]: the prefix of user generation keys; ARGV[2]: a fresh value.
 */
const readScript = `
local entry = redis.call("HMGET", KEYS[1], "u", "g", "e", "v")
if entry[4] then
  local g = redis.call("GET", ARGV[1] .. entry[1])
  local e = redis.call("GET", KEYS[2])
  if g and e and g == entry[2] and e == entry[3] then return { 1, entry[4] } end
end
local w = redis.call("GET", KEYS[3])
if not w then
  w = ARGV[2]
  redis.call("SET", KEYS[3], w)
end
return { 0, w }`;

/**
 * The fill, only while the write counter is what the miss read. KEYS: entry, epoch, writes, user
 * generation. ARGV: the counter read, the encoded user id, the JSON, the entry's expiry (epoch ms),
 * a fresh value, another, the generation's lifetime (ms). Returns 1 when written.
 */
const fillScript = `
if redis.call("GET", KEYS[3]) ~= ARGV[1] then return 0 end
local g = redis.call("GET", KEYS[4])
if not g then
  g = ARGV[5]
  redis.call("SET", KEYS[4], g, "PX", ARGV[7])
else
  redis.call("PEXPIRE", KEYS[4], ARGV[7])
end
local e = redis.call("GET", KEYS[2])
if not e then
  e = ARGV[6]
  redis.call("SET", KEYS[2], e)
end
redis.call("HSET", KEYS[1], "u", ARGV[2], "g", g, "e", e, "v", ARGV[3])
redis.call("PEXPIREAT", KEYS[1], ARGV[4])
return 1`;

/** Methods that only read: they pass through and invalidate nothing. */
const reads = new Set([
  "getUser", "getUserByEmail", "getUserByAccount", "getAccount", "getAuthenticator", "listAuthenticatorsByUserId",
  "listSessions", "getPassword", "listSecondFactors", "listSigningKeys", "getAccountByUserId", "listAccountsByUserId",
  "getApiKey", "listApiKeys",
]);

/** Writes of records no cached session contains (new rows, tokens, keys, counters). */
const untouched = new Set([
  "createUser", "createSession", "createVerificationToken", "useVerificationToken", "createAuthenticator",
  "updateAuthenticatorCounter", "createSigningKey", "leaseAccount", "createApiKey", "updateApiKey", "deleteApiKey",
  "useTotpStep", "countSecondFactorAttempt",
]);

/** What a known write touched: a session token, a user, or (`undefined`) not known → everything. */
type Touched = { token: string } | { user: string } | null | undefined;

const userIdOf = (value: unknown): Touched => {
  const id = (value as { userId?: unknown } | null | undefined)?.userId;
  return typeof id === "string" ? { user: id } : undefined;
};

/** Known writes: what they touched, from their arguments and (when it names it) their result. */
const writes: Record<string, (args: unknown[], result: unknown, failed: boolean) => Touched> = {
  updateSession: (args) => ({ token: (args[0] as { sessionToken: string }).sessionToken }),
  deleteSession: (args) => ({ token: args[0] as string }),
  updateUser: (args) => ({ user: (args[0] as { id: string }).id }),
  deleteUser: (args) => ({ user: args[0] as string }),
  linkAccount: (args) => userIdOf(args[0]),
  setPassword: (args) => userIdOf(args[0]),
  deleteSessions: (args) => ({ user: args[0] as string }),
  deleteSessionById: (args) => ({ user: args[0] as string }),
  replacePasswordHash: (args) => ({ user: args[0] as string }),
  deletePassword: (args) => ({ user: args[0] as string }),
  replaceSecondFactors: (args) => ({ user: args[0] as string }),
  // Named by the row they return; `null` means nothing was written.
  unlinkAccount: (_args, result, failed) => (!failed && result == null ? undefined : userIdOf(result)),
  releaseAccount: (_args, result, failed) => (!failed && result === null ? null : userIdOf(result)),
  deleteAuthenticator: (_args, result, failed) => (!failed && result === null ? null : userIdOf(result)),
  deleteSecondFactor: (_args, result, failed) => (!failed && result === null ? null : userIdOf(result)),
  confirmSecondFactor: (_args, result, failed) => (!failed && result === null ? null : userIdOf(result)),
};

const dateTag = "$latch:date";

/**
 * JSON of a session and its user, each `Date` tagged so that it comes back a `Date`. The session's
 * token is left out: the reader has it already.
 */
function encodeEntry(found: { session: AdapterSession; user: AdapterUser }): string {
  const { sessionToken: _token, ...session } = found.session;
  return JSON.stringify({ session, user: found.user }, function (this: Record<string, unknown>, key, value) {
    const raw = this[key];
    return raw instanceof Date ? { [dateTag]: raw.toISOString() } : value;
  });
}

/** A cached session and its user, the session given back the token it was read with. */
function decodeEntry(json: string, sessionToken: string): { session: AdapterSession; user: AdapterUser } {
  const found = JSON.parse(json, (_key, value) =>
    value !== null && typeof value === "object" && typeof value[dateTag] === "string" && Object.keys(value).length === 1 ? new Date(value[dateTag]) : value,
  ) as { session: AdapterSession; user: AdapterUser };
  return { session: { ...found.session, sessionToken }, user: found.user };
}

class Timeout extends Error {
  override name = "TimeoutError";
}

/**
 * Wraps a database adapter (for example `@latch/pg`'s) so that `getSessionAndUser` is answered
 * from Redis when it can: a miss reads the adapter once and fills the entry; every write that
 * touches a session or a user ends the cached sessions it concerns at once, on every instance; a
 * method the wrapper does not know ends them all. Entries live `ttl` seconds at most and never past
 * the session's `expires`; their keys hold the SHA-256 of the token, never the token. Eviction
 * and an unreachable Redis only cost database reads: no one is signed out, no request fails.
 *
 * @example
 * ```ts
 * import { Redis } from "ioredis"
 * import { Pool } from "pg"
 * import { PostgresAdapter } from "@latch/pg"
 * import { withSessionCache } from "@latch/redis"
 *
 * const adapter = withSessionCache(PostgresAdapter(new Pool()), { client: new Redis(process.env.REDIS_URL!), ttl: 300 })
 * export const config = { adapter, session: { strategy: "database" as const }, providers: [] }
 * ```
 */
export function withSessionCache<A extends Adapter>(adapter: A, options: SessionCacheOptions): SessionCachedAdapter<A> {
  const { client, onError } = options;
  const prefix = `${options.prefix ?? defaultPrefix}sc:`;
  const ttl = Math.max(1, Math.floor((options.ttl ?? 300) * 1000));
  const timeout = options.timeout ?? 250;
  const epochKey = `${prefix}epoch`;
  const writesKey = `${prefix}writes`;
  const userKeyPrefix = `${prefix}user:`;
  const entryKey = (token: string) => `${prefix}session:${tokenDigest(token)}`;
  const userKey = (userId: string) => userKeyPrefix + encodeURIComponent(userId);
  const fresh = () => randomBytes(12).toString("base64url");
  const stats: SessionCacheStats = { hits: 0, misses: 0, fallbacks: 0, fills: 0, failedInvalidations: 0 };

  // Unsynced: an invalidation may have been lost. The cache is bypassed until the epoch is replaced.
  let unsynced = false;
  client.on("close", () => {
    unsynced = true;
  });

  /** Whether a command may be sent now: a client reconnecting is answered by the database at once. */
  const reachable = () => client.status === "ready" || client.status === "wait";

  async function command<T>(run: () => Promise<T>): Promise<T> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      return await Promise.race([
        run(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Timeout(`Redis did not answer within ${timeout} ms`)), timeout);
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  function failed(error: unknown): void {
    unsynced = true;
    onError?.(error);
  }

  /** Replaces the epoch after an outage; `true` once the cache may be used again. */
  async function resync(): Promise<boolean> {
    if (!unsynced) return true;
    if (!reachable()) return false;
    try {
      const results = await command(() => client.multi().set(epochKey, fresh()).set(writesKey, fresh()).exec());
      if (!results || results.some(([error]) => error)) throw results?.find(([error]) => error)?.[0] ?? new Error("Redis transaction was aborted");
      unsynced = false;
      return true;
    } catch (error) {
      failed(error);
      return false;
    }
  }

  async function invalidate(touched: Touched): Promise<void> {
    if (touched === null) return;
    try {
      if (!reachable()) throw new Error(`Redis is ${client.status}`);
      const transaction = client.multi().set(writesKey, fresh());
      if (touched === undefined) transaction.set(epochKey, fresh());
      else if ("token" in touched) transaction.del(entryKey(touched.token));
      else transaction.set(userKey(touched.user), fresh(), "PX", ttl);
      const results = await command(() => transaction.exec());
      if (!results || results.some(([error]) => error)) throw results?.find(([error]) => error)?.[0] ?? new Error("Redis transaction was aborted");
    } catch (error) {
      stats.failedInvalidations++;
      failed(error);
    }
  }

  const inner = adapter.getSessionAndUser?.bind(adapter);

  async function getSessionAndUser(sessionToken: string): Promise<{ session: AdapterSession; user: AdapterUser } | null> {
    const key = entryKey(sessionToken);
    // The write counter the miss saw: a fill is written only while it is unchanged.
    let writesSeen: string | null = null;
    let answered = false;
    if (reachable() && (await resync())) {
      try {
        const [hit, value] = (await command(() => client.eval(readScript, 3, key, epochKey, writesKey, userKeyPrefix, fresh()))) as [number, string];
        answered = true;
        if (hit === 1) {
          const found = decodeEntry(value, sessionToken);
          // An entry never outlives its session, but a clock ahead of Redis's is not trusted either.
          if (new Date(found.session.expires).valueOf() > Date.now()) {
            stats.hits++;
            return found;
          }
        } else {
          writesSeen = value;
        }
      } catch (error) {
        failed(error);
      }
    }
    if (answered) stats.misses++;
    else stats.fallbacks++;
    const found = await inner!(sessionToken);
    if (!found || writesSeen === null) return found;
    const expireAt = Math.min(Date.now() + ttl, new Date(found.session.expires).valueOf());
    if (expireAt <= Date.now()) return found;
    try {
      const written = await command(() =>
        client.eval(fillScript, 4, key, epochKey, writesKey, userKey(found.user.id), writesSeen, encodeURIComponent(found.user.id), encodeEntry(found), expireAt, fresh(), fresh(), ttl),
      );
      if (written === 1) stats.fills++;
    } catch (error) {
      failed(error);
    }
    return found;
  }

  const wrapped = new Map<PropertyKey, unknown>();
  function get(property: PropertyKey): unknown {
    if (property === "sessionCacheStats") return stats;
    const value = Reflect.get(adapter, property);
    if (typeof value !== "function" || typeof property !== "string") return value;
    if (property === "getSessionAndUser") return getSessionAndUser;
    let method = wrapped.get(property);
    if (!method && (reads.has(property) || untouched.has(property))) {
      method = value.bind(adapter);
      wrapped.set(property, method);
    } else if (!method) {
      const touchedBy = writes[property] ?? (() => undefined);
      method = async (...args: unknown[]) => {
        let result: unknown;
        let threw = false;
        try {
          result = await (value as (...a: unknown[]) => unknown).apply(adapter, args);
          return result;
        } catch (error) {
          threw = true;
          throw error;
        } finally {
          // After the database has it: a read that fills from now on sees the write.
          await invalidate(touchedBy(args, result, threw));
        }
      };
      wrapped.set(property, method);
    }
    return method;
  }
  // The target is an empty object, never the adapter: a frozen adapter's methods could not be
  // answered with their wrappers (a proxy must return a frozen property as it is).
  return new Proxy({} as A, {
    get: (_target, property) => get(property),
    has: (_target, property) => property === "sessionCacheStats" || Reflect.has(adapter, property),
    ownKeys: () => Reflect.ownKeys(adapter),
    getOwnPropertyDescriptor(_target, property) {
      const own = Reflect.getOwnPropertyDescriptor(adapter, property);
      return own && { value: get(property), writable: false, enumerable: own.enumerable ?? true, configurable: true };
    },
  }) as SessionCachedAdapter<A>;
}
