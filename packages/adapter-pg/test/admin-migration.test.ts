/**
 * Migration 13 (site roles and bans, `user_standings`): a database migrated up to migration 11, with
 * a user of an app that keeps a `role` column of its own and a session, upgrades on PGlite and on PostgreSQL
 * (a schema of its own) keeping every row and that column; its users start without a site role
 * or a ban, and a user's standing goes with the user.
 */
import { PGlite } from "@electric-sql/pglite";
import type { AdminAdapter } from "@latch/core/adapters";
import { needService, randomDatabaseName, schemaPool, services } from "@latch/testing";
import { describe, expect, test } from "vitest";
import { PostgresAdapter } from "../src/adapter.js";
import type { Queryable } from "../src/client.js";
import { migrate, migrations } from "../src/migrations.js";

/** Applies the migrations up to `version` as `migrate()` of that release did. */
async function migrateUpTo(db: Queryable, version: number): Promise<void> {
  await db.query(`CREATE TABLE latch_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
  for (const migration of migrations.filter((m) => m.version <= version)) {
    for (const statement of migration.statements) await db.query(statement);
    await db.query(`INSERT INTO latch_migrations (version, name) VALUES ($1, $2)`, [migration.version, migration.name]);
  }
}

async function upgrade(db: Queryable): Promise<void> {
  await migrateUpTo(db, 11);
  await db.query(`ALTER TABLE users ADD COLUMN role text`);
  await db.query(`INSERT INTO users (id, email, name, role) VALUES ('u1', 'old@example.com', 'Old', 'editor'), ('u2', 'other@example.com', 'Other', NULL)`);
  await db.query(`INSERT INTO sessions ("userId", expires, "sessionToken") VALUES ('u1', now() + interval '1 day', 'old-token')`);
  const before = (await db.query(`SELECT id, email, name, role FROM users ORDER BY id`)).rows;

  await migrate(db);
  expect(((await db.query(`SELECT version FROM latch_migrations ORDER BY version`)).rows as { version: number }[]).map((row) => row.version)).toEqual(migrations.map((m) => m.version));
  expect((await db.query(`SELECT id, email, name, role FROM users ORDER BY id`)).rows).toEqual(before);
  expect((await db.query(`SELECT "sessionToken" FROM sessions`)).rows).toEqual([{ sessionToken: "old-token" }]);

  const adapter = PostgresAdapter(db) as ReturnType<typeof PostgresAdapter> & AdminAdapter;
  expect(await adapter.getUserStanding("u1")).toEqual({ role: null, banned: false, banReason: null, banExpires: null });
  expect(await adapter.updateUserStanding("u1", { role: "admin", banned: true, banReason: "spam" })).toEqual({ role: "admin", banned: true, banReason: "spam", banExpires: null });
  // The app's own column is not the site role.
  expect((await db.query(`SELECT role FROM users WHERE id = 'u1'`)).rows).toEqual([{ role: "editor" }]);
  expect((await db.query(`SELECT "userId", "siteRole" FROM user_standings`)).rows).toEqual([{ userId: "u1", siteRole: "admin" }]);
  const { users, total } = await adapter.listUsers({ offset: 0, limit: 10 });
  expect(total).toBe(2);
  expect(users.map(({ user, standing }) => [user.email, standing.role])).toEqual([["old@example.com", "admin"], ["other@example.com", null]]);
  await adapter.deleteUser!("u1");
  expect(await adapter.getUserStanding("u1")).toBeNull();
}

const postgresUp = await needService(services.postgres);

describe("migration 13 (site roles and bans)", () => {
  test("a database at migration 11 upgrades on PGlite without losing a row", async () => {
    const db = await PGlite.create();
    try {
      await upgrade(db);
    } finally {
      await db.close();
    }
  });

  test.runIf(postgresUp)("a database at migration 11 upgrades on PostgreSQL without losing a row", async () => {
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
});
