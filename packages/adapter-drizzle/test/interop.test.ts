/**
 * One database, two adapters: rows written by @latch/drizzle are read by @latch/pg (PostgreSQL) or
 * @latch/typeorm (MariaDB, SQLite), and the reverse.
 */
import { PGlite } from "@electric-sql/pglite";
import { writtenByOneReadByOther } from "@latch/adapter-test";
import { migrate as migratePg, PostgresAdapter } from "@latch/pg";
import { mariadbLogin, needService, services } from "@latch/testing";
import { defaultEntities, migrate as migrateTypeorm, TypeORMAdapter } from "@latch/typeorm";
import Database from "better-sqlite3";
import { drizzle as drizzleMysql } from "drizzle-orm/mysql2";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzleSqlite } from "drizzle-orm/better-sqlite3";
import { createConnection, createPool } from "mysql2/promise";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DataSource } from "typeorm";
import { afterAll, beforeAll, describe, test } from "vitest";
import { DrizzleAdapter } from "../src/adapter.js";
import { randomName } from "./readers.js";

describe("PostgreSQL (PGlite): @latch/drizzle and @latch/pg share the tables", () => {
  const client = new PGlite();
  const drizzleAdapter = DrizzleAdapter(drizzlePglite({ client }));
  const pgAdapter = PostgresAdapter(client);
  beforeAll(() => migratePg(client));
  afterAll(() => client.close());

  test("written by Drizzle, read by @latch/pg", () => writtenByOneReadByOther(drizzleAdapter, pgAdapter));
  test("written by @latch/pg, read by Drizzle", () => writtenByOneReadByOther(pgAdapter, drizzleAdapter));
});

describe("SQLite: @latch/drizzle and @latch/typeorm share the file", () => {
  const folder = mkdtempSync(join(tmpdir(), "latch-drizzle-"));
  const file = join(folder, "shared.db");
  const client = new Database(file);
  const drizzleAdapter = DrizzleAdapter(drizzleSqlite({ client }));
  const dataSource = new DataSource({ type: "better-sqlite3", database: file, entities: Object.values(defaultEntities) });
  const typeormAdapter = TypeORMAdapter(dataSource);
  beforeAll(() => migrateTypeorm(dataSource));
  afterAll(async () => {
    await dataSource.destroy();
    client.close();
    rmSync(folder, { recursive: true, force: true });
  });

  test("written by Drizzle, read by @latch/typeorm", () => writtenByOneReadByOther(drizzleAdapter, typeormAdapter));
  test("written by @latch/typeorm, read by Drizzle", () => writtenByOneReadByOther(typeormAdapter, drizzleAdapter));
});

const database = randomName();

describe.runIf(await needService(services.mariadb))("MariaDB: @latch/drizzle and @latch/typeorm share the database", () => {
  const pool = createPool({ ...mariadbLogin, database, connectionLimit: 2 });
  const drizzleAdapter = DrizzleAdapter(drizzleMysql({ client: pool }));
  const dataSource = new DataSource({ type: "mariadb", ...mariadbLogin, username: mariadbLogin.user, database, entities: Object.values(defaultEntities) });
  const typeormAdapter = TypeORMAdapter(dataSource);
  beforeAll(async () => {
    const admin = await createConnection(mariadbLogin);
    await admin.query(`CREATE DATABASE \`${database}\``);
    await admin.end();
    await migrateTypeorm(dataSource);
  });
  afterAll(async () => {
    await dataSource.destroy();
    await pool.end();
    const admin = await createConnection(mariadbLogin);
    await admin.query(`DROP DATABASE \`${database}\``);
    await admin.end();
  });

  test("written by Drizzle, read by @latch/typeorm", () => writtenByOneReadByOther(drizzleAdapter, typeormAdapter));
  test("written by @latch/typeorm, read by Drizzle", () => writtenByOneReadByOther(typeormAdapter, drizzleAdapter));
});
