/**
 * The Drizzle tables of `@latch/oidc-provider/drizzle` are the migrations' `oauth_provider_models`,
 * column for column (name, type, nullability), with the same primary key and indexes: read from
 * the catalog of a database the migration made, on PGlite (`@latch/pg`'s migration 19), SQLite and
 * the real MariaDB (`@latch/typeorm`'s migration 18).
 */
import "reflect-metadata";
import { PGlite } from "@electric-sql/pglite";
import { migrate as migratePg } from "@latch/pg";
import { mariadbLogin, mariadbStatement, needService, randomDatabaseName, services } from "@latch/testing";
import { migrate as migrateTypeorm } from "@latch/typeorm";
import { getTableConfig as mysqlConfig } from "drizzle-orm/mysql-core";
import { getTableConfig as pgConfig } from "drizzle-orm/pg-core";
import { getTableConfig as sqliteConfig } from "drizzle-orm/sqlite-core";
import { createConnection } from "mysql2/promise";
import { DataSource } from "typeorm";
import { describe, expect, test } from "vitest";
import { mysqlOAuthProviderModels, pgOAuthProviderModels, sqliteOAuthProviderModels } from "../src/drizzle.js";

interface Shape {
  columns: { name: string; type: string; notNull: boolean }[];
  primaryKey: string[];
  indexes: { name: string; unique: boolean; on: string[] }[];
}

const byName = <T extends { name: string }>(list: T[]) => [...list].sort((a, b) => a.name.localeCompare(b.name));
const name = (column: unknown) => (column as { name: string }).name;

/** What a Drizzle table declares, in the catalog's terms. */
function declared(config: ReturnType<typeof pgConfig> | ReturnType<typeof mysqlConfig> | ReturnType<typeof sqliteConfig>): Shape {
  return {
    columns: byName(config.columns.map((column) => ({ name: column.name, type: column.getSQLType().toLowerCase(), notNull: column.notNull }))),
    primaryKey: config.primaryKeys[0]!.columns.map(name),
    indexes: byName(config.indexes.map((index) => ({ name: index.config.name!, unique: index.config.unique === true, on: index.config.columns.map(name) }))),
  };
}

test("on PostgreSQL: the table of @latch/pg's migration 19", async () => {
  const db = new PGlite();
  try {
    await migratePg(db);
    const rows = async <T>(sql: string) => (await db.query<T>(sql)).rows;
    const columns = await rows<{ name: string; type: string; notNull: boolean }>(
      `SELECT attname AS name, format_type(atttypid, atttypmod) AS type, attnotnull AS "notNull" FROM pg_attribute WHERE attrelid = 'oauth_provider_models'::regclass AND attnum > 0 AND NOT attisdropped`,
    );
    const primaryKey = await rows<{ name: string }>(
      `SELECT a.attname AS name FROM pg_index i CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, n) JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum WHERE i.indrelid = 'oauth_provider_models'::regclass AND i.indisprimary ORDER BY k.n`,
    );
    const indexes = await rows<{ name: string; unique: boolean; on: string[] }>(
      `SELECT c.relname AS name, i.indisunique AS unique, array(SELECT a.attname FROM unnest(i.indkey) WITH ORDINALITY AS k(attnum, n) JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum ORDER BY k.n)::text[] AS on
       FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indrelid = 'oauth_provider_models'::regclass AND NOT i.indisprimary`,
    );
    expect(declared(pgConfig(pgOAuthProviderModels))).toEqual({ columns: byName(columns), primaryKey: primaryKey.map((row) => row.name), indexes: byName(indexes) });
  } finally {
    await db.close();
  }
});

test("on SQLite: the table of @latch/typeorm's migration 18", async () => {
  const dataSource = new DataSource({ type: "better-sqlite3", database: ":memory:" });
  await dataSource.initialize();
  try {
    await migrateTypeorm(dataSource);
    const columns = (await dataSource.query(`SELECT name, type, "notnull", pk FROM pragma_table_info('oauth_provider_models')`)) as { name: string; type: string; notnull: number; pk: number }[];
    const indexes = (await dataSource.query(`SELECT name, "unique" FROM pragma_index_list('oauth_provider_models') WHERE origin = 'c'`)) as { name: string; unique: number }[];
    const catalog: Shape = {
      columns: byName(columns.map((column) => ({ name: column.name, type: column.type.toLowerCase(), notNull: column.notnull === 1 }))),
      primaryKey: columns.filter((column) => column.pk > 0).sort((a, b) => a.pk - b.pk).map((column) => column.name),
      indexes: byName(
        await Promise.all(
          indexes.map(async (index) => ({ name: index.name, unique: index.unique === 1, on: ((await dataSource.query(`SELECT name FROM pragma_index_info('${index.name}') ORDER BY seqno`)) as { name: string }[]).map(name) })),
        ),
      ),
    };
    // SQLite keeps a NOT NULL of a primary key's columns only when declared; the migration declares it.
    expect(declared(sqliteConfig(sqliteOAuthProviderModels))).toEqual(catalog);
  } finally {
    await dataSource.destroy();
  }
});

describe.runIf(await needService(services.mariadb))("MariaDB", () => {
  test("on MariaDB: the table of @latch/typeorm's migration 18", async () => {
    const database = randomDatabaseName("latch_oauth");
    await mariadbStatement(`CREATE DATABASE \`${database}\``);
    try {
      const dataSource = new DataSource({ type: "mariadb", host: mariadbLogin.host, port: mariadbLogin.port, username: mariadbLogin.user, password: mariadbLogin.password, database });
      await dataSource.initialize();
      await migrateTypeorm(dataSource);
      await dataSource.destroy();
      const connection = await createConnection({ ...mariadbLogin, database });
      try {
        const rows = async <T>(sql: string) => (await connection.query(sql))[0] as T[];
        const here = `TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'oauth_provider_models'`;
        const columns = await rows<{ name: string; type: string; nullable: string }>(`SELECT COLUMN_NAME AS name, COLUMN_TYPE AS type, IS_NULLABLE AS nullable FROM information_schema.COLUMNS WHERE ${here}`);
        const indexes = await rows<{ name: string; unique: number; on: string }>(
          `SELECT INDEX_NAME AS name, NON_UNIQUE = 0 AS \`unique\`, GROUP_CONCAT(COLUMN_NAME ORDER BY SEQ_IN_INDEX) AS \`on\` FROM information_schema.STATISTICS WHERE ${here} GROUP BY INDEX_NAME, NON_UNIQUE`,
        );
        const catalog: Shape = {
          columns: byName(columns.map((column) => ({ name: column.name, type: column.type, notNull: column.nullable === "NO" }))),
          primaryKey: indexes.find((index) => index.name === "PRIMARY")!.on.split(","),
          indexes: byName(indexes.filter((index) => index.name !== "PRIMARY").map((index) => ({ name: index.name, unique: Number(index.unique) === 1, on: index.on.split(",") }))),
        };
        expect(declared(mysqlConfig(mysqlOAuthProviderModels))).toEqual(catalog);
      } finally {
        await connection.end();
      }
    } finally {
      await mariadbStatement(`DROP DATABASE \`${database}\``);
    }
  });
});
