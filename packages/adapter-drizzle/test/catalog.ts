/**
 * What a database's catalog says of Latch's tables, per engine, in a form two databases can be
 * compared by: columns (type, nullability, default, generation), primary keys, unique and other
 * indexes, foreign keys with their actions. `latch_migrations` (Latch's record of what ran) is left
 * out: it is not one of the tables; so is drizzle-kit's own record, `__drizzle_migrations`, and
 * the tables Drizzle's adapter does not serve and its schema does not declare:
 * `oauth_provider_models` (`@latch/oidc-provider`'s stores), `@latch/pg`'s `sso_*` (`@latch/sso`'s
 * store) and `scim_*` (the SCIM methods, which only `@latch/pg` implements so far).
 */
import type Database from "better-sqlite3";
import type { Connection } from "mysql2/promise";
import type pg from "pg";

const bookkeeping = "latch_migrations";
/** The tables left out, as an SQL list. */
const leftOut = `'${bookkeeping}', 'oauth_provider_models', 'sso_connections', 'sso_domains', 'sso_requests', 'sso_used_assertions', 'sso_sessions', 'sso_logout_requests', 'scim_users', 'scim_groups', 'scim_group_members'`;

/** PostgreSQL: the `public` schema of the database `client` is connected to. */
export async function pgCatalog(client: pg.ClientBase | pg.Pool): Promise<unknown> {
  const rows = async (sql: string) => (await client.query(sql)).rows;
  return {
    columns: await rows(
      `SELECT table_name, column_name, data_type, is_nullable, column_default, is_generated, generation_expression FROM information_schema.columns WHERE table_schema = 'public' AND table_name NOT IN (${leftOut}) ORDER BY table_name, column_name`,
    ),
    indexes: await rows(`SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename NOT IN (${leftOut}) ORDER BY tablename, indexname`),
    constraints: await rows(
      `SELECT conrelid::regclass::text AS "table", conname, pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE connamespace = 'public'::regnamespace AND conrelid::regclass::text NOT IN (${leftOut}) ORDER BY 1, 2`,
    ),
  };
}

/** MariaDB/MySQL: the database `connection` uses. */
export async function mysqlCatalog(connection: Connection): Promise<unknown> {
  const rows = async (sql: string) => (await connection.query(sql))[0];
  const here = `TABLE_SCHEMA = DATABASE() AND TABLE_NAME NOT IN (${leftOut})`;
  return {
    columns: await rows(
      `SELECT TABLE_NAME, COLUMN_NAME, COLUMN_TYPE, IS_NULLABLE, COLUMN_DEFAULT, EXTRA, GENERATION_EXPRESSION FROM information_schema.COLUMNS WHERE ${here} ORDER BY TABLE_NAME, COLUMN_NAME`,
    ),
    indexes: await rows(
      `SELECT TABLE_NAME, INDEX_NAME, NON_UNIQUE, GROUP_CONCAT(COLUMN_NAME ORDER BY SEQ_IN_INDEX) AS COLUMNS FROM information_schema.STATISTICS WHERE ${here} GROUP BY TABLE_NAME, INDEX_NAME, NON_UNIQUE ORDER BY TABLE_NAME, INDEX_NAME`,
    ),
    foreignKeys: await rows(
      `SELECT r.TABLE_NAME, r.CONSTRAINT_NAME, r.REFERENCED_TABLE_NAME, r.UPDATE_RULE, r.DELETE_RULE, GROUP_CONCAT(k.COLUMN_NAME ORDER BY k.ORDINAL_POSITION) AS COLUMNS, GROUP_CONCAT(k.REFERENCED_COLUMN_NAME ORDER BY k.ORDINAL_POSITION) AS REFERENCED_COLUMNS
       FROM information_schema.REFERENTIAL_CONSTRAINTS r JOIN information_schema.KEY_COLUMN_USAGE k ON k.CONSTRAINT_SCHEMA = r.CONSTRAINT_SCHEMA AND k.CONSTRAINT_NAME = r.CONSTRAINT_NAME AND k.TABLE_NAME = r.TABLE_NAME
       WHERE r.CONSTRAINT_SCHEMA = DATABASE() GROUP BY r.TABLE_NAME, r.CONSTRAINT_NAME, r.REFERENCED_TABLE_NAME, r.UPDATE_RULE, r.DELETE_RULE ORDER BY r.TABLE_NAME, r.CONSTRAINT_NAME`,
    ),
  };
}

/** SQLite's type affinity of a declared column type (the rules of its "Datatypes" page, in order). */
function affinity(declared: string): string {
  const type = declared.toUpperCase();
  if (type.includes("INT")) return "INTEGER";
  if (/CHAR|CLOB|TEXT/.test(type)) return "TEXT";
  if (type === "" || type.includes("BLOB")) return "BLOB";
  if (/REAL|FLOA|DOUB/.test(type)) return "REAL";
  return "NUMERIC";
}

/** `('')` and `''`, `(0)` and `0` are one default. */
function bareDefault(value: string | null): string | null {
  return value === null ? null : value.replace(/^\((.*)\)$/s, "$1");
}

/** A partial index's condition without quotes or the table's name: `email <> ''`. */
function bareCondition(sql: string | null, table: string): string | null {
  const where = sql?.match(/\bWHERE\b(.*)$/is)?.[1];
  return where ? where.replace(/["`]/g, "").replaceAll(`${table}.`, "").trim() : null;
}

/**
 * SQLite: the file `db` has open. Columns by affinity (what SQLite stores; `varchar(255)` and
 * `text` are one). A unique set of columns is described by its columns and condition, not its
 * name: a table's `UNIQUE` constraint (what TypeORM writes) and a named unique index (what
 * drizzle-kit writes) enforce the same, and SQLite keeps no name for the former. Foreign keys
 * likewise have no name in SQLite's catalog.
 */
export function sqliteCatalog(db: Database.Database): unknown {
  const tables = (
    db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT IN (?, 'oauth_provider_models', '__drizzle_migrations') ORDER BY name`).all(bookkeeping) as { name: string }[]
  ).map(
    (row) => row.name,
  );
  return Object.fromEntries(
    tables.map((table) => {
      const columns = (db.pragma(`table_info("${table}")`) as { name: string; type: string; notnull: number; dflt_value: string | null; pk: number }[]).map((column) => ({
        name: column.name,
        affinity: affinity(column.type),
        notNull: column.notnull === 1,
        default: bareDefault(column.dflt_value),
        primaryKey: column.pk,
      }));
      const indexes = (db.pragma(`index_list("${table}")`) as { name: string; unique: number; origin: string }[])
        .filter((index) => index.origin !== "pk")
        .map((index) => {
          const on = (db.pragma(`index_info("${index.name}")`) as { name: string }[]).map((column) => column.name);
          const sql = (db.prepare(`SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?`).get(index.name) as { sql: string | null } | undefined)?.sql ?? null;
          return index.unique ? { unique: on, where: bareCondition(sql, table) } : { index: index.name, on };
        })
        .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
      const foreignKeys = (db.pragma(`foreign_key_list("${table}")`) as { table: string; from: string; to: string; on_update: string; on_delete: string }[]).map(
        ({ table: references, from, to, on_update, on_delete }) => ({ from, references, to, onUpdate: on_update, onDelete: on_delete }),
      );
      return [table, { columns, indexes, foreignKeys }];
    }),
  );
}
