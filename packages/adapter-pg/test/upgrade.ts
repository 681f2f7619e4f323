/**
 * What the migration suites share: a database brought to an earlier migration as `migrate()` of
 * that release left it, and one upgrade run on PGlite and on PostgreSQL (a schema of its own).
 */
import { PGlite } from "@electric-sql/pglite";
import { needService, randomDatabaseName, schemaPool, services } from "@latch/testing";
import { test } from "vitest";
import type { Queryable } from "../src/client.js";
import { migrations } from "../src/migrations.js";

/** Applies the migrations up to `version` as `migrate()` of that release did. */
export async function migrateUpTo(db: Queryable, version: number): Promise<void> {
  await db.query(`CREATE TABLE latch_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
  for (const migration of migrations.filter((m) => m.version <= version)) {
    for (const statement of migration.statements) await db.query(statement);
    await db.query(`INSERT INTO latch_migrations (version, name) VALUES ($1, $2)`, [migration.version, migration.name]);
  }
}

const postgresUp = await needService(services.postgres);

/** `upgrade` as two tests, on PGlite and on PostgreSQL when it answers: "a database at migration `from` upgrades on …". */
export function upgradeTests(from: number, upgrade: (db: Queryable) => Promise<void>): void {
  test(`a database at migration ${from} upgrades on PGlite without losing a row`, async () => {
    const db = await PGlite.create();
    try {
      await upgrade(db);
    } finally {
      await db.close();
    }
  });

  test.runIf(postgresUp)(`a database at migration ${from} upgrades on PostgreSQL without losing a row`, async () => {
    const schema = randomDatabaseName();
    const pool = schemaPool(schema, 1);
    try {
      await pool.query(`CREATE SCHEMA ${schema}`);
      await upgrade(pool);
    } finally {
      await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await pool.end();
    }
  });
}
