import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrate as migratePg } from "@latch/pg";
import { mariadbLogin, mariadbStatement, schemaPool } from "@latch/testing";
import { migrate as migrateTypeorm } from "@latch/typeorm";
import Database from "better-sqlite3";
import { Kysely, MysqlDialect, PostgresDialect, SqliteDialect, type LogEvent } from "kysely";
import { createPool } from "mysql2";
import { DataSource } from "typeorm";
import { randomName } from "./readers.js";

/** A database of its own on one engine: its Kysely instance, and Latch's tables made and dropped. */
export interface Engine {
  db: Kysely<any>;
  /** Makes Latch's tables with the migrations `latch migrate --kysely` runs. */
  setUp(): Promise<unknown>;
  tearDown(): Promise<void>;
}

type Log = (event: LogEvent) => void;

/** A schema of its own on the real PostgreSQL, with @latch/pg's migrations. */
export function postgresEngine(log?: Log): Engine {
  const schema = randomName();
  const pool = schemaPool(schema, 2);
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }), log });
  return {
    db,
    async setUp() {
      await pool.query(`CREATE SCHEMA ${schema}`);
      await migratePg(pool);
    },
    async tearDown() {
      await pool.query(`DROP SCHEMA ${schema} CASCADE`);
      await db.destroy();
    },
  };
}

/** A database of its own on the real MariaDB, with @latch/typeorm's MariaDB migrations. */
export function mariadbEngine(log?: Log): Engine {
  const database = randomName();
  const db = new Kysely<any>({ dialect: new MysqlDialect({ pool: createPool({ ...mariadbLogin, database, connectionLimit: 2 }) }), log });
  return {
    db,
    async setUp() {
      await mariadbStatement(`CREATE DATABASE \`${database}\``);
      const dataSource = new DataSource({ type: "mariadb", ...mariadbLogin, username: mariadbLogin.user, database });
      await migrateTypeorm(dataSource);
      await dataSource.destroy();
    },
    async tearDown() {
      await db.destroy();
      await mariadbStatement(`DROP DATABASE \`${database}\``);
    },
  };
}

/** A temporary SQLite file (better-sqlite3), with @latch/typeorm's SQLite migrations. */
export function sqliteEngine(log?: Log): Engine {
  const folder = mkdtempSync(join(tmpdir(), "latch-kysely-"));
  const file = join(folder, "latch.db");
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new Database(file) }), log });
  return {
    db,
    async setUp() {
      const dataSource = new DataSource({ type: "better-sqlite3", database: file });
      await migrateTypeorm(dataSource);
      await dataSource.destroy();
    },
    async tearDown() {
      await db.destroy();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
