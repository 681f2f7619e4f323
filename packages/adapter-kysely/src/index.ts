/**
 * Kysely adapter for Latch, on the tables of @latch/pg (PostgreSQL) and @latch/typeorm
 * (MySQL/MariaDB, SQLite), the tables @latch/drizzle maps too.
 *
 * @module @latch/kysely
 */
export { KyselyAdapter } from "./adapter.js";
export { KyselySchemaMismatch } from "./schema-check.js";
export type { KyselyDialectName } from "./dialect.js";
