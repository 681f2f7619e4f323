/**
 * Drizzle ORM adapter for Latch, with Latch's tables as Drizzle schemas for PostgreSQL,
 * MySQL/MariaDB and SQLite.
 *
 * @module @latch/drizzle
 */
export { DrizzleAdapter, type DrizzleDatabase, type DrizzleTables } from "./adapter.js";
export * from "./pg-schema.js";
export * from "./mysql-schema.js";
export * from "./sqlite-schema.js";
