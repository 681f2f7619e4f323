/**
 * PostgreSQL adapter for Latch, for `pg` and embedded PGlite, with its schema as a migration.
 *
 * @module @latch/pg
 */
export { PostgresAdapter } from "./adapter.js";
export { authjsUpgradeStatements, schemaStatements } from "./schema.js";
export { migrate, migrations, upgradeAuthjsSchema, type Migration, type MigrationReport } from "./migrations.js";
export { emailCollisions, type EmailCollision } from "./email-addresses.js";
export type { Queryable } from "./client.js";
