/**
 * An organization made through `Auth()` with organizations stored by @latch/drizzle, on the real
 * PostgreSQL (@latch/pg's tables) and MariaDB and on SQLite (@latch/typeorm's tables): a taken
 * slug is refused and writes nothing, and once the owner switches to it the session read carries
 * it, from the adapter's join.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrate as migratePg } from "@latch/pg";
import { organizationRoundTrip, mariadbLogin, mariadbStatement, needService, schemaPool, services } from "@latch/testing";
import { migrate as migrateTypeorm } from "@latch/typeorm";
import Database from "better-sqlite3";
import { drizzle as drizzleMysql } from "drizzle-orm/mysql2";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzleSqlite } from "drizzle-orm/better-sqlite3";
import { createPool } from "mysql2/promise";
import { DataSource } from "typeorm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DrizzleAdapter } from "../src/adapter.js";
import { randomName } from "./readers.js";

/** A database of its own: the adapter on it, and what makes and drops its tables. */
interface Engine {
  adapter(): ReturnType<typeof DrizzleAdapter>;
  setUp(): Promise<void>;
  tearDown(): Promise<void>;
}

function postgres(): Engine {
  const schema = randomName();
  const pool = schemaPool(schema, 2);
  return {
    adapter: () => DrizzleAdapter(drizzlePg({ client: pool })),
    async setUp() {
      await pool.query(`CREATE SCHEMA ${schema}`);
      await migratePg(pool);
    },
    async tearDown() {
      await pool.query(`DROP SCHEMA ${schema} CASCADE`);
      await pool.end();
    },
  };
}

function mariadb(): Engine {
  const database = randomName();
  const pool = createPool({ ...mariadbLogin, database, connectionLimit: 2 });
  return {
    adapter: () => DrizzleAdapter(drizzleMysql({ client: pool })),
    async setUp() {
      await mariadbStatement(`CREATE DATABASE \`${database}\``);
      const dataSource = new DataSource({ type: "mariadb", ...mariadbLogin, username: mariadbLogin.user, database });
      await migrateTypeorm(dataSource);
      await dataSource.destroy();
    },
    async tearDown() {
      await pool.end();
      await mariadbStatement(`DROP DATABASE \`${database}\``);
    },
  };
}

function sqlite(): Engine {
  const folder = mkdtempSync(join(tmpdir(), "latch-drizzle-"));
  const file = join(folder, "latch.db");
  const client = new Database(file);
  return {
    adapter: () => DrizzleAdapter(drizzleSqlite({ client })),
    async setUp() {
      const dataSource = new DataSource({ type: "better-sqlite3", database: file });
      await migrateTypeorm(dataSource);
      await dataSource.destroy();
    },
    async tearDown() {
      client.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

const engines = [
  ["PostgreSQL", postgres, await needService(services.postgres)],
  ["MariaDB", mariadb, await needService(services.mariadb)],
  ["SQLite", sqlite, true],
] as const;

for (const [name, makeEngine, up] of engines) {
  describe.runIf(up)(`Organizations through Auth() with @latch/drizzle on ${name}`, () => {
    const engine = makeEngine();
    beforeAll(() => engine.setUp());
    afterAll(() => engine.tearDown());

    test("an organization made by a signed-in user becomes the session's, with the owner's role", async () => {
      const trip = await organizationRoundTrip(engine.adapter());
      expect(trip.created.status).toBe(201);
      expect(trip.created.body).toMatchObject({ organization: { name: "Acme", slug: trip.slug, metadata: { plan: "pro" } }, role: "owner" });
      const { id } = (trip.created.body as { organization: { id: string } }).organization;
      expect(trip.clash.status).toBe(409);
      expect(trip.clashOwned).toEqual([]);
      expect((trip.before.body as { organization?: unknown }).organization ?? null).toBeNull();
      expect(trip.switched).toEqual({ status: 200, body: { organization: { id, slug: trip.slug, role: "owner" } } });
      expect(trip.after.body).toMatchObject({ organization: { id, slug: trip.slug, role: "owner" } });
      expect(trip.listed.body).toMatchObject({ organizations: [{ id, slug: trip.slug, role: "owner" }] });
    });
  });
}
