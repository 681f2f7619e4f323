/**
 * `oauth_provider_models` declared for Drizzle on each dialect, column for column as the
 * migrations create it: `@latch/pg`'s migration 19 on PostgreSQL, `@latch/typeorm`'s migration 18
 * on MariaDB/MySQL and SQLite. Not an entry point; `./drizzle` exports these tables.
 */
import { sql } from "drizzle-orm";
import { customType as mysqlCustomType, datetime, index as mysqlIndex, mysqlTable, primaryKey as mysqlPrimaryKey, uniqueIndex as mysqlUniqueIndex, varchar } from "drizzle-orm/mysql-core";
import { index as pgIndex, jsonb, pgTable, primaryKey as pgPrimaryKey, text, timestamp, uniqueIndex as pgUniqueIndex } from "drizzle-orm/pg-core";
import { customType as sqliteCustomType, index as sqliteIndex, primaryKey as sqlitePrimaryKey, sqliteTable, uniqueIndex as sqliteUniqueIndex } from "drizzle-orm/sqlite-core";
import type { AdapterPayload } from "oidc-provider";

/** `oauth_provider_models` on PostgreSQL (PGlite too), as `@latch/pg`'s migration 19 creates it. */
export const pgOAuthProviderModels = pgTable(
  "oauth_provider_models",
  {
    kind: text("kind").notNull(),
    id: text("id").notNull(),
    payload: jsonb("payload").$type<AdapterPayload>().notNull(),
    grantId: text("grantId"),
    userCode: text("userCode"),
    uid: text("uid"),
    expiresAt: timestamp("expiresAt", { withTimezone: true, mode: "date" }),
    consumedAt: timestamp("consumedAt", { withTimezone: true, mode: "date" }),
  },
  (table) => [
    pgPrimaryKey({ name: "oauth_provider_models_pkey", columns: [table.kind, table.id] }),
    pgIndex("oauth_provider_models_grant").on(table.grantId).where(sql`${table.grantId} IS NOT NULL`),
    pgUniqueIndex("oauth_provider_models_user_code").on(table.kind, table.userCode).where(sql`${table.userCode} IS NOT NULL`),
    pgUniqueIndex("oauth_provider_models_uid").on(table.kind, table.uid).where(sql`${table.uid} IS NOT NULL`),
    pgIndex("oauth_provider_models_expiry").on(table.expiresAt).where(sql`${table.expiresAt} IS NOT NULL`),
  ],
);

/** A payload kept as JSON in a `longtext` (MariaDB has no `jsonb`; its `json` is a `longtext` alias). */
const mysqlJson = mysqlCustomType<{ data: AdapterPayload; driverData: string }>({
  dataType: () => "longtext",
  toDriver: (value) => JSON.stringify(value),
  fromDriver: (value) => JSON.parse(value) as AdapterPayload,
});
const mysqlTime = (name: string) => datetime(name, { mode: "date", fsp: 3 });

/** `oauth_provider_models` on MariaDB/MySQL, as `@latch/typeorm`'s migration 18 creates it. */
export const mysqlOAuthProviderModels = mysqlTable(
  "oauth_provider_models",
  {
    kind: varchar("kind", { length: 64 }).notNull(),
    id: varchar("id", { length: 255 }).notNull(),
    payload: mysqlJson("payload").notNull(),
    grantId: varchar("grantId", { length: 255 }),
    userCode: varchar("userCode", { length: 255 }),
    uid: varchar("uid", { length: 255 }),
    expiresAt: mysqlTime("expiresAt"),
    consumedAt: mysqlTime("consumedAt"),
  },
  (table) => [
    mysqlPrimaryKey({ columns: [table.kind, table.id] }),
    mysqlIndex("oauth_provider_models_grant").on(table.grantId),
    mysqlUniqueIndex("oauth_provider_models_user_code").on(table.kind, table.userCode),
    mysqlUniqueIndex("oauth_provider_models_uid").on(table.kind, table.uid),
    mysqlIndex("oauth_provider_models_expiry").on(table.expiresAt),
  ],
);

/** A `varchar(n)` as the migration declares it on SQLite (drizzle's `text` would declare `text`; both have TEXT affinity). */
const sqliteVarchar = (length: number) => sqliteCustomType<{ data: string; driverData: string }>({ dataType: () => `varchar(${length})` });
/** The payload as JSON text. */
const sqliteJson = sqliteCustomType<{ data: AdapterPayload; driverData: string }>({
  dataType: () => "text",
  toDriver: (value) => JSON.stringify(value),
  fromDriver: (value) => JSON.parse(value) as AdapterPayload,
});
/** A time as ISO 8601 text in UTC, as `@latch/oidc-provider/typeorm` writes it on SQLite, so text comparison orders times. */
const sqliteTime = sqliteCustomType<{ data: Date; driverData: string }>({
  dataType: () => "varchar(32)",
  toDriver: (value) => value.toISOString(),
  fromDriver: (value) => new Date(value),
});

/** `oauth_provider_models` on SQLite, as `@latch/typeorm`'s migration 18 creates it. */
export const sqliteOAuthProviderModels = sqliteTable(
  "oauth_provider_models",
  {
    kind: sqliteVarchar(64)("kind").notNull(),
    id: sqliteVarchar(255)("id").notNull(),
    payload: sqliteJson("payload").notNull(),
    grantId: sqliteVarchar(255)("grantId"),
    userCode: sqliteVarchar(255)("userCode"),
    uid: sqliteVarchar(255)("uid"),
    expiresAt: sqliteTime("expiresAt"),
    consumedAt: sqliteTime("consumedAt"),
  },
  (table) => [
    sqlitePrimaryKey({ columns: [table.kind, table.id] }),
    sqliteIndex("oauth_provider_models_grant").on(table.grantId).where(sql`${table.grantId} IS NOT NULL`),
    sqliteUniqueIndex("oauth_provider_models_user_code").on(table.kind, table.userCode).where(sql`${table.userCode} IS NOT NULL`),
    sqliteUniqueIndex("oauth_provider_models_uid").on(table.kind, table.uid).where(sql`${table.uid} IS NOT NULL`),
    sqliteIndex("oauth_provider_models_expiry").on(table.expiresAt).where(sql`${table.expiresAt} IS NOT NULL`),
  ],
);
