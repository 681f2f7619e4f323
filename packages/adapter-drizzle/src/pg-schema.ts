import { sql } from "drizzle-orm";
import { bigint, boolean, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, unique, uniqueIndex } from "drizzle-orm/pg-core";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** A `userId` referencing `users.id`, gone with the user, under PostgreSQL's default constraint name (`<table>_userId_fkey`). */
const cascadeToUser = (table: string, column: Parameters<typeof foreignKey>[0]["columns"][0]) =>
  foreignKey({ name: `${table}_userId_fkey`, columns: [column], foreignColumns: [pgUsers.id] }).onDelete("cascade");

/** `users`: the table of @latch/pg (migrations 1–2). */
export const pgUsers = pgTable("users", {
  id: text("id").primaryKey(),
  name: text("name"),
  email: text("email"),
  emailVerified: at("emailVerified"),
  image: text("image"),
}, (table) => [uniqueIndex("users_email_key").on(table.email).where(sql`${table.email} <> ''`)]);

/** `accounts`: the table of @latch/pg, with the refresh lease and refusal columns (migrations 4–5). */
export const pgAccounts = pgTable("accounts", {
  id: serial("id").primaryKey(),
  userId: text("userId").notNull(),
  type: text("type").notNull(),
  provider: text("provider").notNull(),
  providerAccountId: text("providerAccountId").notNull(),
  refresh_token: text("refresh_token"),
  access_token: text("access_token"),
  expires_at: bigint("expires_at", { mode: "number" }),
  id_token: text("id_token"),
  scope: text("scope"),
  session_state: text("session_state"),
  token_type: text("token_type"),
  refreshLeaseHolder: text("refreshLeaseHolder"),
  refreshLeaseUntil: at("refreshLeaseUntil"),
  refreshError: text("refreshError"),
}, (table) => [
  uniqueIndex("accounts_provider_account_key").on(table.provider, table.providerAccountId),
  index("accounts_user_idx").on(table.userId),
  cascadeToUser("accounts", table.userId),
]);

/**
 * `sessions`: the table of @latch/pg, with the session details (migration 3) and how the session
 * was earned (migration 8); the serial id is the session's opaque id.
 */
export const pgSessions = pgTable("sessions", {
  id: serial("id").primaryKey(),
  userId: text("userId").notNull(),
  expires: at("expires").notNull(),
  sessionToken: text("sessionToken").notNull(),
  createdAt: at("createdAt"),
  lastSeenAt: at("lastSeenAt"),
  userAgent: text("userAgent"),
  ip: text("ip"),
  auth_time: bigint("auth_time", { mode: "number" }),
  mfa_time: bigint("mfa_time", { mode: "number" }),
  amr: text("amr").array(),
  activeOrganizationId: text("activeOrganizationId"),
  /** The site administrator who started the session as its user (@latch/pg's migration 14). */
  impersonatedBy: text("impersonatedBy"),
}, (table) => [
  uniqueIndex("sessions_token_key").on(table.sessionToken),
  index("sessions_user_idx").on(table.userId),
  cascadeToUser("sessions", table.userId),
]);

/** `verification_token`: the table of @latch/pg (and of Auth.js's PostgreSQL adapter). */
export const pgVerificationTokens = pgTable(
  "verification_token",
  {
    identifier: text("identifier").notNull(),
    expires: at("expires").notNull(),
    token: text("token").notNull(),
  },
  (table) => [primaryKey({ name: "verification_token_pkey", columns: [table.identifier, table.token] })],
);

/** `authenticators`: WebAuthn credentials, the table of @latch/pg. */
export const pgAuthenticators = pgTable("authenticators", {
  credentialID: text("credentialID").primaryKey(),
  userId: text("userId").notNull(),
  providerAccountId: text("providerAccountId").notNull(),
  credentialPublicKey: text("credentialPublicKey").notNull(),
  counter: bigint("counter", { mode: "number" }).notNull(),
  credentialDeviceType: text("credentialDeviceType").notNull(),
  credentialBackedUp: boolean("credentialBackedUp").notNull(),
  transports: text("transports"),
}, (table) => [index("authenticators_user_idx").on(table.userId), cascadeToUser("authenticators", table.userId)]);

/** `passwords`: one Argon2id hash per user (migration 6). */
export const pgPasswords = pgTable("passwords", {
  userId: text("userId").primaryKey(),
  hash: text("hash").notNull(),
  updatedAt: at("updatedAt").notNull(),
}, (table) => [cascadeToUser("passwords", table.userId)]);

