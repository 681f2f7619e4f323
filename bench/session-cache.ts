/**
 * Database session reads (`GET /session`, `strategy: "database"`) through `@latch/pg` on the real
 * PostgreSQL (127.0.0.1:5432, database `test`), without and with `withSessionCache` on the real
 * Redis (127.0.0.1:6379), measured side by side in the same rounds: the time per read and the
 * database statements per read. Skipped, with the reason, when either server does not answer.
 */
import { randomUUID } from "node:crypto";
import { Auth, type AuthConfig } from "@latch/core";
import type { Adapter } from "@latch/core/adapters";
import Credentials from "@latch/core/providers/credentials";
import { migrate, PostgresAdapter } from "@latch/pg";
import { withSessionCache } from "@latch/redis";
import { Redis } from "ioredis";
import pg from "pg";
import { get, secret, sessionCookie, user } from "./fixtures.js";
import { measure, report } from "./measure.js";

const names = {
  uncached: "GET /session, database, @latch/pg (PostgreSQL)",
  cached: "GET /session, database, @latch/pg + withSessionCache (Redis)",
};

function config(adapter: Adapter): AuthConfig {
  // updateAge = maxAge: no read moves the expiry, so every read is the read alone.
  return { secret, trustHost: true, adapter, session: { strategy: "database", maxAge: 3600, updateAge: 3600 }, providers: [Credentials({ authorize: () => null })] };
}

export async function sessionCacheBench(): Promise<void> {
  const schema = `latch_bench_${randomUUID().slice(0, 8)}`;
  const pool = new pg.Pool({ host: "127.0.0.1", port: 5432, user: process.env.PGUSER ?? "postgres", database: "test", max: 4, options: `-c search_path=${schema}` });
  const redis = new Redis({ host: "127.0.0.1", port: 6379, lazyConnect: true, maxRetriesPerRequest: 0 });
  redis.on("error", () => {});
  try {
    await pool.query("SELECT 1");
    await redis.connect();
  } catch (error) {
    console.log(`\nLatch: database session reads with and without the session cache: skipped (${(error as Error).message})`);
    redis.disconnect();
    await pool.end();
    return;
  }
  const prefix = `latch-bench-${randomUUID().slice(0, 8)}:`;
  let statements = 0;
  const counted = { query: (sql: string, params?: unknown[]) => (statements++, pool.query(sql, params)) };
  try {
    await pool.query(`CREATE SCHEMA ${schema}`);
    await migrate(pool);
    const adapter = PostgresAdapter(counted);
    const created = await adapter.createUser!({ ...user, id: randomUUID(), emailVerified: null });
    await adapter.createSession!({ sessionToken: "bench-session-token", userId: created.id, expires: new Date(Date.now() + 3_600_000) });
    const uncached = config(adapter);
    const cached = config(withSessionCache(adapter, { client: redis, prefix }));
    const read = (auth: AuthConfig) => async () => {
      const body = await (await Auth(get("session", `${sessionCookie}=bench-session-token`), auth as Omit<AuthConfig, "raw">)).text();
      if (!body.includes(user.email)) throw new Error(`no session read: ${body}`);
    };
    const cases = [
      { name: names.uncached, run: read(uncached) },
      { name: names.cached, run: read(cached) },
    ];
    const reads = 200;
    const perRead: string[] = [];
    for (const c of cases) {
      await c.run(); // a cache fill, for the cached case
      statements = 0;
      for (let i = 0; i < reads; i++) await c.run();
      perRead.push(`  ${c.name.padEnd(58)} ${(statements / reads).toFixed(2).padStart(9)} database statements per read`);
    }
    const times = await measure(cases, { rounds: 7, minMs: 300 });
    report("Latch: database session reads, without and with the Redis session cache (loopback)", times, [[names.cached, names.uncached]]);
    console.log(perRead.join("\n"));
  } finally {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await pool.end();
  }
}
