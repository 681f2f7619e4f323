import { bigint, boolean, datetime, index, int, mysqlTable, primaryKey, text, uniqueIndex, varchar } from "drizzle-orm/mysql-core";

const at = (name: string) => datetime(name, { mode: "date", fsp: 3 });
const uuid = (name: string) =>
  varchar(name, { length: 36 })
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());

/**
 * `users`: the table of @latch/typeorm's MariaDB migrations. Its generated `email_key` column
 * (the unique address, NULL for "") is the database's own and is not mapped.
 */
export const mysqlUsers = mysqlTable("users", {
  id: varchar("id", { length: 255 }).primaryKey(),
  name: varchar("name", { length: 255 }),
  email: varchar("email", { length: 255 }).notNull().default(""),
  emailVerified: at("emailVerified"),
  image: text("image"),
});

/** `accounts`, with the refresh lease and refusal columns; `id` is a uuid made by the adapter. */
export const mysqlAccounts = mysqlTable("accounts", {
  id: uuid("id"),
  userId: varchar("userId", { length: 255 })
    .notNull()
    .references(() => mysqlUsers.id, { onDelete: "cascade" }),
  type: varchar("type", { length: 32 }).notNull(),
  provider: varchar("provider", { length: 255 }).notNull(),
  providerAccountId: varchar("providerAccountId", { length: 255 }).notNull(),
  refresh_token: text("refresh_token"),
  access_token: text("access_token"),
  expires_at: bigint("expires_at", { mode: "number" }),
  token_type: varchar("token_type", { length: 255 }),
  scope: text("scope"),
  id_token: text("id_token"),
  session_state: text("session_state"),
  refreshLeaseHolder: varchar("refreshLeaseHolder", { length: 64 }),
  refreshLeaseUntil: at("refreshLeaseUntil"),
  refreshError: varchar("refreshError", { length: 64 }),
}, (table) => [
  uniqueIndex("accounts_provider_account_key").on(table.provider, table.providerAccountId),
  index("IDX_3aa23c0a6d107393e8b40e3e2a").on(table.userId),
]);

/** `sessions`, with the session details; the uuid `id` is the session's opaque id. */
export const mysqlSessions = mysqlTable("sessions", {
  id: uuid("id"),
  sessionToken: varchar("sessionToken", { length: 255 }).notNull(),
  userId: varchar("userId", { length: 255 })
    .notNull()
    .references(() => mysqlUsers.id, { onDelete: "cascade" }),
  expires: at("expires").notNull(),
  createdAt: at("createdAt"),
  lastSeenAt: at("lastSeenAt"),
  userAgent: varchar("userAgent", { length: 64 }),
  ip: varchar("ip", { length: 64 }),
}, (table) => [uniqueIndex("IDX_8b5e2ec52e335c0fe16d7ec358").on(table.sessionToken), index("IDX_57de40bc620f456c7311aa3a1e").on(table.userId)]);

/** `verification_tokens` (plural, with a uuid `id`, as TypeORM made it). */
export const mysqlVerificationTokens = mysqlTable(
  "verification_tokens",
  {
    id: uuid("id"),
    token: varchar("token", { length: 255 }).notNull(),
    identifier: varchar("identifier", { length: 255 }).notNull(),
    expires: at("expires").notNull(),
  },
  (table) => [uniqueIndex("verification_tokens_identifier_token_key").on(table.identifier, table.token)],
);

/** `authenticators`: WebAuthn credentials. */
export const mysqlAuthenticators = mysqlTable("authenticators", {
  credentialID: varchar("credentialID", { length: 255 }).primaryKey(),
  userId: varchar("userId", { length: 255 })
    .notNull()
    .references(() => mysqlUsers.id, { onDelete: "cascade" }),
  providerAccountId: varchar("providerAccountId", { length: 255 }).notNull(),
  credentialPublicKey: text("credentialPublicKey").notNull(),
  counter: bigint("counter", { mode: "number" }).notNull(),
  credentialDeviceType: varchar("credentialDeviceType", { length: 32 }).notNull(),
  credentialBackedUp: boolean("credentialBackedUp").notNull(),
  transports: varchar("transports", { length: 255 }),
}, (table) => [index("IDX_1d5625123057c56b97b3b06d36").on(table.userId)]);

/** `passwords`: one Argon2id hash per user. */
export const mysqlPasswords = mysqlTable(
  "passwords",
  {
    userId: varchar("userId", { length: 255 })
      .notNull()
      .references(() => mysqlUsers.id, { onDelete: "cascade" }),
    hash: varchar("hash", { length: 255 }).notNull(),
    updatedAt: at("updatedAt").notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId] })],
);

/** `second_factors`: TOTP factors, backup and email codes. */
export const mysqlSecondFactors = mysqlTable("second_factors", {
  id: varchar("id", { length: 64 }).primaryKey(),
  userId: varchar("userId", { length: 255 })
    .notNull()
    .references(() => mysqlUsers.id, { onDelete: "cascade" }),
  kind: varchar("kind", { length: 32 }).notNull(),
  secret: text("secret").notNull(),
  lastUsedStep: bigint("lastUsedStep", { mode: "number" }),
  attempts: int("attempts").notNull().default(0),
  confirmedAt: at("confirmedAt"),
  expires: at("expires"),
  createdAt: at("createdAt").notNull(),
}, (table) => [index("second_factors_user").on(table.userId, table.kind)]);

/**
 * Latch's MySQL/MariaDB tables as a Drizzle schema: the tables and columns of @latch/typeorm's
 * MariaDB migrations, so one database works with either adapter.
 */
export const mysqlTables = {
  users: mysqlUsers,
  accounts: mysqlAccounts,
  sessions: mysqlSessions,
  verificationTokens: mysqlVerificationTokens,
  authenticators: mysqlAuthenticators,
  passwords: mysqlPasswords,
  secondFactors: mysqlSecondFactors,
};

/** The shape of {@link mysqlTables}; tables of your own must have at least these columns. */
export type MysqlLatchTables = typeof mysqlTables;
