import type { RateLimitHit, RateLimitStore } from "../types/rate-limit.js";

interface Entry {
  count: number;
  expires: number;
}

/**
 * Counters in the memory of this process: the default store. Bounded: past `maxEntries` keys,
 * expired entries are dropped, then the oldest. Each instance of an app has its own counters; use
 * `RedisRateLimitStore` of `@latch/adapter-redis` to share them.
 *
 * @example
 * ```ts
 * import { RateLimit, MemoryRateLimitStore } from "@latch/core/rate-limit"
 * const rateLimit = RateLimit({ store: new MemoryRateLimitStore({ maxEntries: 50_000 }) })
 * ```
 */
export class MemoryRateLimitStore implements RateLimitStore {
  readonly #entries = new Map<string, Entry>();
  readonly #max: number;
  readonly #now: () => number;

  /** `maxEntries`: keys kept at most (default 10,000). `now`: the clock, in ms (tests pass their own). */
  constructor(options: { maxEntries?: number; now?: () => number } = {}) {
    this.#max = Math.max(1, options.maxEntries ?? 10_000);
    this.#now = options.now ?? Date.now;
  }

  /** How many keys are held (expired ones included until they are swept). */
  get size(): number {
    return this.#entries.size;
  }

  #live(key: string, now: number): Entry | undefined {
    const entry = this.#entries.get(key);
    if (entry && entry.expires <= now) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  #insert(key: string, entry: Entry, now: number): void {
    if (!this.#entries.has(key) && this.#entries.size >= this.#max) {
      for (const [k, e] of this.#entries) if (e.expires <= now) this.#entries.delete(k);
      // Still full: the oldest key goes (a Map iterates in insertion order).
      while (this.#entries.size >= this.#max) this.#entries.delete(this.#entries.keys().next().value!);
    }
    this.#entries.set(key, entry);
  }

  async hit(key: string, ttl: number): Promise<RateLimitHit> {
    const now = this.#now();
    let entry = this.#live(key, now);
    if (entry) entry.count++;
    else this.#insert(key, (entry = { count: 1, expires: now + ttl }), now);
    return { count: entry.count, ttl: Math.max(1, entry.expires - now) };
  }

  async get(key: string): Promise<RateLimitHit | null> {
    const now = this.#now();
    const entry = this.#live(key, now);
    return entry ? { count: entry.count, ttl: Math.max(1, entry.expires - now) } : null;
  }

  async set(key: string, count: number, ttl: number): Promise<void> {
    const now = this.#now();
    this.#entries.delete(key);
    this.#insert(key, { count, expires: now + ttl }, now);
  }

  async delete(key: string): Promise<void> {
    this.#entries.delete(key);
  }
}
