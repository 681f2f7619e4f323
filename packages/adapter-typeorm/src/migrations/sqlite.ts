import type { Migration } from "./types.js";

const usersColumns = `"id" varchar(255) PRIMARY KEY NOT NULL, "name" varchar(255), "email" varchar(255) NOT NULL DEFAULT (''), "emailVerified" datetime(3), "image" text`;

/**
 * SQLite. Migration 1 is the schema TypeORM's `synchronize` made from the entities as first
 * released (constraint and index names included), so a database created that way is that schema.
 * These run with foreign keys off (see `migrate`), as a table rebuild needs.
 */
export const sqliteMigrations: readonly Migration[] = [
  {
    version: 1,
    name: "initial schema",
    statements: (t) => [
      `CREATE TABLE ${t("users")} (${usersColumns}, CONSTRAINT "UQ_97672ac88f789774dd47f7c8be3" UNIQUE ("email"))`,
      `CREATE TABLE ${t("accounts")} ("id" varchar PRIMARY KEY NOT NULL, "userId" varchar(255) NOT NULL, "type" varchar(32) NOT NULL, "provider" varchar(255) NOT NULL, "providerAccountId" varchar(255) NOT NULL, "refresh_token" text, "access_token" text, "expires_at" bigint, "token_type" varchar(255), "scope" text, "id_token" text, "session_state" text, CONSTRAINT "accounts_provider_account_key" UNIQUE ("provider", "providerAccountId"), CONSTRAINT "FK_3aa23c0a6d107393e8b40e3e2a6" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
      `CREATE INDEX "IDX_3aa23c0a6d107393e8b40e3e2a" ON ${t("accounts")} ("userId")`,
      `CREATE TABLE ${t("sessions")} ("id" varchar PRIMARY KEY NOT NULL, "sessionToken" varchar(255) NOT NULL, "userId" varchar(255) NOT NULL, "expires" datetime(3) NOT NULL, CONSTRAINT "UQ_8b5e2ec52e335c0fe16d7ec3584" UNIQUE ("sessionToken"), CONSTRAINT "FK_57de40bc620f456c7311aa3a1e6" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
      `CREATE INDEX "IDX_57de40bc620f456c7311aa3a1e" ON ${t("sessions")} ("userId")`,
      `CREATE TABLE ${t("verification_tokens")} ("id" varchar PRIMARY KEY NOT NULL, "token" varchar(255) NOT NULL, "identifier" varchar(255) NOT NULL, "expires" datetime(3) NOT NULL, CONSTRAINT "verification_tokens_identifier_token_key" UNIQUE ("identifier", "token"))`,
      `CREATE TABLE ${t("authenticators")} ("credentialID" varchar(255) PRIMARY KEY NOT NULL, "userId" varchar(255) NOT NULL, "providerAccountId" varchar(255) NOT NULL, "credentialPublicKey" text NOT NULL, "counter" bigint NOT NULL, "credentialDeviceType" varchar(32) NOT NULL, "credentialBackedUp" boolean NOT NULL, "transports" varchar(255), CONSTRAINT "FK_1d5625123057c56b97b3b06d360" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
      `CREATE INDEX "IDX_1d5625123057c56b97b3b06d36" ON ${t("authenticators")} ("userId")`,
    ],
  },
  {
    version: 2,
    name: "unique email only when not empty",
    // SQLite cannot drop a table's UNIQUE constraint: the table is rebuilt without it (rows copied,
    // foreign keys off so that dropping the old table deletes nothing), then a partial unique index
    // lets any number of users without an email ("") exist.
    statements: (t) => [
      `CREATE TABLE "temporary_users" (${usersColumns})`,
      `INSERT INTO "temporary_users" ("id", "name", "email", "emailVerified", "image") SELECT "id", "name", "email", "emailVerified", "image" FROM ${t("users")}`,
      `DROP TABLE ${t("users")}`,
      `ALTER TABLE "temporary_users" RENAME TO ${t("users")}`,
      `CREATE UNIQUE INDEX "users_email_key" ON ${t("users")} ("email") WHERE "email" <> ''`,
    ],
  },
  {
    version: 3,
    name: "session details for the sessions list",
    // Nullable columns without values: every session is kept, its details unknown until set.
    statements: (t) => [
      `ALTER TABLE ${t("sessions")} ADD COLUMN "createdAt" datetime(3)`,
      `ALTER TABLE ${t("sessions")} ADD COLUMN "lastSeenAt" datetime(3)`,
      `ALTER TABLE ${t("sessions")} ADD COLUMN "userAgent" varchar(64)`,
      `ALTER TABLE ${t("sessions")} ADD COLUMN "ip" varchar(64)`,
    ],
  },
  {
    version: 4,
    name: "refresh lease on accounts",
    // Who may refresh the account's tokens now, and until when (see leaseAccount).
    statements: (t) => [
      `ALTER TABLE ${t("accounts")} ADD COLUMN "refreshLeaseHolder" varchar(64)`,
      `ALTER TABLE ${t("accounts")} ADD COLUMN "refreshLeaseUntil" datetime(3)`,
    ],
  },
  {
    version: 5,
    name: "refused refresh recorded on accounts",
    // The provider's error code when it refused the stored refresh token (see releaseAccount).
    statements: (t) => [`ALTER TABLE ${t("accounts")} ADD COLUMN "refreshError" varchar(64)`],
  },
  {
    version: 6,
    name: "password hashes",
    // One password per user (its primary key), gone with the user; only the hash is stored.
    statements: (t) => [
      `CREATE TABLE ${t("passwords")} ("userId" varchar(255) PRIMARY KEY NOT NULL, "hash" varchar(255) NOT NULL, "updatedAt" datetime(3) NOT NULL, CONSTRAINT "passwords_user_fkey" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    ],
  },
  {
    version: 7,
    name: "second factors",
    // TOTP factors (the secret encrypted by Latch), backup and email codes (their SHA-256), gone with the user.
    statements: (t) => [
      `CREATE TABLE ${t("second_factors")} ("id" varchar(64) PRIMARY KEY NOT NULL, "userId" varchar(255) NOT NULL, "kind" varchar(32) NOT NULL, "secret" text NOT NULL, "lastUsedStep" bigint, "attempts" integer NOT NULL DEFAULT (0), "confirmedAt" datetime(3), "expires" datetime(3), "createdAt" datetime(3) NOT NULL, CONSTRAINT "second_factors_user_fkey" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
      `CREATE INDEX "second_factors_user" ON ${t("second_factors")} ("userId", "kind")`,
    ],
  },
  {
    version: 9,
    name: "email addresses in the stored spelling",
    // Trimmed and lower case (SQLite's lower() and trim() know ASCII only, and it has no NFKC), as
    // Latch looks addresses up. Users whose addresses are spellings of one address all stay as they
    // are (emailCollisions names them).
    statements: (t) => [
      `UPDATE ${t("users")} SET "email" = lower(trim("email"))
        WHERE "email" <> lower(trim("email"))
          AND (lower(trim("email")) = '' OR NOT EXISTS (
            SELECT 1 FROM ${t("users")} AS o WHERE o."id" <> ${t("users")}."id" AND lower(trim(o."email")) = lower(trim(${t("users")}."email"))))`,
    ],
  },
  {
    version: 10,
    name: "how sessions were earned",
    // auth_time and mfa_time in seconds since the epoch; amr the RFC 8176 methods separated by
    // spaces (PROTOCOL §4). NULL for older sessions: they earn nothing.
    statements: (t) => [
      `ALTER TABLE ${t("sessions")} ADD COLUMN "auth_time" bigint`,
      `ALTER TABLE ${t("sessions")} ADD COLUMN "mfa_time" bigint`,
      `ALTER TABLE ${t("sessions")} ADD COLUMN "amr" varchar(255)`,
    ],
  },
  {
    version: 11,
    name: "access-token signing keys",
    // One row per key generation of AccessTokens() with stored keys: the public JWK and the private
    // one sealed by Latch. The generation is unique so that a second writer's insert does nothing.
    statements: (t) => [
      `CREATE TABLE ${t("signing_keys")} ("id" varchar(64) PRIMARY KEY NOT NULL, "generation" integer NOT NULL, "algorithm" varchar(16) NOT NULL, "publicKey" text NOT NULL, "privateKey" text NOT NULL, "createdAt" datetime(3) NOT NULL)`,
      `CREATE UNIQUE INDEX "signing_keys_generation_key" ON ${t("signing_keys")} ("generation")`,
    ],
  },
  {
    version: 12,
    name: "API keys",
    // One row per key of ApiKeys(): its public id, the SHA-256 of its secret (never the secret), its
    // owner by type and id, its scopes in one text separated by spaces (a scope has none). A user's
    // keys go with the user ("userId", set for owner type "user").
    statements: (t) => [
      `CREATE TABLE ${t("api_keys")} ("id" varchar(64) PRIMARY KEY NOT NULL, "ownerType" varchar(32) NOT NULL, "ownerId" varchar(255) NOT NULL, "userId" varchar(255), "name" varchar(255) NOT NULL, "scopes" text NOT NULL, "hash" varchar(64) NOT NULL, "createdAt" datetime(3) NOT NULL, "expires" datetime(3), "lastUsedAt" datetime(3), CONSTRAINT "api_keys_user_fkey" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
      `CREATE INDEX "api_keys_owner" ON ${t("api_keys")} ("ownerType", "ownerId")`,
      `CREATE INDEX "api_keys_user" ON ${t("api_keys")} ("userId")`,
    ],
  },
  {
    version: 13,
    name: "organizations",
    // Organizations of Organizations() (the slug unique), their members (one row per user and
    // organization, gone with either), invitations (the SHA-256 of each token, never the token),
    // the roles an organization makes at run time (gone with it), and the active organization of
    // a database session (no foreign key: the session reads it through the membership, which
    // goes with the organization).
    // Metadata is the JSON text of the object; a made role's permissions one text separated by spaces.
    statements: (t) => [
      `CREATE TABLE ${t("organizations")} ("id" varchar(255) PRIMARY KEY NOT NULL, "name" varchar(255) NOT NULL, "slug" varchar(255) NOT NULL, "metadata" text, "createdAt" datetime(3) NOT NULL, CONSTRAINT "organizations_slug_key" UNIQUE ("slug"))`,
      `CREATE TABLE ${t("members")} ("organizationId" varchar(255) NOT NULL, "userId" varchar(255) NOT NULL, "role" varchar(64) NOT NULL, "createdAt" datetime(3) NOT NULL, PRIMARY KEY ("organizationId", "userId"), CONSTRAINT "members_organization_fkey" FOREIGN KEY ("organizationId") REFERENCES "organizations" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "members_user_fkey" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
      `CREATE INDEX "members_user" ON ${t("members")} ("userId")`,
      `CREATE TABLE ${t("invitations")} ("id" varchar(255) PRIMARY KEY NOT NULL, "organizationId" varchar(255) NOT NULL, "email" varchar(255) NOT NULL, "role" varchar(64) NOT NULL, "inviterId" varchar(255) NOT NULL, "hash" varchar(64) NOT NULL, "status" varchar(16) NOT NULL, "expires" datetime(3) NOT NULL, "createdAt" datetime(3) NOT NULL, CONSTRAINT "invitations_organization_fkey" FOREIGN KEY ("organizationId") REFERENCES "organizations" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
      `CREATE INDEX "invitations_organization" ON ${t("invitations")} ("organizationId")`,
      `CREATE TABLE ${t("organization_roles")} ("organizationId" varchar(255) NOT NULL, "name" varchar(64) NOT NULL, "permissions" text NOT NULL, "createdAt" datetime(3) NOT NULL, PRIMARY KEY ("organizationId", "name"), CONSTRAINT "organization_roles_organization_fkey" FOREIGN KEY ("organizationId") REFERENCES "organizations" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
      `ALTER TABLE ${t("sessions")} ADD COLUMN "activeOrganizationId" varchar(255)`,
    ],
  },
  {
    version: 14,
    name: "site roles and bans",
    // The site role ("admin" for a site administrator) and the ban of Admin(), one row per user who
    // has either, gone with the user. A table of its own: users keeps its shape (an app may have a
    // role column of its own there), and every existing user keeps their row.
    statements: (t) => [
      `CREATE TABLE ${t("user_standings")} ("userId" varchar(255) PRIMARY KEY NOT NULL, "siteRole" varchar(64), "banned" boolean NOT NULL DEFAULT (0), "banReason" text, "banExpires" datetime(3), CONSTRAINT "user_standings_user_fkey" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    ],
  },
  {
    version: 15,
    name: "impersonation",
    // The id of the site administrator who started a session as its user (Admin()'s
    // impersonation); null for every session a user started, those already stored included.
    statements: (t) => [`ALTER TABLE ${t("sessions")} ADD COLUMN "impersonatedBy" varchar(255)`],
  },
  {
    version: 16,
    name: "audit events",
    // The audit trail of AuditTrail(): append-only, ids only and no foreign key, so a removed
    // user's or organization's events stay. Details are the JSON text of the object. Two triggers
    // refuse every UPDATE and DELETE (an operator who must purge old events drops them for that).
    statements: (t) => [
      `CREATE TABLE ${t("audit_events")} ("id" varchar(255) PRIMARY KEY NOT NULL, "at" datetime(3) NOT NULL, "action" varchar(255) NOT NULL, "outcome" varchar(16) NOT NULL CHECK ("outcome" IN ('success', 'failure')), "actorUserId" varchar(255), "subjectUserId" varchar(255), "organizationId" varchar(255), "network" varchar(255), "userAgent" text, "details" text)`,
      `CREATE INDEX "audit_events_at" ON ${t("audit_events")} ("at", "id")`,
      `CREATE INDEX "audit_events_actor" ON ${t("audit_events")} ("actorUserId", "at", "id")`,
      `CREATE INDEX "audit_events_subject" ON ${t("audit_events")} ("subjectUserId", "at", "id")`,
      `CREATE INDEX "audit_events_organization" ON ${t("audit_events")} ("organizationId", "at", "id")`,
      `CREATE TRIGGER "audit_events_no_update" BEFORE UPDATE ON ${t("audit_events")} BEGIN SELECT RAISE(ABORT, 'audit_events is append-only: UPDATE is refused'); END`,
      `CREATE TRIGGER "audit_events_no_delete" BEFORE DELETE ON ${t("audit_events")} BEGIN SELECT RAISE(ABORT, 'audit_events is append-only: DELETE is refused'); END`,
    ],
  },
  {
    version: 17,
    name: "teams",
    // Teams inside an organization (a name once per organization, gone with it) and their members:
    // a team membership rests on the organization membership (a foreign key on both columns), so
    // removing someone from the organization takes them out of its teams in the same write.
    statements: (t) => [
      `CREATE TABLE ${t("teams")} ("id" varchar(255) PRIMARY KEY NOT NULL, "organizationId" varchar(255) NOT NULL, "name" varchar(255) NOT NULL, "createdAt" datetime(3) NOT NULL, CONSTRAINT "teams_organization_name_key" UNIQUE ("organizationId", "name"), CONSTRAINT "teams_organization_fkey" FOREIGN KEY ("organizationId") REFERENCES "organizations" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
      `CREATE TABLE ${t("team_members")} ("teamId" varchar(255) NOT NULL, "organizationId" varchar(255) NOT NULL, "userId" varchar(255) NOT NULL, "createdAt" datetime(3) NOT NULL, PRIMARY KEY ("teamId", "userId"), CONSTRAINT "team_members_team_fkey" FOREIGN KEY ("teamId") REFERENCES "teams" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "team_members_member_fkey" FOREIGN KEY ("organizationId", "userId") REFERENCES "members" ("organizationId", "userId") ON DELETE CASCADE ON UPDATE NO ACTION)`,
      `CREATE INDEX "team_members_member" ON ${t("team_members")} ("organizationId", "userId")`,
    ],
  },
  {
    version: 18,
    name: "OAuth provider models",
    // What @latch/oidc-provider/typeorm keeps for the authorization server (as @latch/pg's
    // migration 19): one row per model (kind, id), the id a token's SHA-256, never the token.
    // "grantId" revokes all a grant gave in one statement; "userCode" and uid find a device code
    // and a session; expired rows are never answered and are deleted now and then.
    // The payload is JSON text, the times ISO 8601 text in UTC (they compare as text).
    statements: (t) => [
      `CREATE TABLE ${t("oauth_provider_models")} ("kind" varchar(64) NOT NULL, "id" varchar(255) NOT NULL, "payload" text NOT NULL, "grantId" varchar(255), "userCode" varchar(255), "uid" varchar(255), "expiresAt" varchar(32), "consumedAt" varchar(32), PRIMARY KEY ("kind", "id"))`,
      `CREATE INDEX "oauth_provider_models_grant" ON ${t("oauth_provider_models")} ("grantId") WHERE "grantId" IS NOT NULL`,
      `CREATE UNIQUE INDEX "oauth_provider_models_user_code" ON ${t("oauth_provider_models")} ("kind", "userCode") WHERE "userCode" IS NOT NULL`,
      `CREATE UNIQUE INDEX "oauth_provider_models_uid" ON ${t("oauth_provider_models")} ("kind", "uid") WHERE "uid" IS NOT NULL`,
      `CREATE INDEX "oauth_provider_models_expiry" ON ${t("oauth_provider_models")} ("expiresAt") WHERE "expiresAt" IS NOT NULL`,
    ],
  },
];
