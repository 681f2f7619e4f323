import { scopesText, sqlDateText } from "@latch/core/adapters";
import { sql } from "drizzle-orm";
import { customType, index, integer, sqliteTable, text, unique, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * A `datetime(3)` column as TypeORM writes it on SQLite: UTC text `YYYY-MM-DD HH:MM:SS.SSS`, so
 * that text comparison orders dates and rows are shared with @latch/typeorm.
 */
const utcDatetime = customType<{ data: Date; driverData: string }>({
  dataType: () => "datetime(3)",
  toDriver: sqlDateText,
  fromDriver: (value) => new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value.replace(" ", "T")}Z`),
});

const at = (name: string) => utcDatetime(name);

/** A `boolean` column holding 0 or 1, as TypeORM declares it on SQLite (NUMERIC affinity, not INTEGER). */
const flag = customType<{ data: boolean; driverData: number }>({
  dataType: () => "boolean",
  toDriver: (value) => (value ? 1 : 0),
  fromDriver: (value) => Number(value) === 1,
});
/** `amr`: RFC 8176 method names stored in one `varchar(255)`, separated by spaces (@latch/typeorm's migration 10). */
const methods = customType<{ data: string[]; driverData: string }>({
  dataType: () => "varchar(255)",
  toDriver: (value) => value.join(" "),
  fromDriver: (value) => value.split(" ").filter((word) => word !== ""),
});
/** An API key's scopes in one `text`, separated by spaces (@latch/typeorm's migration 12). */
const scopes = customType<{ data: string[]; driverData: string }>({
  dataType: () => "text",
  toDriver: (value) => scopesText(value),
  fromDriver: (value) => value.split(" ").filter((word) => word !== ""),
});
const uuid = (name: string) =>
  text(name)
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());

/** `users`: the table of @latch/typeorm's SQLite migrations. */
export const sqliteUsers = sqliteTable("users", {
  id: text("id").primaryKey(),
  name: text("name"),
  email: text("email").notNull().default(""),
  emailVerified: at("emailVerified"),
  image: text("image"),
}, (table) => [uniqueIndex("users_email_key").on(table.email).where(sql`${table.email} <> ''`)]);

/** `accounts`, with the refresh lease and refusal columns; `id` is a uuid made by the adapter. */
export const sqliteAccounts = sqliteTable("accounts", {
  id: uuid("id"),
  userId: text("userId")
    .notNull()
    .references(() => sqliteUsers.id, { onDelete: "cascade" }),
  type: text("type").notNull(),
  provider: text("provider").notNull(),
  providerAccountId: text("providerAccountId").notNull(),
  refresh_token: text("refresh_token"),
  access_token: text("access_token"),
  expires_at: integer("expires_at"),
  token_type: text("token_type"),
  scope: text("scope"),
  id_token: text("id_token"),
  session_state: text("session_state"),
  refreshLeaseHolder: text("refreshLeaseHolder"),
  refreshLeaseUntil: at("refreshLeaseUntil"),
  refreshError: text("refreshError"),
}, (table) => [
  unique("accounts_provider_account_key").on(table.provider, table.providerAccountId),
  index("IDX_3aa23c0a6d107393e8b40e3e2a").on(table.userId),
]);

/** `sessions`, with the session details and how the session was earned; the uuid `id` is the session's opaque id. */
export const sqliteSessions = sqliteTable("sessions", {
  id: uuid("id"),
  sessionToken: text("sessionToken").notNull(),
  userId: text("userId")
    .notNull()
    .references(() => sqliteUsers.id, { onDelete: "cascade" }),
  expires: at("expires").notNull(),
  createdAt: at("createdAt"),
  lastSeenAt: at("lastSeenAt"),
  userAgent: text("userAgent"),
  ip: text("ip"),
  auth_time: integer("auth_time"),
  mfa_time: integer("mfa_time"),
  amr: methods("amr"),
}, (table) => [unique("UQ_8b5e2ec52e335c0fe16d7ec3584").on(table.sessionToken), index("IDX_57de40bc620f456c7311aa3a1e").on(table.userId)]);

/** `verification_tokens` (plural, with a uuid `id`, as TypeORM made it). */
export const sqliteVerificationTokens = sqliteTable(
  "verification_tokens",
  {
    id: uuid("id"),
    token: text("token").notNull(),
    identifier: text("identifier").notNull(),
    expires: at("expires").notNull(),
  },
  (table) => [unique("verification_tokens_identifier_token_key").on(table.identifier, table.token)],
);

/** `authenticators`: WebAuthn credentials. */
export const sqliteAuthenticators = sqliteTable("authenticators", {
  credentialID: text("credentialID").primaryKey(),
  userId: text("userId")
    .notNull()
    .references(() => sqliteUsers.id, { onDelete: "cascade" }),
  providerAccountId: text("providerAccountId").notNull(),
  credentialPublicKey: text("credentialPublicKey").notNull(),
  counter: integer("counter").notNull(),
  credentialDeviceType: text("credentialDeviceType").notNull(),
  credentialBackedUp: flag("credentialBackedUp").notNull(),
  transports: text("transports"),
}, (table) => [index("IDX_1d5625123057c56b97b3b06d36").on(table.userId)]);

/** `passwords`: one Argon2id hash per user. */
export const sqlitePasswords = sqliteTable("passwords", {
  userId: text("userId")
    .primaryKey()
    .references(() => sqliteUsers.id, { onDelete: "cascade" }),
  hash: text("hash").notNull(),
  updatedAt: at("updatedAt").notNull(),
});

/** `second_factors`: TOTP factors, backup and email codes. */
export const sqliteSecondFactors = sqliteTable("second_factors", {
  id: text("id").primaryKey(),
  userId: text("userId")
    .notNull()
    .references(() => sqliteUsers.id, { onDelete: "cascade" }),
  kind: text("kind").notNull(),
  secret: text("secret").notNull(),
  lastUsedStep: integer("lastUsedStep"),
  attempts: integer("attempts").notNull().default(0),
  confirmedAt: at("confirmedAt"),
  expires: at("expires"),
  createdAt: at("createdAt").notNull(),
}, (table) => [index("second_factors_user").on(table.userId, table.kind)]);

/** `signing_keys`: the keys `AccessTokens()` signs with, one per generation. */
export const sqliteSigningKeys = sqliteTable("signing_keys", {
  id: text("id").primaryKey(),
  generation: integer("generation").notNull(),
  algorithm: text("algorithm").notNull(),
  publicKey: text("publicKey").notNull(),
  privateKey: text("privateKey").notNull(),
  createdAt: at("createdAt").notNull(),
}, (table) => [uniqueIndex("signing_keys_generation_key").on(table.generation)]);

/** `api_keys`: the keys `ApiKeys()` issues, by public id; a user's keys go with the user (migration 12). */
export const sqliteApiKeys = sqliteTable("api_keys", {
  id: text("id").primaryKey(),
  ownerType: text("ownerType").notNull(),
  ownerId: text("ownerId").notNull(),
  userId: text("userId").references(() => sqliteUsers.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  scopes: scopes("scopes").notNull(),
  hash: text("hash").notNull(),
  createdAt: at("createdAt").notNull(),
  expires: at("expires"),
  lastUsedAt: at("lastUsedAt"),
}, (table) => [index("api_keys_owner").on(table.ownerType, table.ownerId), index("api_keys_user").on(table.userId)]);

/**
 * Latch's SQLite tables as a Drizzle schema: the tables and columns of @latch/typeorm's SQLite
 * migrations, so one database file works with either adapter.
 */
export const sqliteTables = {
  users: sqliteUsers,
  accounts: sqliteAccounts,
  sessions: sqliteSessions,
  verificationTokens: sqliteVerificationTokens,
  authenticators: sqliteAuthenticators,
  passwords: sqlitePasswords,
  secondFactors: sqliteSecondFactors,
  signingKeys: sqliteSigningKeys,
  apiKeys: sqliteApiKeys,
};

/** The shape of {@link sqliteTables}; tables of your own must have at least these columns. */
export type SqliteLatchTables = typeof sqliteTables;
