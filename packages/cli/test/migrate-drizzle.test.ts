/**
 * `latch migrate --drizzle <dialect>`: the built binary makes the tables `@latch/drizzle`'s schema
 * for that dialect maps, and `DrizzleAdapter` with the default schema then signs a user in on them.
 */
import { join } from "node:path";
import { DrizzleAdapter } from "@latch/drizzle";
import { migrations as pgMigrations } from "@latch/pg";
import { needService, postgresUrl, services } from "@latch/testing";
import { migrations as typeormMigrations } from "@latch/typeorm";
import Database from "better-sqlite3";
import { drizzle as drizzleMysql } from "drizzle-orm/mysql2";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzleSqlite } from "drizzle-orm/better-sqlite3";
import pg from "pg";
import { beforeAll, describe, expect, test } from "vitest";
import { planApplyStatus, random, signIn } from "./query-builder-migrations.js";
import { appFolder, buildCli, latch } from "./run-cli.js";

beforeAll(buildCli, 180_000);

const mariadbUp = await needService(services.mariadb);
const postgresUp = await needService(services.postgres);

describe("latch migrate --drizzle", () => {
  test("sqlite: @latch/typeorm's SQLite migrations, then DrizzleAdapter signs in on the file", async () => {
    const dir = appFolder();
    const file = join(dir, "app.db");
    await planApplyStatus((action) => latch(["migrate", action, "--drizzle", "sqlite", "--url", file], dir), typeormMigrations.sqlite, "@latch/typeorm's migrations");
    const client = new Database(file);
    try {
      await signIn(DrizzleAdapter(drizzleSqlite({ client })));
    } finally {
      client.close();
    }
  });

  test.runIf(mariadbUp)("mysql: @latch/typeorm's MariaDB migrations (email_key included), then DrizzleAdapter signs in", async () => {
    const name = random();
    const mysql = await import("mysql2/promise");
    const server = { host: services.mariadb.host, port: services.mariadb.port, user: "root" };
    const admin = await mysql.createConnection(server);
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const dir = appFolder();
      const url = `mysql://root@${services.mariadb.host}:${services.mariadb.port}/${name}`;
      await planApplyStatus((action) => latch(["migrate", action, "--drizzle", "mysql", "--url", url], dir), typeormMigrations.mariadb, "Drizzle mysql");
      const connection = await mysql.createConnection({ ...server, database: name });
      try {
        await signIn(DrizzleAdapter(drizzleMysql({ client: connection })));
      } finally {
        await connection.end();
      }
    } finally {
      await admin.query(`DROP DATABASE ${name}`);
      await admin.end();
    }
  });

  test.runIf(postgresUp)("postgresql (drizzle-kit's name): @latch/pg's migrations in a schema of its own, then DrizzleAdapter signs in", async () => {
    const schema = random();
    const url = postgresUrl;
    const pool = new pg.Pool({ connectionString: url, max: 2, options: `-c search_path=${schema}` });
    await pool.query(`CREATE SCHEMA ${schema}`);
    try {
      const dir = appFolder();
      await planApplyStatus((action) => latch(["migrate", action, "--drizzle", "postgresql", "--url", url, "--schema", schema], dir), pgMigrations, `schema "${schema}"`);
      await signIn(DrizzleAdapter(drizzlePg({ client: pool })));
    } finally {
      await pool.query(`DROP SCHEMA ${schema} CASCADE`);
      await pool.end();
    }
  });

  test("a dialect it does not know, two adapters, PGlite off PostgreSQL or no database: usage errors (exit 2)", async () => {
    const dir = appFolder();
    const runs = [
      ["--drizzle", "oracle", "--url", "x"],
      ["--drizzle", "sqlite", "--typeorm", "sqlite", "--url", "x"],
      ["--drizzle", "mysql", "--pglite", join(dir, "data")],
      ["--drizzle", "sqlite"],
    ];
    for (const args of runs) {
      const result = await latch(["migrate", "status", ...args], dir);
      expect(result.code, args.join(" ")).toBe(2);
      expect(result.stderr, args.join(" ")).toContain("--");
    }
  });
});
