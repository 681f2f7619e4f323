import type { Adapter, OrganizationAdapter } from "@latch/next/adapters";
import { migrate, PostgresAdapter } from "@latch/pg";
import pg from "pg";

/**
 * One pool per server process, shared by every bundle Next.js builds (the interceptor's and the
 * pages'), so the tables are created once. `DATABASE_URL` names the database; `DATABASE_SCHEMA`
 * (optional) a schema of its own, which is created if missing.
 */
function createPool(): { pool: pg.Pool; ready: Promise<void> } {
  const schema = process.env.DATABASE_SCHEMA;
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error("DATABASE_SCHEMA must be a plain lower-case identifier.");
  const pool = new pg.Pool({
    connectionString: process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test",
    max: 4,
    options: schema ? `-c search_path=${schema}` : undefined,
  });
  const ready = (async () => {
    if (schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await migrate(pool);
  })();
  return { pool, ready };
}

const shared = globalThis as typeof globalThis & { exampleDatabase?: ReturnType<typeof createPool> };

function database(): ReturnType<typeof createPool> {
  shared.exampleDatabase ??= createPool();
  return shared.exampleDatabase;
}

/** A client that waits for the tables before its first query. */
export const db = {
  async query(sql: string, params?: unknown[]) {
    const { pool, ready } = database();
    await ready;
    return pool.query(sql, params);
  },
};

/** The Latch adapter over the example's database; `@latch/pg` stores organizations too (`OrganizationAdapter`). */
export const adapter = PostgresAdapter(db) as Adapter & OrganizationAdapter;
