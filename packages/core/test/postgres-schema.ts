/**
 * A pool on a PostgreSQL schema of the test file's own (a random name), made with Latch's
 * migrations before the file's tests and dropped after them. Call it inside the `describe`.
 */
import type pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { migrate } from "@latch/pg";
import { randomDatabaseName, schemaPool } from "@latch/testing";

/** The pool, its `search_path` set to the file's schema; `max` connections (default 2). */
export function migratedSchemaPool(max = 2): pg.Pool {
  const schema = randomDatabaseName("latch_mut");
  const pool = schemaPool(schema, max);
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
