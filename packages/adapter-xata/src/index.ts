/**
 * Xata adapter for Latch, over the document-database schema (`<prefix>_users`, …).
 *
 * @module @latch/xata
 */
export { XataAdapter, type XataAdapterOptions } from "./adapter.js";
export { defaultPrefix, tableNames, xataTables, type XataColumn, type XataTable } from "./schema.js";
export type { XataClientLike, XataQueryLike, XataRecordLike, XataRepositoryLike } from "./client.js";
