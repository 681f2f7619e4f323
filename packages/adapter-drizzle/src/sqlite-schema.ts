import { scopesText, sqlDateText, wordsText } from "@latch/core/adapters";
import { sql } from "drizzle-orm";
import { customType, foreignKey, index, integer, primaryKey, sqliteTable, text, unique, uniqueIndex } from "drizzle-orm/sqlite-core";

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
/** A made role's permissions in one `text`, separated by spaces (@latch/typeorm's migration 13). */
const permissions = customType<{ data: string[]; driverData: string }>({
  dataType: () => "text",
  toDriver: (value) => wordsText(value),
  fromDriver: (value) => value.split(" ").filter((word) => word !== ""),
});
/** An organization's metadata as the JSON text of the object (@latch/typeorm's migration 13). */
const jsonText = customType<{ data: Record<string, unknown>; driverData: string }>({
  dataType: () => "text",
  toDriver: (value) => JSON.stringify(value),
  fromDriver: (value) => JSON.parse(value) as Record<string, unknown>,
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
  activeOrganizationId: text("activeOrganizationId"),
  /** The site administrator who started the session as its user (@latch/typeorm's migration 15). */
  impersonatedBy: text("impersonatedBy"),
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

/** `organizations` of `Organizations()`, the slug unique (migration 13). */
export const sqliteOrganizations = sqliteTable("organizations", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  slug: text("slug").notNull(),
  metadata: jsonText("metadata"),
  createdAt: at("createdAt").notNull(),
}, (table) => [unique("organizations_slug_key").on(table.slug)]);

/** `members`: one row per organization and user, gone with either (migration 13). */
export const sqliteMembers = sqliteTable("members", {
  organizationId: text("organizationId")
    .notNull()
    .references(() => sqliteOrganizations.id, { onDelete: "cascade" }),
  userId: text("userId")
    .notNull()
    .references(() => sqliteUsers.id, { onDelete: "cascade" }),
  role: text("role").notNull(),
  createdAt: at("createdAt").notNull(),
}, (table) => [primaryKey({ columns: [table.organizationId, table.userId] }), index("members_user").on(table.userId)]);

/** `invitations`: the SHA-256 of each token, gone with the organization (migration 13). */
export const sqliteInvitations = sqliteTable("invitations", {
  id: text("id").primaryKey(),
  organizationId: text("organizationId")
    .notNull()
    .references(() => sqliteOrganizations.id, { onDelete: "cascade" }),
  email: text("email").notNull(),
  role: text("role").notNull(),
  inviterId: text("inviterId").notNull(),
  hash: text("hash").notNull(),
  status: text("status").notNull(),
  expires: at("expires").notNull(),
  createdAt: at("createdAt").notNull(),
}, (table) => [index("invitations_organization").on(table.organizationId)]);

/** `organization_roles`: the roles an organization made, gone with it (migration 13). */
export const sqliteOrganizationRoles = sqliteTable("organization_roles", {
  organizationId: text("organizationId")
    .notNull()
    .references(() => sqliteOrganizations.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  permissions: permissions("permissions").notNull(),
  createdAt: at("createdAt").notNull(),
}, (table) => [primaryKey({ columns: [table.organizationId, table.name] })]);

/** `user_standings`: the site role and ban of `Admin()`, one row per user who has either (migration 14). */
export const sqliteUserStandings = sqliteTable("user_standings", {
  userId: text("userId")
    .primaryKey()
    .references(() => sqliteUsers.id, { onDelete: "cascade" }),
  siteRole: text("siteRole"),
  // The default as TypeORM's migration writes it: `0`, which SQLite's catalogue keeps as written.
  banned: flag("banned").notNull().default(sql`0`),
  banReason: text("banReason"),
  banExpires: at("banExpires"),
});

/** `teams` (`Organizations({ teams: true })`): a name once per organization, gone with it (the names of @latch/pg's migration 16). */
export const sqliteTeams = sqliteTable("teams", {
  id: text("id").primaryKey(),
  organizationId: text("organizationId")
    .notNull()
    .references(() => sqliteOrganizations.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  createdAt: at("createdAt").notNull(),
}, (table) => [unique("teams_organization_name_key").on(table.organizationId, table.name)]);

/** `team_members`: gone with the team, and with the organization membership it rests on. */
export const sqliteTeamMembers = sqliteTable("team_members", {
  teamId: text("teamId")
    .notNull()
    .references(() => sqliteTeams.id, { onDelete: "cascade" }),
  organizationId: text("organizationId").notNull(),
  userId: text("userId").notNull(),
  createdAt: at("createdAt").notNull(),
}, (table) => [
  primaryKey({ columns: [table.teamId, table.userId] }),
  index("team_members_member").on(table.organizationId, table.userId),
  foreignKey({ name: "team_members_member_fkey", columns: [table.organizationId, table.userId], foreignColumns: [sqliteMembers.organizationId, sqliteMembers.userId] }).onDelete("cascade"),
]);

/** `audit_events` (`AuditTrail()`): append-only, ids only and no foreign key (the names of @latch/pg's migration 15). */
export const sqliteAuditEvents = sqliteTable("audit_events", {
  id: text("id").primaryKey(),
  at: at("at").notNull(),
  action: text("action").notNull(),
  outcome: text("outcome").notNull(),
  actorUserId: text("actorUserId"),
  subjectUserId: text("subjectUserId"),
  organizationId: text("organizationId"),
  network: text("network"),
  userAgent: text("userAgent"),
  details: jsonText("details"),
}, (table) => [
  index("audit_events_at").on(table.at, table.id),
  index("audit_events_actor").on(table.actorUserId, table.at, table.id),
  index("audit_events_subject").on(table.subjectUserId, table.at, table.id),
  index("audit_events_organization").on(table.organizationId, table.at, table.id),
]);

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
  organizations: sqliteOrganizations,
  members: sqliteMembers,
  invitations: sqliteInvitations,
  organizationRoles: sqliteOrganizationRoles,
  userStandings: sqliteUserStandings,
  teams: sqliteTeams,
  teamMembers: sqliteTeamMembers,
  auditEvents: sqliteAuditEvents,
};

/** The shape of {@link sqliteTables}; tables of your own must have at least these columns. */
export type SqliteLatchTables = typeof sqliteTables;
