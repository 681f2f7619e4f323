/**
 * The database of suites that sign alice in with database sessions: embedded PostgreSQL (PGlite)
 * with Latch's tables and alice's row, made before the suite's tests, emptied of sessions before
 * each test and closed after the last.
 */
import { PGlite } from "@electric-sql/pglite";
import { migrate } from "@latch/pg";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { alice } from "./client.js";

/** Registers the suite's hooks; `db` is the database once the suite's tests run. */
export function aliceDatabase(): { readonly db: PGlite } {
  let db: PGlite | undefined;
  beforeAll(async () => {
    db = new PGlite();
    await migrate(db);
    await db.query(`INSERT INTO users (id, email, name) VALUES ($1, $2, $3)`, [alice.id, alice.email, alice.name]);
  });
  afterAll(async () => {
    await db?.close();
  });
  beforeEach(async () => {
    await db!.exec(`DELETE FROM sessions`);
  });
  return {
    get db() {
      if (!db) throw new Error("aliceDatabase(): the database is made in the suite's beforeAll");
      return db;
    },
  };
}
