/**
 * The three databases the through-`Auth()` suites of @latch/drizzle run on, each of its own: the
 * real PostgreSQL (a schema, @latch/pg's tables), the real MariaDB (a database, @latch/typeorm's
 * tables) and SQLite (a file, @latch/typeorm's tables). An engine whose server is down is listed
 * as not up, for `describe.runIf`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrate as migratePg } from "@latch/pg";
import { mariadbLogin, mariadbStatement, needService, schemaPool, services } from "@latch/testing";
import { migrate as migrateTypeorm } from "@latch/typeorm";
import Database from "better-sqlite3";
import { drizzle as drizzleMysql } from "drizzle-orm/mysql2";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzleSqlite } from "drizzle-orm/better-sqlite3";
import { createPool } from "mysql2/promise";
import { DataSource } from "typeorm";
import { DrizzleAdapter } from "../src/adapter.js";
import { randomName } from "./readers.js";

/** A database of its own: the adapter on it, and what makes and drops its tables. */
export interface Engine {
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

export const engines = [
  ["PostgreSQL", postgres, await needService(services.postgres)],
  ["MariaDB", mariadb, await needService(services.mariadb)],
  ["SQLite", sqlite, true],
] as const;