/** `second_factors`: TOTP factors, backup and email codes (migration 7). */
export const pgSecondFactors = pgTable("second_factors", {
  id: text("id").primaryKey(),
  userId: text("userId").notNull(),
  kind: text("kind").notNull(),
  secret: text("secret").notNull(),
  lastUsedStep: bigint("lastUsedStep", { mode: "number" }),
  attempts: integer("attempts").notNull().default(0),
  confirmedAt: at("confirmedAt"),
  expires: at("expires"),
  createdAt: at("createdAt").notNull(),
}, (table) => [index("second_factors_user").on(table.userId, table.kind), cascadeToUser("second_factors", table.userId)]);

/** `signing_keys`: the keys `AccessTokens()` signs with, one per generation (migration 10). */
export const pgSigningKeys = pgTable("signing_keys", {
  id: text("id").primaryKey(),
  generation: integer("generation").notNull().unique("signing_keys_generation_key"),
  algorithm: text("algorithm").notNull(),
  publicKey: text("publicKey").notNull(),
  privateKey: text("privateKey").notNull(),
  createdAt: at("createdAt").notNull(),
});

/**
 * `api_keys`: the keys `ApiKeys()` issues, by public id, with the SHA-256 of their secret and their
 * owner; a user's keys go with the user (migration 11).
 */
export const pgApiKeys = pgTable("api_keys", {
  id: text("id").primaryKey(),
  ownerType: text("ownerType").notNull(),
  ownerId: text("ownerId").notNull(),
  userId: text("userId"),
  name: text("name").notNull(),
  scopes: text("scopes").array().notNull(),
  hash: text("hash").notNull(),
  createdAt: at("createdAt").notNull(),
  expires: at("expires"),
  lastUsedAt: at("lastUsedAt"),
}, (table) => [
  index("api_keys_owner").on(table.ownerType, table.ownerId),
  cascadeToUser("api_keys", table.userId),
  check("api_keys_check", sql`((${table.ownerType} = 'user'::text) = ((${table.userId} IS NOT NULL) AND (${table.userId} = ${table.ownerId})))`),
]);

/** `user_standings`: the site role and ban of `Admin()`, one row per user who has either, gone with the user (migration 13). */
export const pgUserStandings = pgTable("user_standings", {
  userId: text("userId").primaryKey(),
  siteRole: text("siteRole"),
  banned: boolean("banned").notNull().default(false),
  banReason: text("banReason"),
  banExpires: at("banExpires"),
}, (table) => [cascadeToUser("user_standings", table.userId)]);
/** `organizations` of @latch/pg's migration 12 (`Organizations()`), the slug unique. */
export const pgOrganizations = pgTable("organizations", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique("organizations_slug_key"),
  metadata: jsonb("metadata"),
  createdAt: at("createdAt").notNull(),
});

/** `members` of @latch/pg's migration 12: one row per organization and user, gone with either. */
export const pgMembers = pgTable("members", {
  organizationId: text("organizationId").notNull(),
  userId: text("userId").notNull(),
  role: text("role").notNull(),
  createdAt: at("createdAt").notNull(),
}, (table) => [
  primaryKey({ name: "members_pkey", columns: [table.organizationId, table.userId] }),
  index("members_user").on(table.userId),
  foreignKey({ name: "members_organizationId_fkey", columns: [table.organizationId], foreignColumns: [pgOrganizations.id] }).onDelete("cascade"),
  cascadeToUser("members", table.userId),
]);

/** `invitations` of @latch/pg's migration 12: the SHA-256 of each token, gone with the organization. */
export const pgInvitations = pgTable("invitations", {
  id: text("id").primaryKey(),
  organizationId: text("organizationId").notNull(),
  email: text("email").notNull(),
  role: text("role").notNull(),
  inviterId: text("inviterId").notNull(),
  hash: text("hash").notNull(),
  status: text("status").notNull(),
  expires: at("expires").notNull(),
  createdAt: at("createdAt").notNull(),
}, (table) => [
  index("invitations_organization").on(table.organizationId),
  foreignKey({ name: "invitations_organizationId_fkey", columns: [table.organizationId], foreignColumns: [pgOrganizations.id] }).onDelete("cascade"),
]);

/** `organization_roles` of @latch/pg's migration 12: the roles an organization made, gone with it. */
export const pgOrganizationRoles = pgTable("organization_roles", {
  organizationId: text("organizationId").notNull(),
  name: text("name").notNull(),
  permissions: text("permissions").array().notNull(),
  createdAt: at("createdAt").notNull(),
}, (table) => [
  primaryKey({ name: "organization_roles_pkey", columns: [table.organizationId, table.name] }),
  foreignKey({ name: "organization_roles_organizationId_fkey", columns: [table.organizationId], foreignColumns: [pgOrganizations.id] }).onDelete("cascade"),
]);

