import { methodsText, sqlDateText } from "@latch/core/adapters";
import { MysqlAdapter, PostgresAdapter, SqliteAdapter, type Kysely } from "kysely";

/** The SQL dialects Latch has tables for, as `latch migrate --kysely` names them. */
export type KyselyDialectName = "postgres" | "mysql" | "sqlite";

/** What differs between the three dialects' tables, and how values are written to them. */
export interface TableDialect {
  name: KyselyDialectName;
  /** `verification_token` on PostgreSQL (Auth.js's name), `verification_tokens` elsewhere (TypeORM's). */
  verificationTokens: string;
  /** `serial` ids on PostgreSQL; elsewhere uuid ids the adapter makes for accounts, sessions and verification tokens. */
  ids: "serial" | "uuid";
  /** A value as the dialect's driver stores it in Latch's column types. */
  value(value: unknown): unknown;
}

/** PostgreSQL: `pg` takes dates, booleans and arrays (`amr` is `text[]`) as they are. */
const postgres: TableDialect = { name: "postgres", verificationTokens: "verification_token", ids: "serial", value: (value) => value };

/** Booleans are 0 or 1 (`tinyint` on MySQL, NUMERIC `boolean` on SQLite); `amr` one text of the methods. */
function portable(value: unknown): unknown {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (Array.isArray(value)) return methodsText(value as string[]);
  return value;
}

/** MySQL/MariaDB: mysql2 writes dates in the pool's `timezone` (its default: the process's local time, as TypeORM does). */
const mysql: TableDialect = { name: "mysql", verificationTokens: "verification_tokens", ids: "uuid", value: portable };

/** SQLite: better-sqlite3 binds no `Date`, so dates are the UTC text TypeORM writes (which also sorts as the dates do). */
const sqlite: TableDialect = {
  name: "sqlite",
  verificationTokens: "verification_tokens",
  ids: "uuid",
  value: (value) => (value instanceof Date ? sqlDateText(value) : portable(value)),
};

/** Every value of a row as the dialect stores it. */
export function storedValues(dialect: TableDialect, row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([column, value]) => [column, dialect.value(value)]));
}

/**
 * The dialect of `db`, from the adapter of its Kysely dialect: every PostgreSQL, MySQL and SQLite
 * dialect (Kysely's own and the community's, for PGlite, libSQL, D1, …) answers with Kysely's
 * `PostgresAdapter`, `MysqlAdapter` or `SqliteAdapter`.
 */
export function dialectOf(db: Kysely<any>): TableDialect {
  const adapter = typeof db?.getExecutor === "function" ? db.getExecutor().adapter : undefined;
  if (adapter instanceof PostgresAdapter) return postgres;
  if (adapter instanceof MysqlAdapter) return mysql;
  if (adapter instanceof SqliteAdapter) return sqlite;
  throw new TypeError("KyselyAdapter: the database is not a Kysely instance on a PostgreSQL, MySQL/MariaDB or SQLite dialect.");
}
