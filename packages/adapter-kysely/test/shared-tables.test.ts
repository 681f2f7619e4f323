/**
 * One schema, reached by every SQL adapter: rows written by @latch/kysely are read by @latch/pg
 * (PostgreSQL) or @latch/typeorm (MariaDB, SQLite) and by @latch/drizzle, and the reverse, on one
 * database made by the migrations `latch migrate --kysely` runs.
 */
import { writtenByOneReadByOther } from "@latch/adapter-test";
import type { Adapter } from "@latch/core/adapters";
import { DrizzleAdapter } from "@latch/drizzle";
import { PostgresAdapter } from "@latch/pg";
import { mariadbLogin, needService, schemaPool, services } from "@latch/testing";
import { defaultEntities, TypeORMAdapter } from "@latch/typeorm";
import { drizzle as drizzleMysql } from "drizzle-orm/mysql2";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzleSqlite } from "drizzle-orm/better-sqlite3";
import Database from "better-sqlite3";
import { createPool } from "mysql2/promise";
import { sql } from "kysely";
import { DataSource } from "typeorm";
import { afterAll, beforeAll, describe, test } from "vitest";
import { KyselyAdapter } from "../src/adapter.js";
import { mariadbEngine, postgresEngine, sqliteEngine, type Engine } from "./engines.js";

/** Both directions between @latch/kysely and each other adapter on the engine's database. */
function shares(name: string, up: boolean, engine: () => Engine, others: (engine: Engine) => Promise<{ adapters: Record<string, Adapter>; close(): Promise<void> }>) {
  describe.runIf(up)(`${name}: @latch/kysely shares its tables`, () => {
    const made = engine();
    const kysely = KyselyAdapter(made.db);
    let opened: Awaited<ReturnType<typeof others>>;
    beforeAll(async () => {
      await made.setUp();
      opened = await others(made);
    });
    afterAll(async () => {
      await opened?.close();
      await made.tearDown();
    });
    for (const other of ["native", "Drizzle"]) {
      test(`written by Kysely, read by ${other}`, () => writtenByOneReadByOther(kysely, opened.adapters[other]!));
      test(`written by ${other}, read by Kysely`, () => writtenByOneReadByOther(opened.adapters[other]!, kysely));
    }
  });
}

shares("PostgreSQL (@latch/pg)", await needService(services.postgres), postgresEngine, async (engine) => {
  const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(engine.db)).rows[0]!.schema;
  const pool = schemaPool(schema, 2);
  return { adapters: { native: PostgresAdapter(pool), Drizzle: DrizzleAdapter(drizzlePg({ client: pool })) }, close: () => pool.end() };
});

shares("MariaDB (@latch/typeorm)", await needService(services.mariadb), mariadbEngine, async (engine) => {
  const database = (await sql<{ name: string }>`select database() as name`.execute(engine.db)).rows[0]!.name;
  const dataSource = new DataSource({ type: "mariadb", ...mariadbLogin, username: mariadbLogin.user, database, entities: Object.values(defaultEntities) });
  await dataSource.initialize();
  const pool = createPool({ ...mariadbLogin, database, connectionLimit: 2 });
  return {
    adapters: { native: TypeORMAdapter(dataSource), Drizzle: DrizzleAdapter(drizzleMysql({ client: pool })) },
    async close() {
      await dataSource.destroy();
      await pool.end();
    },
  };
});

shares("SQLite (@latch/typeorm)", true, sqliteEngine, async (engine) => {
  const file = (await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(engine.db)).rows[0]!.file;
  const dataSource = new DataSource({ type: "better-sqlite3", database: file, entities: Object.values(defaultEntities) });
  await dataSource.initialize();
  const client = new Database(file);
  return {
    adapters: { native: TypeORMAdapter(dataSource), Drizzle: DrizzleAdapter(drizzleSqlite({ client })) },
    async close() {
      await dataSource.destroy();
      client.close();
    },
  };
});
