/**
 * `latch migrate --kysely <dialect>`: the built binary makes the tables `@latch/kysely` uses on that
 * dialect, and `KyselyAdapter` then signs a user in on them.
 */
import { join } from "node:path";
import { KyselyAdapter } from "@latch/kysely";
import { migrations as pgMigrations } from "@latch/pg";
import { mariadbLogin, mariadbStatement, needService, postgresUrl, schemaPool, services } from "@latch/testing";
import { migrations as typeormMigrations } from "@latch/typeorm";
import Database from "better-sqlite3";
import { Kysely, MysqlDialect, PostgresDialect, SqliteDialect } from "kysely";
import { createPool } from "mysql2";
import { beforeAll, describe, expect, test } from "vitest";
import { planApplyStatus, random, signIn } from "./query-builder-migrations.js";
import { appFolder, buildCli, latch } from "./run-cli.js";

beforeAll(buildCli, 180_000);

const mariadbUp = await needService(services.mariadb);
const postgresUp = await needService(services.postgres);

describe("latch migrate --kysely", () => {
  test("sqlite: @latch/typeorm's SQLite migrations, then KyselyAdapter signs in on the file", async () => {
    const dir = appFolder();
    const file = join(dir, "app.db");
    await planApplyStatus((action) => latch(["migrate", action, "--kysely", "sqlite", "--url", file], dir), typeormMigrations.sqlite, "Kysely SQLite");
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new Database(file) }) });
    try {
      await signIn(KyselyAdapter(db));
    } finally {
      await db.destroy();
    }
  });

  test.runIf(mariadbUp)("mysql: @latch/typeorm's MariaDB migrations, then KyselyAdapter signs in", async () => {
    const name = random();
    await mariadbStatement(`CREATE DATABASE ${name}`);
    const db = new Kysely<any>({ dialect: new MysqlDialect({ pool: createPool({ ...mariadbLogin, database: name, connectionLimit: 2 }) }) });
    try {
      const dir = appFolder();
      const url = `mysql://root@${services.mariadb.host}:${services.mariadb.port}/${name}`;
      await planApplyStatus((action) => latch(["migrate", action, "--kysely", "mysql", "--url", url], dir), typeormMigrations.mariadb, "Kysely mysql");
      await signIn(KyselyAdapter(db));
    } finally {
      await db.destroy();
      await mariadbStatement(`DROP DATABASE ${name}`);
    }
  });

  test.runIf(postgresUp)("postgres: @latch/pg's migrations in a schema of its own, then KyselyAdapter signs in", async () => {
    const schema = random();
    const pool = schemaPool(schema, 2);
    const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
    await pool.query(`CREATE SCHEMA ${schema}`);
    try {
      const dir = appFolder();
      await planApplyStatus((action) => latch(["migrate", action, "--kysely", "postgres", "--url", postgresUrl, "--schema", schema], dir), pgMigrations, `schema "${schema}"`);
      await signIn(KyselyAdapter(db));
    } finally {
      await pool.query(`DROP SCHEMA ${schema} CASCADE`);
      await db.destroy();
    }
  });

  test("a dialect it does not know, two adapters, PGlite off PostgreSQL or no database: usage errors (exit 2)", async () => {
    const dir = appFolder();
    const runs = [
      { args: ["--kysely", "oracle", "--url", "x"], says: `--kysely takes postgres (or postgresql), mysql, mariadb or sqlite, not "oracle".` },
      { args: ["--kysely", "sqlite", "--drizzle", "sqlite", "--url", "x"], says: "Name one adapter: --drizzle or --kysely." },
      { args: ["--kysely", "mysql", "--pglite", join(dir, "data")], says: "--pglite is a PostgreSQL database: use it with --kysely postgres." },
      { args: ["--kysely", "sqlite"], says: "--kysely sqlite needs --url (or DATABASE_URL); for SQLite, the database file." },
    ];
    for (const { args, says } of runs) {
      const result = await latch(["migrate", "status", ...args], dir);
      expect(result.code, args.join(" ")).toBe(2);
      expect(result.stderr, args.join(" ")).toContain(says);
    }
  });
});