/**
 * The tables of organizations (@latch/pg's migration 12) as a Drizzle schema; {@link pgTables}
 * holds them too, under the same keys.
 */
export const pgOrganizationTables = { organizations: pgOrganizations, members: pgMembers, invitations: pgInvitations, organizationRoles: pgOrganizationRoles };

/** `teams` of @latch/pg's migration 16 (`Organizations({ teams: true })`): a name once per organization, gone with it. */
export const pgTeams = pgTable("teams", {
  id: text("id").primaryKey(),
  organizationId: text("organizationId").notNull(),
  name: text("name").notNull(),
  createdAt: at("createdAt").notNull(),
}, (table) => [
  unique("teams_organizationId_name_key").on(table.organizationId, table.name),
  foreignKey({ name: "teams_organizationId_fkey", columns: [table.organizationId], foreignColumns: [pgOrganizations.id] }).onDelete("cascade"),
]);

/** `team_members` of @latch/pg's migration 16: gone with the team, and with the organization membership it rests on. */
export const pgTeamMembers = pgTable("team_members", {
  teamId: text("teamId").notNull(),
  organizationId: text("organizationId").notNull(),
  userId: text("userId").notNull(),
  createdAt: at("createdAt").notNull(),
}, (table) => [
  primaryKey({ name: "team_members_pkey", columns: [table.teamId, table.userId] }),
  index("team_members_member").on(table.organizationId, table.userId),
  foreignKey({ name: "team_members_teamId_fkey", columns: [table.teamId], foreignColumns: [pgTeams.id] }).onDelete("cascade"),
  foreignKey({ name: "team_members_organizationId_userId_fkey", columns: [table.organizationId, table.userId], foreignColumns: [pgMembers.organizationId, pgMembers.userId] }).onDelete("cascade"),
]);

/**
 * The tables of teams (@latch/pg's migration 16) as a Drizzle schema; {@link pgTables} holds
 * them too, under the same keys.
 */
export const pgTeamTables = { teams: pgTeams, teamMembers: pgTeamMembers };

/**
 * `audit_events` of @latch/pg's migration 15 (`AuditTrail()`): append-only, ids only and no
 * foreign key, so that a removed user's or organization's events stay.
 */
export const pgAuditEvents = pgTable("audit_events", {
  id: text("id").primaryKey(),
  at: at("at").notNull(),
  action: text("action").notNull(),
  outcome: text("outcome").notNull(),
  actorUserId: text("actorUserId"),
  subjectUserId: text("subjectUserId"),
  organizationId: text("organizationId"),
  network: text("network"),
  userAgent: text("userAgent"),
  details: jsonb("details").$type<Record<string, string | number | boolean | null>>(),
}, (table) => [
  check("audit_events_outcome_check", sql`${table.outcome} IN ('success', 'failure')`),
  index("audit_events_at").on(table.at.desc().nullsFirst(), table.id.desc().nullsFirst()),
  index("audit_events_actor").on(table.actorUserId, table.at.desc().nullsFirst(), table.id.desc().nullsFirst()),
  index("audit_events_subject").on(table.subjectUserId, table.at.desc().nullsFirst(), table.id.desc().nullsFirst()),
  index("audit_events_organization").on(table.organizationId, table.at.desc().nullsFirst(), table.id.desc().nullsFirst()),
]);

/**
 * Latch's PostgreSQL tables as a Drizzle schema: the same tables and columns as @latch/pg's
 * migrations, so one database works with either adapter. Spread into your own schema, or pass
 * tables of your own (extra columns allowed) to `DrizzleAdapter`.
 */
export const pgTables = {
  users: pgUsers,
  accounts: pgAccounts,
  sessions: pgSessions,
  verificationTokens: pgVerificationTokens,
  authenticators: pgAuthenticators,
  passwords: pgPasswords,
  secondFactors: pgSecondFactors,
  signingKeys: pgSigningKeys,
  apiKeys: pgApiKeys,
  userStandings: pgUserStandings,
  ...pgOrganizationTables,
  ...pgTeamTables,
  auditEvents: pgAuditEvents,
};

/** The shape of {@link pgTables}; tables of your own must have at least these columns. */
export type PgLatchTables = typeof pgTables;
