/**
 * The provider's storage in Redis, through an `ioredis` client: each model is a hash whose expiry
 * is the model's, the models of one grant are listed in a set (for `revokeByGrantId`), the grants
 * of one account in another (for the grants page), user codes and session uids point at their
 * model. Token ids and user codes are in key names only as their
 * SHA-256; the ids found by another key are kept sealed, as `@latch/oidc-provider/pg` keeps them.
 *
 * @example
 * ```ts
 * import { Redis } from "ioredis"
 * import { redisStorage } from "@latch/oidc-provider/redis"
 *
 * const redis = new Redis(process.env.REDIS_URL!)
 * const storage = redisStorage(redis, { prefix: "myapp:oauth:" }) // OAuthProvider({ …, storage })
 * ```
 * @module @latch/oidc-provider/redis
 */
import type { Redis } from "ioredis";
import type { Adapter, AdapterPayload } from "oidc-provider";
import type { AdapterFactory, StorageFactory } from "./index.js";
import { digest, listedGrant, restoredPayload, sealingKey, storedPayload } from "./sealing.js";

/** Options of {@link redisStorage}. */
export interface RedisStorageOptions {
  /** Put before every key the store writes. Default `"latch:oauth:"`. */
  readonly prefix?: string;
}

/**
 * Writes a model (KEYS[1]) with its expiry (ARGV[2] seconds, 0 for none), its user-code and uid
 * pointers (KEYS[2], KEYS[3], "" when none), its place in its grant's set (KEYS[4], "" when none)
 * and, for a grant, its place in its account's set of grants (KEYS[5] holding ARGV[3], "" when
 * none). Each set lives as long as its longest-lived member. A model consumed stays consumed.
 * All at once, so no reader sees half.
 */
const upsertScript = `
local consumed = redis.call('hget', KEYS[1], 'consumed')
redis.call('del', KEYS[1])
redis.call('hset', KEYS[1], 'payload', ARGV[1])
if consumed then redis.call('hset', KEYS[1], 'consumed', consumed) end
local ttl = tonumber(ARGV[2])
if ttl > 0 then redis.call('expire', KEYS[1], ttl) end
for i = 2, 3 do
  if KEYS[i] ~= '' then
    if ttl > 0 then redis.call('set', KEYS[i], ARGV[3], 'EX', ttl) else redis.call('set', KEYS[i], ARGV[3]) end
  end
end
local function keep(set, member)
  local fresh = redis.call('exists', set) == 0
  redis.call('sadd', set, member)
  local left = redis.call('ttl', set)
  if ttl == 0 then redis.call('persist', set)
  elseif fresh or (left >= 0 and left < ttl) then redis.call('expire', set, ttl) end
end
if KEYS[4] ~= '' then keep(KEYS[4], KEYS[1]) end
if KEYS[5] ~= '' then keep(KEYS[5], ARGV[3]) end
return 1`;

/** Marks a model consumed (ARGV[1], seconds) if it is still there, keeping its expiry. */
const consumeScript = `
if redis.call('exists', KEYS[1]) == 1 then redis.call('hsetnx', KEYS[1], 'consumed', ARGV[1]) end
return 1`;

/** Deletes every model of a grant, and the grant's set. */
const revokeScript = `
local members = redis.call('smembers', KEYS[1])
for _, key in ipairs(members) do redis.call('del', key) end
redis.call('del', KEYS[1])
return #members`;

/**
 * The hashed ids of an account's grants (KEYS[1]) whose grant (under ARGV[1], then the hashed id)
 * is still there; the others (expired or destroyed) are taken out of the set.
 */
const listScript = `
local live = {}
for _, hashedId in ipairs(redis.call('smembers', KEYS[1])) do
  if redis.call('exists', ARGV[1] .. hashedId) == 1 then table.insert(live, hashedId) else redis.call('srem', KEYS[1], hashedId) end
end
return live`;

/**
 * The provider's storage in Redis: pass it as `storage` of `OAuthProvider`. Redis expires the
 * models itself; consuming a code is one atomic step, so a code is taken once across instances.
 */
export function redisStorage(redis: Redis, options: RedisStorageOptions = {}): StorageFactory {
  const prefix = options.prefix ?? "latch:oauth:";
  return ({ secret }) => {
    const key = sealingKey(secret);

    const grantKey = (hashedId: string) => `${prefix}m:Grant:${hashedId}`;
    const accountGrants = (accountId: string) => `${prefix}a:${digest(accountId)}`;

    return class RedisModels implements Adapter {
      /** The live grants of `accountId` (sealed; a grant stored before it was sealed is not listed). */
      static async grantsOf(accountId: string): Promise<AdapterPayload[]> {
        const hashedIds = (await redis.eval(listScript, 1, accountGrants(accountId), grantKey(""))) as string[];
        const grants = await Promise.all(hashedIds.map((hashedId) => redis.hget(grantKey(hashedId), "payload")));
        return grants.flatMap((payload) => {
          const listed = payload ? listedGrant(key, JSON.parse(payload) as AdapterPayload) : undefined;
          return listed?.accountId === accountId ? [listed] : [];
        });
      }

      constructor(readonly kind: string) {}

      #model(hashedId: string) {
        return `${prefix}m:${this.kind}:${hashedId}`;
      }
      #userCode(userCode: string) {
        return `${prefix}uc:${this.kind}:${digest(userCode)}`;
      }
      #uid(uid: string) {
        return `${prefix}uid:${this.kind}:${digest(uid)}`;
      }

      async #read(hashedId: string | null, id: string | undefined): Promise<AdapterPayload | undefined> {
        if (!hashedId) return undefined;
        const { payload, consumed } = await redis.hgetall(this.#model(hashedId));
        if (!payload) return undefined;
        return restoredPayload(key, JSON.parse(payload) as AdapterPayload, id, consumed ? Number(consumed) : undefined);
      }

      async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
        const hashedId = digest(id);
        const account = this.kind === "Grant" && typeof payload.accountId === "string" ? accountGrants(payload.accountId) : "";
        const keys = [this.#model(hashedId), payload.userCode ? this.#userCode(payload.userCode) : "", payload.uid ? this.#uid(payload.uid) : "", payload.grantId ? `${prefix}g:${payload.grantId}` : "", account];
        const ttl = expiresIn > 0 ? Math.ceil(expiresIn) : 0;
        await redis.eval(upsertScript, keys.length, ...keys, JSON.stringify(storedPayload(key, this.kind, payload)), ttl, hashedId);
      }

      async find(id: string): Promise<AdapterPayload | undefined> {
        return this.#read(digest(id), id);
      }

      async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
        return this.#read(await redis.get(this.#userCode(userCode)), undefined);
      }

      async findByUid(uid: string): Promise<AdapterPayload | undefined> {
        return this.#read(await redis.get(this.#uid(uid)), undefined);
      }

      async consume(id: string): Promise<void> {
        await redis.eval(consumeScript, 1, this.#model(digest(id)), Math.floor(Date.now() / 1000));
      }

      async destroy(id: string): Promise<void> {
        const hashedId = digest(id);
        const model = this.#model(hashedId);
        const payload = this.kind === "Grant" ? await redis.hget(model, "payload") : null;
        const accountId = payload ? (JSON.parse(payload) as AdapterPayload).accountId : undefined;
        if (typeof accountId === "string") await redis.multi().del(model).srem(accountGrants(accountId), hashedId).exec();
        else await redis.del(model);
      }

      async revokeByGrantId(grantId: string): Promise<void> {
        await redis.eval(revokeScript, 1, `${prefix}g:${grantId}`);
      }
    } satisfies AdapterFactory;
  };
}
