/**
 * Migration 14 (impersonation, `sessions."impersonatedBy"`): a database migrated up to migration
 * 13, with a user and a session, upgrades on PGlite and on PostgreSQL (a schema of its own) keeping
 * every row; the session stored before reads as one its user started, and a new session keeps
 * the administrator who started it.
 */
import { describe, expect } from "vitest";
import { PostgresAdapter } from "../src/adapter.js";
import type { Queryable } from "../src/client.js";
import { migrate, migrations } from "../src/migrations.js";
import { migrateUpTo, upgradeTests } from "./upgrade.js";

async function upgrade(db: Queryable): Promise<void> {
  await migrateUpTo(db, 13);
  await db.query(`INSERT INTO users (id, email, name) VALUES ('u1', 'old@example.com', 'Old'), ('admin', 'root@example.com', 'Root')`);
  await db.query(`INSERT INTO sessions ("userId", expires, "sessionToken", auth_time, amr) VALUES ('u1', now() + interval '1 day', 'old-token', 1760000000, '{pwd}')`);
  const before = (await db.query(`SELECT "sessionToken", "userId", expires, auth_time, amr FROM sessions`)).rows;

  await migrate(db);
  expect(((await db.query(`SELECT version FROM latch_migrations ORDER BY version`)).rows as { version: number }[]).map((row) => row.version)).toEqual(migrations.map((m) => m.version));
  expect(migrations.find((m) => m.version === 14)).toMatchObject({ name: "impersonation" });
  expect((await db.query(`SELECT "sessionToken", "userId", expires, auth_time, amr FROM sessions`)).rows).toEqual(before);

  const adapter = PostgresAdapter(db);
  expect(adapter.sessionFields).toContain("impersonatedBy");
  const old = await adapter.getSessionAndUser!("old-token");
  expect(old?.session).toMatchObject({ userId: "u1", impersonatedBy: null, amr: ["pwd"] });
  const expires = new Date(Date.now() + 3_600_000);
  await adapter.createSession!({ sessionToken: "acting-token", userId: "u1", expires, impersonatedBy: "admin" });
  expect((await adapter.getSessionAndUser!("acting-token"))?.session).toMatchObject({ userId: "u1", impersonatedBy: "admin" });
  // Running the migrations again changes nothing.
  await migrate(db);
  expect((await db.query(`SELECT count(*)::int AS n FROM sessions`)).rows).toEqual([{ n: 2 }]);
}

describe("migration 14 (impersonation)", () => {
  upgradeTests(13, upgrade);
});
