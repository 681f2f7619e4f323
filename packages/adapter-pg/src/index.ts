/**
 * PostgreSQL adapter for Latch, for `pg` and embedded PGlite, with its schema as a migration.
 *
 * @module pg
 */
export { PostgresAdapter } from "./adapter.js";
export { authjsUpgradeStatements, migrate, schemaStatements, upgradeAuthjsSchema } from "./schema.js";
export type { Queryable } from "./client.js";
