/**
 * A pool on a PostgreSQL schema of the test file's own (a random name), made with Latch's
 * migrations before the file's tests and dropped after them. Call it inside the `describe`.
 */
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { migrate } from "@latch/pg";
import { services } from "@latch/testing";

/** The pool, its `search_path` set to the file's schema; `max` connections (default 2). */
export function migratedSchemaPool(max = 2): pg.Pool {
  const schema = `latch_mut_${Math.random().toString(36).slice(2, 10)}`;
  const { host, port } = services.postgres;
  const user = process.env.PGUSER ?? "postgres";
  const database = process.env.PGDATABASE ?? "test";
  const pool = new pg.Pool({ host, port, user, database, max, options: `-c search_path=${schema}` });
  beforeAll(async () => {
    await pool.query(`CREATE SCHEMA ${schema}`);
    await migrate(pool);
  });
  afterAll(async () => {
    await pool.query(`DROP SCHEMA ${schema} CASCADE`);
    await pool.end();
  });
  return pool;
}
