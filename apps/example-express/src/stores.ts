// stores.ts: what many instances of the example share, chosen by the environment (all optional):
// - DATABASE_URL: database sessions in PostgreSQL (@latch/pg), its tables migrated at start;
// - REDIS_URL: rate limits counted in Redis for every instance, and, with JWT sessions (no
//   DATABASE_URL), JWT revocation and the refresh lock in Redis too (@latch/redis);
// - AUTH_REVOCATION_CACHE_SECONDS (JWT sessions): how long an instance trusts its last revocation
//   check (default 30);
// - AUTH_SESSION_CACHE=1 (with both): session reads answered from Redis in front of PostgreSQL;
// - AUTH_TRUSTED_PROXIES: comma-separated addresses of the load balancer, whose X-Forwarded-For
//   names the client the rate limits count.
import type { Adapter, AdapterUser } from "@latch/core/adapters";
import type { ExpressAuthConfig } from "@latch/express";
import { RateLimit } from "@latch/core/rate-limit";
import { JwtRevocation } from "@latch/core/revocation";
import { PostgresAdapter, migrate } from "@latch/pg";
import { RedisRateLimitStore, RedisRefreshLock, RedisRevocationStore, withSessionCache } from "@latch/redis";
import { Redis } from "ioredis";
import pg from "pg";

/** What {@link sharedStores} chose. */
export interface SharedStores {
  /** Config fields to spread into the app's config (none without DATABASE_URL and REDIS_URL). */
  config: Pick<ExpressAuthConfig, "adapter" | "session" | "rateLimit">;
  /** The database adapter (behind the session cache when asked), or undefined without DATABASE_URL. */
  adapter: Adapter | undefined;
  /** Resolves once the database's tables are migrated (at once without DATABASE_URL). */
  ready: Promise<void>;
  /** The users-table row of a person the credentials provider accepted, created at first sign-in. */
  userRow(person: { id: string; name: string; email: string }): Promise<AdapterUser>;
}

/** The shared stores `env` names (DATABASE_URL, REDIS_URL, AUTH_SESSION_CACHE, AUTH_TRUSTED_PROXIES, AUTH_REVOCATION_CACHE_SECONDS). */
export function sharedStores(env: NodeJS.ProcessEnv): SharedStores {
  const config: SharedStores["config"] = {};
  const redis = env.REDIS_URL ? new Redis(env.REDIS_URL) : undefined;
  // A restart of Redis closes the connection; ioredis reconnects by itself. Logged, not thrown.
  redis?.on("error", (error: Error) => console.error(`redis: ${error.message}`));
  const pool = env.DATABASE_URL ? new pg.Pool({ connectionString: env.DATABASE_URL }) : undefined;
  // An idle connection dropped by a database restart is an error event, not a crash.
  pool?.on("error", (error: Error) => console.error(`postgres: ${error.message}`));
  let adapter: Adapter | undefined;
  if (pool) {
    const database = PostgresAdapter(pool);
    adapter = redis && /^(1|true|yes)$/i.test(env.AUTH_SESSION_CACHE ?? "") ? withSessionCache(database, { client: redis }) : database;
    config.adapter = adapter;
    config.session = { strategy: "database" };
  } else if (redis) {
    const cacheSeconds = env.AUTH_REVOCATION_CACHE_SECONDS ? Number(env.AUTH_REVOCATION_CACHE_SECONDS) : undefined;
    const revocation = JwtRevocation({ store: RedisRevocationStore(redis), ...(cacheSeconds !== undefined ? { cacheSeconds } : {}) });
    config.session = { strategy: "jwt", revocation, refreshLock: RedisRefreshLock(redis) };
  }
  if (redis) {
    const trustedProxies = (env.AUTH_TRUSTED_PROXIES ?? "").split(",").map((address) => address.trim()).filter(Boolean);
    config.rateLimit = RateLimit({ store: RedisRateLimitStore(redis), ...(trustedProxies.length ? { clientAddress: { trustedProxies } } : {}) });
  }
  return {
    config,
    adapter,
    ready: pool ? migrate(pool).then(() => undefined) : Promise.resolve(),
    async userRow(person) {
      const known = await adapter!.getUserByEmail!(person.email);
      return known ?? adapter!.createUser!({ ...person, id: crypto.randomUUID(), emailVerified: null });
    },
  };
}
