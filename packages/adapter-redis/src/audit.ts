/*
 * The audit trail of AuditTrail() in Redis, append-only: one hash of every event (id → the event's
 * JSON) and sorted sets of event ids scored by the event's time in milliseconds: every event, each
 * user's (as actor or subject) and each organization's. Events of one instant sort by id (Redis
 * orders equal scores by member), so a page ends on (at, id) and the next one starts right after it.
 * With a retention, each append also finds (in the same MULTI) up to a batch of events older than
 * it, and removes them from the hash and every index: the trail never holds much more than the
 * retention's worth of events, and no separate job is needed.
 */
import type { AdapterAuditEvent, AdapterAuditQuery, AuditAdapter } from "@latch/core/adapters";
import type { Redis } from "ioredis";

/** The keys of the audit trail under `prefix`; ids are percent-encoded in key names. */
function auditKeysFor(prefix: string) {
  const part = encodeURIComponent;
  return {
    events: `${prefix}audit:events`,
    all: `${prefix}audit:all`,
    user: (id: string) => `${prefix}audit:user:${part(id)}`,
    organization: (id: string) => `${prefix}audit:organization:${part(id)}`,
  };
}

/**
 * One page, newest first, read in one script from the narrowest index: the events of the
 * cursor's instant whose id sorts below its id, then the older ones; with both filters, the user's
 * index is read and the organization checked on each event.
 * KEYS: the index, the events hash. ARGV: the cursor's milliseconds ("" for none), its id, the
 * limit, the organization to keep ("" for any).
 */
const listScript = `
local index, events = KEYS[1], KEYS[2]
local limit = tonumber(ARGV[3])
local found = {}
local function consider(id)
  local json = redis.call('HGET', events, id)
  if not json then return end
  if ARGV[4] ~= '' then
    local event = cjson.decode(json)
    if event.organizationId ~= ARGV[4] then return end
  end
  found[#found + 1] = json
end
local max = '+inf'
if ARGV[1] ~= '' then
  local tied = redis.call('ZRANGEBYSCORE', index, ARGV[1], ARGV[1])
  for i = #tied, 1, -1 do
    if #found >= limit then return found end
    if tied[i] < ARGV[2] then consider(tied[i]) end
  end
  max = '(' .. ARGV[1]
end
local offset = 0
while #found < limit do
  local ids = redis.call('ZREVRANGEBYSCORE', index, max, '-inf', 'LIMIT', offset, 100)
  if #ids == 0 then break end
  for _, id in ipairs(ids) do
    if #found >= limit then break end
    consider(id)
  end
  offset = offset + #ids
end
return found
`;

/** An event as read back: dates revived, absent fields `null`. */
function eventOf(json: string): AdapterAuditEvent {
  const stored = JSON.parse(json) as Record<string, unknown>;
  const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
  return {
    id: String(stored.id),
    at: new Date(String(stored.at)),
    action: String(stored.action),
    outcome: stored.outcome === "failure" ? "failure" : "success",
    actorUserId: text(stored.actorUserId),
    subjectUserId: text(stored.subjectUserId),
    organizationId: text(stored.organizationId),
    network: text(stored.network),
    userAgent: text(stored.userAgent),
    details: (stored.details as AdapterAuditEvent["details"] | undefined) ?? null,
  };
}

/** How many expired events one append removes at most. */
const purgeBatch = 100;

/** The indexes an event is listed in. */
function indexesOf(keys: ReturnType<typeof auditKeysFor>, event: Pick<AdapterAuditEvent, "actorUserId" | "subjectUserId" | "organizationId">): string[] {
  const indexes = [keys.all];
  for (const userId of new Set([event.actorUserId, event.subjectUserId])) if (userId) indexes.push(keys.user(userId));
  if (event.organizationId) indexes.push(keys.organization(event.organizationId));
  return indexes;
}

/** Throws when a `MULTI … EXEC` reports a failed command. */
function checked(results: [Error | null, unknown][] | null): [Error | null, unknown][] {
  if (results === null) throw new Error("Redis transaction was aborted");
  const failed = results.find(([error]) => error !== null);
  if (failed) throw failed[0];
  return results;
}

/**
 * The methods of {@link AuditAdapter} on `redis` under `prefix`; events older than `retentionMs`
 * (when given) are removed as new ones are appended.
 */
export function auditMethods(redis: Redis, prefix: string, retentionMs?: number): AuditAdapter {
  const keys = auditKeysFor(prefix);

  /** Removes the events `ids` (older than the retention) from the hash and from each of their indexes. */
  async function purge(ids: string[]): Promise<void> {
    const stored = await redis.hmget(keys.events, ...ids);
    const multi = redis.multi().hdel(keys.events, ...ids);
    ids.forEach((id, at) => {
      const json = stored[at];
      for (const index of json ? indexesOf(keys, eventOf(json)) : [keys.all]) multi.zrem(index, id);
    });
    checked(await multi.exec());
  }

  return {
    async appendAuditEvent(event) {
      const score = event.at.getTime();
      const json = JSON.stringify({ ...event, at: event.at.toISOString() });
      // One MULTI: the event and its indexes, or nothing; with a retention, the expired ids too.
      const multi = redis.multi().hset(keys.events, event.id, json);
      for (const index of indexesOf(keys, event)) multi.zadd(index, score, event.id);
      if (retentionMs !== undefined) multi.zrangebyscore(keys.all, "-inf", `(${Date.now() - retentionMs}`, "LIMIT", 0, purgeBatch);
      const results = checked(await multi.exec());
      const expired = retentionMs !== undefined ? (results.at(-1)![1] as string[]) : [];
      if (expired.length) await purge(expired);
    },

    async listAuditEvents({ userId, organizationId, before, limit }: AdapterAuditQuery) {
      const index = userId !== undefined ? keys.user(userId) : organizationId !== undefined ? keys.organization(organizationId) : keys.all;
      const organization = userId !== undefined && organizationId !== undefined ? organizationId : "";
      const found = (await redis.eval(listScript, 2, index, keys.events, before ? String(before.at.getTime()) : "", before?.id ?? "", String(Number(limit)), organization)) as string[];
      return found.map(eventOf);
    },
  };
}
