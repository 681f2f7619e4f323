/**
 * `@latch/oidc-provider/drizzle` on the table the migrations create: the durable-store suite on
 * PGlite and the real PostgreSQL (a schema of its own, `@latch/pg`'s migration 19), the real
 * MariaDB (a database of its own) and SQLite (better-sqlite3, a temporary file), both from
 * `@latch/typeorm`'s migration 18.
 */
import "reflect-metadata";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { migrate as migratePg } from "@latch/pg";
import { mariadbLogin, mariadbStatement, needService, randomDatabaseName, schemaPool, services } from "@latch/testing";
import { migrate as migrateTypeorm } from "@latch/typeorm";
import Database from "better-sqlite3";
import { drizzle as drizzleSqlite } from "drizzle-orm/better-sqlite3";
import { drizzle as drizzleMysql } from "drizzle-orm/mysql2";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { createPool } from "mysql2/promise";
import { DataSource } from "typeorm";
import { describe, expect, test } from "vitest";
import { drizzleStorage, type DrizzleStorageDatabase } from "../src/drizzle.js";
import { durableStorageSuite } from "./durable-storage.js";

test("a database of another kind is refused at once, naming what is expected", () => {
  expect(() => drizzleStorage({} as DrizzleStorageDatabase)).toThrow(/not a Drizzle PostgreSQL, MySQL\/MariaDB or SQLite database/);
});

durableStorageSuite("drizzleStorage on PGlite", async () => {
  const client = new PGlite();
  await migratePg(client);
  return {
    storage: drizzleStorage(drizzlePglite({ client })),
    dump: async () => JSON.stringify((await client.query(`SELECT kind, id, payload::text AS payload, "grantId", "userCode", uid FROM oauth_provider_models`)).rows),
    close: () => client.close(),
  };
});

durableStorageSuite("drizzleStorage on SQLite (better-sqlite3, a temporary file)", async () => {
  const folder = mkdtempSync(join(tmpdir(), "latch-oauth-drizzle-"));
  const file = join(folder, "latch.db");
  const dataSource = new DataSource({ type: "better-sqlite3", database: file });
  await dataSource.initialize();
  await migrateTypeorm(dataSource);
  await dataSource.destroy();
  const client = new Database(file);
  return {
    storage: drizzleStorage(drizzleSqlite({ client })),
    dump: async () => JSON.stringify(client.prepare(`SELECT * FROM oauth_provider_models`).all()),
    async close() {
      client.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
});

describe.runIf(await needService(services.postgres))("PostgreSQL", () => {
  durableStorageSuite("drizzleStorage on PostgreSQL (node-postgres), a schema of its own", async () => {
    const schema = randomDatabaseName("latch_oauth");
    const pool = schemaPool(schema);
    await pool.query(`CREATE SCHEMA ${schema}`);
    await migratePg(pool);
    return {
      storage: drizzleStorage(drizzleNodePostgres({ client: pool })),
      dump: async () => JSON.stringify((await pool.query(`SELECT kind, id, payload::text AS payload, "grantId", "userCode", uid FROM oauth_provider_models`)).rows),
      async close() {
        await pool.query(`DROP SCHEMA ${schema} CASCADE`);
        await pool.end();
      },
    };
  });
});

describe.runIf(await needService(services.mariadb))("MariaDB", () => {
  durableStorageSuite("drizzleStorage on MariaDB (mysql2), a database of its own", async () => {
    const database = randomDatabaseName("latch_oauth");
    await mariadbStatement(`CREATE DATABASE \`${database}\``);
    const dataSource = new DataSource({ type: "mariadb", host: mariadbLogin.host, port: mariadbLogin.port, username: mariadbLogin.user, password: mariadbLogin.password, database });
    await dataSource.initialize();
    await migrateTypeorm(dataSource);
    await dataSource.destroy();
    const pool = createPool({ ...mariadbLogin, database, connectionLimit: 4 });
    return {
      storage: drizzleStorage(drizzleMysql({ client: pool })),
      dump: async () => JSON.stringify((await pool.query(`SELECT * FROM oauth_provider_models`))[0]),
      async close() {
        await pool.end();
        await mariadbStatement(`DROP DATABASE \`${database}\``);
      },
    };
  });
});
