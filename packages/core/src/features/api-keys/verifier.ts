/**
 * Verification of a presented API key, with the instance's cache: a key's row (or that there is
 * none) is read from the adapter once per cache period, its secret's SHA-256 compared with the
 * stored one in constant time, its expiry checked, its use counted against its limit and its
 * last-used time written at most once per interval.
 *
 * A fast hash is right here: the secret is 256 random bits, so there is nothing to guess that a
 * slow hash would protect, and a verification costs one SHA-256.
 */
import type { AdapterApiKey, OrganizationAdapter } from "../../adapter.js";
import { adapterHas, guardExtraMethods } from "../../config/adapter-guard.js";
import type { AuthContext } from "../../config/context.js";
import { sha256Hex, timingSafeEqual } from "../../crypto/index.js";
import { MemoryRateLimitStore } from "../../limits/memory-store.js";
import type { ApiKeySettings, VerifiedApiKey } from "../../types/api-key-options.js";
import type { RateLimitStore } from "../../types/rate-limit.js";
import { AccessDenied, AuthError } from "../../errors.js";
import { adminCode } from "../../symbols.js";
import { ApiKeyExpired, ApiKeyRateLimited, InvalidApiKey } from "./errors.js";
import { parseKey } from "./key.js";
import { keyStore } from "./store.js";

/** What a verification reads of the context (`admin`: whether the key's owner is banned, with `Admin()`). */
export type VerifyContext = Pick<AuthContext, "adapter" | "logger" | "rateLimit"> & Partial<Pick<AuthContext, "admin" | "organizations">>;

/** The verification of one `ApiKeys()` option, with its cache. */
export interface Verifier {
  /** The key `value` is, or throws `InvalidApiKey`, `ApiKeyExpired` or `ApiKeyRateLimited`. */
  verify(ctx: VerifyContext, value: string): Promise<VerifiedApiKey>;
  /** Drops what this instance keeps of key `id` (after it changed or was revoked here). */
  forget(id: string): void;
}

// A flood of made-up public ids cannot grow the cache past this; it starts again when full.
const cacheLimit = 10_000;
// Compared when there is no row, so that an unknown id costs what a wrong secret does.
const noHash = "0".repeat(64);

/** The key as a session sees it (`slug`: its organization's, for an organization's key). */
export function verifiedOf(row: AdapterApiKey, slug?: string): VerifiedApiKey {
  const owner = row.ownerType === "organization" ? { type: "organization" as const, id: row.ownerId, slug: slug! } : { type: "user" as const, id: row.ownerId };
  return Object.freeze({ id: row.id, name: row.name, owner: Object.freeze(owner), scopes: Object.freeze([...row.scopes]), expires: row.expires });
}

/**
 * The slug of the organization that owns the key, read with its row and kept as long; `null` when
 * the organization is gone (its keys with it) or organizations are off. A user's key reads nothing.
 */
async function organizationOf(ctx: VerifyContext, row: AdapterApiKey | null): Promise<string | null | undefined> {
  if (row?.ownerType !== "organization") return undefined;
  if (!ctx.organizations || !adapterHas(ctx.adapter, "getOrganization")) return null;
  const { getOrganization } = guardExtraMethods<Pick<OrganizationAdapter, "getOrganization">>(ctx.adapter!, ["getOrganization"]);
  return (await getOrganization(row.ownerId))?.slug ?? null;
}

/** A verifier for `settings`, keeping its own cache. */
export function createVerifier(settings: ApiKeySettings): Verifier {
  const cache = new Map<string, { row: AdapterApiKey | null; banned: boolean; slug?: string | null; until: number }>();
  const ownStore = new MemoryRateLimitStore();

  /** Whether a site administrator banned the owner (`Admin()`), read with the key's row and kept as long. */
  async function bannedOwner(ctx: VerifyContext, row: AdapterApiKey | null): Promise<boolean> {
    if (!row || !ctx.admin || row.ownerType !== "user") return false;
    try {
      await ctx.admin[adminCode].admit(ctx, row.ownerId);
      return false;
    } catch (error) {
      if (error instanceof AuthError && error.type === "UserBanned") return true;
      throw error;
    }
  }

  async function rowOf(ctx: VerifyContext, id: string, now: number): Promise<{ row: AdapterApiKey | null; banned: boolean; slug?: string | null }> {
    const cached = cache.get(id);
    if (cached && cached.until > now) return cached;
    const found = await keyStore(ctx).getApiKey(id);
    const row = found ? { ...found, scopes: [...found.scopes] } : null;
    const entry = { row, banned: await bannedOwner(ctx, row), slug: await organizationOf(ctx, row), until: now + settings.cacheSeconds * 1000 };
    if (settings.cacheSeconds > 0) {
      if (cache.size >= cacheLimit) cache.clear();
      cache.set(id, entry);
    }
    return entry;
  }

  async function count(ctx: VerifyContext, id: string): Promise<void> {
    const { limit } = settings;
    if (!limit) return;
    const store: RateLimitStore = ctx.rateLimit?.store ?? ownStore;
    const key = `${ctx.rateLimit?.keyPrefix ?? "latch:rl:"}api-key:${id}`;
    const { count: used } = await store.hit(key, limit.window * 1000);
    if (used > limit.max) throw new ApiKeyRateLimited(`This API key made more than ${limit.max} requests in ${limit.window} seconds; wait, then try again.`);
  }

  async function touch(ctx: VerifyContext, row: AdapterApiKey, now: number): Promise<void> {
    if (row.lastUsedAt && now - row.lastUsedAt.getTime() < settings.lastUsedInterval * 1000) return;
    // The cached row takes the time first: requests that come while the write runs do not write again.
    row.lastUsedAt = new Date(now);
    try {
      await keyStore(ctx).updateApiKey(row.id, { lastUsedAt: row.lastUsedAt });
    } catch (error) {
      ctx.logger.error("AdapterError", error as Error);
    }
  }

  return {
    async verify(ctx, value) {
      const now = Date.now();
      const parts = parseKey(settings.prefix, value);
      const { row, banned, slug } = parts ? await rowOf(ctx, parts.id, now) : { row: null, banned: false };
      const hash = await sha256Hex(parts?.secret ?? value);
      const same = timingSafeEqual(hash, row?.hash ?? noHash);
      // An organization's key ends with its organization: one that is gone answers as an unknown key.
      if (!row || !same || slug === null) throw new InvalidApiKey("The API key is not valid.");
      // Said only to a caller who holds the whole key.
      if (banned) throw new AccessDenied("A site administrator banned the owner of this API key.");
      if (row.expires && row.expires.getTime() <= now) throw new ApiKeyExpired("The API key expired; make a new one.");
      await count(ctx, row.id);
      await touch(ctx, row, now);
      return verifiedOf(row, slug);
    },
    forget(id) {
      cache.delete(id);
    },
  };
}
