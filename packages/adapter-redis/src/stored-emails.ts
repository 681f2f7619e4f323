// Older data in the stored spelling (PROTOCOL §6 "Email identifier"): Redis has no migrations, so
// this one pass does what the SQL adapters' migration 9 does, and reports the same collisions.
import { canonicalEmail } from "@latch/core/adapters";
import type { Redis } from "ioredis";
import { decode, encode, type AdapterUser } from "./codec.js";
import { defaultPrefix, keysFor } from "./keys.js";

/** Users whose stored addresses are different spellings of one address, which this pass never merges. */
export interface EmailCollision {
  /** The address in its stored spelling (NFKC, trimmed, lower case). */
  email: string;
  /** The users that share it, each with its address as stored. */
  users: { id: string; email: string }[];
}

/** What {@link normalizeStoredEmails} did and what it left. */
export interface StoredEmailsReport {
  /** How many users it rewrote to the stored spelling (their record and their email index key). */
  rewritten: number;
  /** Users whose addresses are spellings of one address: left as they are, for the operator to resolve. */
  emailCollisions: EmailCollision[];
}

/** Every key that matches `pattern`, through SCAN (never KEYS, which blocks the server). */
async function scanKeys(redis: Redis, pattern: string): Promise<string[]> {
  const found: string[] = [];
  let cursor = "0";
  do {
    const [next, batch] = await redis.scan(cursor, "MATCH", pattern, "COUNT", 500);
    found.push(...batch);
    cursor = next;
  } while (cursor !== "0");
  return found;
}

/**
 * Brings users written before addresses were stored in one spelling (`Ada@Example.com`) to it
 * (`ada@example.com`): the user's record and its email index key. Users whose addresses are
 * spellings of one address are all left as they are and reported: which one is the person's
 * account is for the operator to decide. Run it once after upgrading, while the app is stopped
 * or quiet (an address claimed in between is reported, never taken); running it again rewrites
 * nothing more and reports what is still unresolved.
 *
 * @example
 * ```ts
 * import { normalizeStoredEmails } from "@latch/redis"
 * const { rewritten, emailCollisions } = await normalizeStoredEmails(redis, { prefix: "myapp:" })
 * if (emailCollisions.length) console.warn("Users share an address:", emailCollisions)
 * ```
 */
export async function normalizeStoredEmails(redis: Redis, options: { prefix?: string } = {}): Promise<StoredEmailsReport> {
  const keys = keysFor(options.prefix ?? defaultPrefix);
  const indexPrefix = keys.userByEmail("");
  const bySpelling = new Map<string, { id: string; email: string }[]>();
  for (const key of await scanKeys(redis, `${indexPrefix.replace(/[*?[\]\\]/g, "\\$&")}*`)) {
    const email = decodeURIComponent(key.slice(indexPrefix.length));
    const id = await redis.get(key);
    if (!email || id === null) continue;
    const spelling = canonicalEmail(email);
    bySpelling.set(spelling, [...(bySpelling.get(spelling) ?? []), { id, email }]);
  }
  let rewritten = 0;
  const emailCollisions: EmailCollision[] = [];
  for (const [spelling, users] of bySpelling) {
    if (users.length > 1) {
      emailCollisions.push({ email: spelling, users: users.sort((a, b) => (a.id < b.id ? -1 : 1)) });
      continue;
    }
    const [{ id, email }] = users as [{ id: string; email: string }];
    if (email === spelling) continue;
    const user = decode<AdapterUser>(await redis.get(keys.user(id)));
    if (!user || user.email !== email) continue;
    // Claimed in between by a new user: both stay, reported.
    if ((await redis.set(keys.userByEmail(spelling), id, "NX")) === null) {
      emailCollisions.push({ email: spelling, users: [{ id: (await redis.get(keys.userByEmail(spelling)))!, email: spelling }, { id, email }] });
      continue;
    }
    const results = await redis.multi().set(keys.user(id), encode({ ...user, email: spelling })).del(keys.userByEmail(email)).exec();
    if (results?.some(([error]) => error !== null)) throw new Error("normalizeStoredEmails: a Redis transaction failed");
    rewritten++;
  }
  emailCollisions.sort((a, b) => (a.email < b.email ? -1 : 1));
  return { rewritten, emailCollisions };
}
