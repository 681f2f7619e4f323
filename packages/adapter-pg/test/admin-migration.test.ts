/**
 * Migration 13 (site roles and bans, `user_standings`): a database migrated up to migration 11, with
 * a user of an app that keeps a `role` column of its own and a session, upgrades on PGlite and on PostgreSQL
 * (a schema of its own) keeping every row and that column; its users start without a site role
 * or a ban, and a user's standing goes with the user.
 */
import type { AdminAdapter } from "@latch/core/adapters";
import { describe, expect } from "vitest";
import { PostgresAdapter } from "../src/adapter.js";
import type { Queryable } from "../src/client.js";
import { migrate, migrations } from "../src/migrations.js";
import { migrateUpTo, upgradeTests } from "./upgrade.js";

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

describe("migration 13 (site roles and bans)", () => {
  upgradeTests(11, upgrade);
});
