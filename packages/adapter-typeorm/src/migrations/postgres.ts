import type { Migration } from "./types.js";

/** SQL for the stored spelling of an address column: NFKC, trimmed, lower case. */
const pgStored = (column: string) => `lower(regexp_replace(normalize(${column}, NFKC), '^[[:space:]]+|[[:space:]]+$', '', 'g'))`;

/**
 * PostgreSQL. Migration 1 is the schema TypeORM's `synchronize` made from the entities as first
 * released (constraint and index names included), so a database created that way is that schema.
 */
export const postgresMigrations: readonly Migration[] = [
  {
    version: 1,
    name: "initial schema",
    statements: (t) => [
      `CREATE TABLE ${t("users")} ("id" character varying(255) NOT NULL, "name" character varying(255), "email" character varying(255) NOT NULL DEFAULT '', "emailVerified" TIMESTAMP(3), "image" text, CONSTRAINT "UQ_97672ac88f789774dd47f7c8be3" UNIQUE ("email"), CONSTRAINT "PK_a3ffb1c0c8416b9fc6f907b7433" PRIMARY KEY ("id"))`,
      `CREATE TABLE ${t("accounts")} ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "userId" character varying(255) NOT NULL, "type" character varying(32) NOT NULL, "provider" character varying(255) NOT NULL, "providerAccountId" character varying(255) NOT NULL, "refresh_token" text, "access_token" text, "expires_at" bigint, "token_type" character varying(255), "scope" text, "id_token" text, "session_state" text, CONSTRAINT "accounts_provider_account_key" UNIQUE ("provider", "providerAccountId"), CONSTRAINT "PK_5a7a02c20412299d198e097a8fe" PRIMARY KEY ("id"))`,
      `CREATE INDEX "IDX_3aa23c0a6d107393e8b40e3e2a" ON ${t("accounts")} ("userId")`,
      `CREATE TABLE ${t("sessions")} ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "sessionToken" character varying(255) NOT NULL, "userId" character varying(255) NOT NULL, "expires" TIMESTAMP(3) NOT NULL, CONSTRAINT "UQ_8b5e2ec52e335c0fe16d7ec3584" UNIQUE ("sessionToken"), CONSTRAINT "PK_3238ef96f18b355b671619111bc" PRIMARY KEY ("id"))`,
      `CREATE INDEX "IDX_57de40bc620f456c7311aa3a1e" ON ${t("sessions")} ("userId")`,
      `CREATE TABLE ${t("verification_tokens")} ("id" uuid NOT NULL DEFAULT uuid_generate_v4(), "token" character varying(255) NOT NULL, "identifier" character varying(255) NOT NULL, "expires" TIMESTAMP(3) NOT NULL, CONSTRAINT "verification_tokens_identifier_token_key" UNIQUE ("identifier", "token"), CONSTRAINT "PK_f2d4d7a2aa57ef199e61567db22" PRIMARY KEY ("id"))`,
      `CREATE TABLE ${t("authenticators")} ("credentialID" character varying(255) NOT NULL, "userId" character varying(255) NOT NULL, "providerAccountId" character varying(255) NOT NULL, "credentialPublicKey" text NOT NULL, "counter" bigint NOT NULL, "credentialDeviceType" character varying(32) NOT NULL, "credentialBackedUp" boolean NOT NULL, "transports" character varying(255), CONSTRAINT "PK_c7ef5a624fc426569bbac3186b8" PRIMARY KEY ("credentialID"))`,
      `CREATE INDEX "IDX_1d5625123057c56b97b3b06d36" ON ${t("authenticators")} ("userId")`,
      `ALTER TABLE ${t("accounts")} ADD CONSTRAINT "FK_3aa23c0a6d107393e8b40e3e2a6" FOREIGN KEY ("userId") REFERENCES ${t("users")}("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      `ALTER TABLE ${t("sessions")} ADD CONSTRAINT "FK_57de40bc620f456c7311aa3a1e6" FOREIGN KEY ("userId") REFERENCES ${t("users")}("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      `ALTER TABLE ${t("authenticators")} ADD CONSTRAINT "FK_1d5625123057c56b97b3b06d360" FOREIGN KEY ("userId") REFERENCES ${t("users")}("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    ],
  },
  {
    version: 2,
    name: "unique email only when not empty",
    // A user without an email is stored with "": a partial unique index lets any number of them exist.
    statements: (t) => [
      `ALTER TABLE ${t("users")} DROP CONSTRAINT "UQ_97672ac88f789774dd47f7c8be3"`,
      `CREATE UNIQUE INDEX "users_email_key" ON ${t("users")} ("email") WHERE "email" <> ''`,
    ],
  },
  {
    version: 3,
    name: "session details for the sessions list",
    // Nullable columns without values: every session is kept, its details unknown until set.
    statements: (t) => [
      `ALTER TABLE ${t("sessions")} ADD "createdAt" TIMESTAMP(3), ADD "lastSeenAt" TIMESTAMP(3), ADD "userAgent" character varying(64), ADD "ip" character varying(64)`,
    ],
  },
  {
    version: 4,
    name: "refresh lease on accounts",
    // Who may refresh the account's tokens now, and until when (see leaseAccount).
    statements: (t) => [
      `ALTER TABLE ${t("accounts")} ADD "refreshLeaseHolder" character varying(64), ADD "refreshLeaseUntil" TIMESTAMP(3)`,
    ],
  },
  {
    version: 5,
    name: "refused refresh recorded on accounts",
    // The provider's error code when it refused the stored refresh token (see releaseAccount).
    statements: (t) => [`ALTER TABLE ${t("accounts")} ADD "refreshError" character varying(64)`],
  },
  {
    version: 6,
    name: "password hashes",
    // One password per user (its primary key), gone with the user; only the hash is stored.
    statements: (t) => [
      `CREATE TABLE ${t("passwords")} ("userId" character varying(255) NOT NULL, "hash" character varying(255) NOT NULL, "updatedAt" TIMESTAMP(3) NOT NULL, CONSTRAINT "passwords_pkey" PRIMARY KEY ("userId"))`,
      `ALTER TABLE ${t("passwords")} ADD CONSTRAINT "passwords_user_fkey" FOREIGN KEY ("userId") REFERENCES ${t("users")}("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    ],
  },
  {
    version: 7,
    name: "second factors",
    // TOTP factors (the secret encrypted by Latch), backup and email codes (their SHA-256), gone with the user.
    statements: (t) => [
      `CREATE TABLE ${t("second_factors")} ("id" character varying(64) NOT NULL, "userId" character varying(255) NOT NULL, "kind" character varying(32) NOT NULL, "secret" text NOT NULL, "lastUsedStep" bigint, "attempts" integer NOT NULL DEFAULT 0, "confirmedAt" TIMESTAMP(3), "expires" TIMESTAMP(3), "createdAt" TIMESTAMP(3) NOT NULL, CONSTRAINT "second_factors_pkey" PRIMARY KEY ("id"))`,
      `CREATE INDEX "second_factors_user" ON ${t("second_factors")} ("userId", "kind")`,
      `ALTER TABLE ${t("second_factors")} ADD CONSTRAINT "second_factors_user_fkey" FOREIGN KEY ("userId") REFERENCES ${t("users")}("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    ],
  },
  {
    version: 9,
    name: "email addresses in the stored spelling",
    // NFKC, trimmed, lower case, as Latch looks addresses up; users whose addresses are spellings of
    // one address all stay as they are (emailCollisions names them). lower() follows the database's
    // collation (ASCII letters only under the C locale).
    statements: (t) => [
      `UPDATE ${t("users")} AS u SET "email" = ${pgStored("u.\"email\"")}
        WHERE u."email" <> ${pgStored("u.\"email\"")}
          AND (${pgStored("u.\"email\"")} = '' OR NOT EXISTS (
            SELECT 1 FROM ${t("users")} AS o WHERE o."id" <> u."id" AND ${pgStored("o.\"email\"")} = ${pgStored("u.\"email\"")}))`,
    ],
  },
  {
    version: 10,
    name: "how sessions were earned",
    // auth_time and mfa_time in seconds since the epoch; amr the RFC 8176 methods separated by
    // spaces, as on every engine of this adapter (PROTOCOL §4). NULL for older sessions: they earn nothing.
    statements: (t) => [`ALTER TABLE ${t("sessions")} ADD "auth_time" bigint, ADD "mfa_time" bigint, ADD "amr" character varying(255)`],
  },
  {
    version: 11,
    name: "access-token signing keys",
    // One row per key generation of AccessTokens() with stored keys: the public JWK and the private
    // one sealed by Latch. The generation is unique so that a second writer's insert does nothing.
    statements: (t) => [
      `CREATE TABLE ${t("signing_keys")} ("id" character varying(64) NOT NULL, "generation" integer NOT NULL, "algorithm" character varying(16) NOT NULL, "publicKey" text NOT NULL, "privateKey" text NOT NULL, "createdAt" TIMESTAMP(3) NOT NULL, CONSTRAINT "signing_keys_pkey" PRIMARY KEY ("id"))`,
      `CREATE UNIQUE INDEX "signing_keys_generation_key" ON ${t("signing_keys")} ("generation")`,
    ],
  },
  {
    version: 12,
    name: "API keys",
    // One row per key of ApiKeys(): its public id, the SHA-256 of its secret (never the secret), its
    // owner by type and id, its scopes as text[] (as @latch/pg stores them). A user's keys go with
    // the user ("userId", set for owner type "user").
    statements: (t) => [
      `CREATE TABLE ${t("api_keys")} ("id" character varying(64) NOT NULL, "ownerType" character varying(32) NOT NULL, "ownerId" character varying(255) NOT NULL, "userId" character varying(255), "name" character varying(255) NOT NULL, "scopes" text array NOT NULL, "hash" character varying(64) NOT NULL, "createdAt" TIMESTAMP(3) NOT NULL, "expires" TIMESTAMP(3), "lastUsedAt" TIMESTAMP(3), CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id"))`,
      `CREATE INDEX "api_keys_owner" ON ${t("api_keys")} ("ownerType", "ownerId")`,
      `CREATE INDEX "api_keys_user" ON ${t("api_keys")} ("userId")`,
      `ALTER TABLE ${t("api_keys")} ADD CONSTRAINT "api_keys_user_fkey" FOREIGN KEY ("userId") REFERENCES ${t("users")}("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
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
    // Metadata is jsonb and a made role's permissions text[], as @latch/pg stores them.
    statements: (t) => [
      `CREATE TABLE ${t("organizations")} ("id" character varying(255) NOT NULL, "name" character varying(255) NOT NULL, "slug" character varying(255) NOT NULL, "metadata" jsonb, "createdAt" TIMESTAMP(3) NOT NULL, CONSTRAINT "organizations_slug_key" UNIQUE ("slug"), CONSTRAINT "organizations_pkey" PRIMARY KEY ("id"))`,
      `CREATE TABLE ${t("members")} ("organizationId" character varying(255) NOT NULL, "userId" character varying(255) NOT NULL, "role" character varying(64) NOT NULL, "createdAt" TIMESTAMP(3) NOT NULL, CONSTRAINT "members_pkey" PRIMARY KEY ("organizationId", "userId"))`,
      `CREATE INDEX "members_user" ON ${t("members")} ("userId")`,
      `ALTER TABLE ${t("members")} ADD CONSTRAINT "members_organization_fkey" FOREIGN KEY ("organizationId") REFERENCES ${t("organizations")}("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      `ALTER TABLE ${t("members")} ADD CONSTRAINT "members_user_fkey" FOREIGN KEY ("userId") REFERENCES ${t("users")}("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      `CREATE TABLE ${t("invitations")} ("id" character varying(255) NOT NULL, "organizationId" character varying(255) NOT NULL, "email" character varying(255) NOT NULL, "role" character varying(64) NOT NULL, "inviterId" character varying(255) NOT NULL, "hash" character varying(64) NOT NULL, "status" character varying(16) NOT NULL, "expires" TIMESTAMP(3) NOT NULL, "createdAt" TIMESTAMP(3) NOT NULL, CONSTRAINT "invitations_pkey" PRIMARY KEY ("id"))`,
      `CREATE INDEX "invitations_organization" ON ${t("invitations")} ("organizationId")`,
      `ALTER TABLE ${t("invitations")} ADD CONSTRAINT "invitations_organization_fkey" FOREIGN KEY ("organizationId") REFERENCES ${t("organizations")}("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      `CREATE TABLE ${t("organization_roles")} ("organizationId" character varying(255) NOT NULL, "name" character varying(64) NOT NULL, "permissions" text array NOT NULL, "createdAt" TIMESTAMP(3) NOT NULL, CONSTRAINT "organization_roles_pkey" PRIMARY KEY ("organizationId", "name"))`,
      `ALTER TABLE ${t("organization_roles")} ADD CONSTRAINT "organization_roles_organization_fkey" FOREIGN KEY ("organizationId") REFERENCES ${t("organizations")}("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      `ALTER TABLE ${t("sessions")} ADD "activeOrganizationId" character varying(255)`,
    ],
  },
  {
    version: 14,
    name: "site roles and bans",
    // The site role ("admin" for a site administrator) and the ban of Admin(), one row per user who
    // has either, gone with the user. A table of its own: users keeps its shape (an app may have a
    // role column of its own there), and every existing user keeps their row.
    statements: (t) => [
      `CREATE TABLE ${t("user_standings")} ("userId" character varying(255) NOT NULL, "siteRole" character varying(64), "banned" boolean NOT NULL DEFAULT false, "banReason" text, "banExpires" TIMESTAMP(3), CONSTRAINT "user_standings_pkey" PRIMARY KEY ("userId"))`,
      `ALTER TABLE ${t("user_standings")} ADD CONSTRAINT "user_standings_user_fkey" FOREIGN KEY ("userId") REFERENCES ${t("users")}("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    ],
  },
  {
    version: 15,
    name: "impersonation",
    // The id of the site administrator who started a session as its user (Admin()'s
    // impersonation); null for every session a user started, those already stored included.
    statements: (t) => [`ALTER TABLE ${t("sessions")} ADD "impersonatedBy" character varying(255)`],
  },
  {
    version: 16,
    name: "audit events",
    // The audit trail of AuditTrail(), as @latch/pg stores it: append-only, ids only and no foreign
    // key, so a removed user's or organization's events stay. A trigger refuses every UPDATE,
    // DELETE and TRUNCATE; an operator who must purge old events disables it for that statement
    // (ALTER TABLE audit_events DISABLE TRIGGER USER, as the table's owner).
    statements: (t) => [
      `CREATE TABLE ${t("audit_events")} ("id" character varying(255) NOT NULL, "at" TIMESTAMP(3) NOT NULL, "action" character varying(255) NOT NULL, "outcome" character varying(16) NOT NULL, "actorUserId" character varying(255), "subjectUserId" character varying(255), "organizationId" character varying(255), "network" character varying(255), "userAgent" text, "details" jsonb, CONSTRAINT "audit_events_outcome_check" CHECK ("outcome" IN ('success', 'failure')), CONSTRAINT "audit_events_pkey" PRIMARY KEY ("id"))`,
      `CREATE INDEX "audit_events_at" ON ${t("audit_events")} ("at" DESC, "id" DESC)`,
      `CREATE INDEX "audit_events_actor" ON ${t("audit_events")} ("actorUserId", "at" DESC, "id" DESC)`,
      `CREATE INDEX "audit_events_subject" ON ${t("audit_events")} ("subjectUserId", "at" DESC, "id" DESC)`,
      `CREATE INDEX "audit_events_organization" ON ${t("audit_events")} ("organizationId", "at" DESC, "id" DESC)`,
      `CREATE OR REPLACE FUNCTION ${t("latch_audit_events_append_only")}() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        RAISE EXCEPTION 'audit_events is append-only: % is refused', TG_OP USING ERRCODE = 'insufficient_privilege';
      END
      $fn$`,
      `CREATE TRIGGER "audit_events_append_only" BEFORE UPDATE OR DELETE ON ${t("audit_events")} FOR EACH ROW EXECUTE FUNCTION ${t("latch_audit_events_append_only")}()`,
      `CREATE TRIGGER "audit_events_no_truncate" BEFORE TRUNCATE ON ${t("audit_events")} FOR EACH STATEMENT EXECUTE FUNCTION ${t("latch_audit_events_append_only")}()`,
    ],
  },
  {
    version: 17,
    name: "teams",
    // Teams inside an organization (a name once per organization, gone with it) and their members:
    // a team membership rests on the organization membership (a foreign key on both columns), so
    // removing someone from the organization takes them out of its teams in the same write.
    statements: (t) => [
      `CREATE TABLE ${t("teams")} ("id" character varying(255) NOT NULL, "organizationId" character varying(255) NOT NULL, "name" character varying(255) NOT NULL, "createdAt" TIMESTAMP(3) NOT NULL, CONSTRAINT "teams_organization_name_key" UNIQUE ("organizationId", "name"), CONSTRAINT "teams_pkey" PRIMARY KEY ("id"))`,
      `ALTER TABLE ${t("teams")} ADD CONSTRAINT "teams_organization_fkey" FOREIGN KEY ("organizationId") REFERENCES ${t("organizations")}("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      `CREATE TABLE ${t("team_members")} ("teamId" character varying(255) NOT NULL, "userId" character varying(255) NOT NULL, "organizationId" character varying(255) NOT NULL, "createdAt" TIMESTAMP(3) NOT NULL, CONSTRAINT "team_members_pkey" PRIMARY KEY ("teamId", "userId"))`,
      `CREATE INDEX "team_members_member" ON ${t("team_members")} ("organizationId", "userId")`,
      `ALTER TABLE ${t("team_members")} ADD CONSTRAINT "team_members_team_fkey" FOREIGN KEY ("teamId") REFERENCES ${t("teams")}("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      `ALTER TABLE ${t("team_members")} ADD CONSTRAINT "team_members_member_fkey" FOREIGN KEY ("organizationId", "userId") REFERENCES ${t("members")}("organizationId", "userId") ON DELETE CASCADE ON UPDATE NO ACTION`,
    ],
  },
  {
    version: 18,
    name: "OAuth provider models",
    // What @latch/oidc-provider/typeorm keeps for the authorization server (as @latch/pg's
    // migration 19): one row per model (kind, id), the id a token's SHA-256, never the token.
    // "grantId" revokes all a grant gave in one statement; "userCode" and uid find a device code
    // and a session; expired rows are never answered and are deleted now and then.
    statements: (t) => [
      `CREATE TABLE ${t("oauth_provider_models")} ("kind" character varying(64) NOT NULL, "id" character varying(255) NOT NULL, "payload" jsonb NOT NULL, "grantId" character varying(255), "userCode" character varying(255), "uid" character varying(255), "expiresAt" TIMESTAMP(3) WITH TIME ZONE, "consumedAt" TIMESTAMP(3) WITH TIME ZONE, CONSTRAINT "oauth_provider_models_pkey" PRIMARY KEY ("kind", "id"))`,
      `CREATE INDEX "oauth_provider_models_grant" ON ${t("oauth_provider_models")} ("grantId") WHERE "grantId" IS NOT NULL`,
      `CREATE UNIQUE INDEX "oauth_provider_models_user_code" ON ${t("oauth_provider_models")} ("kind", "userCode") WHERE "userCode" IS NOT NULL`,
      `CREATE UNIQUE INDEX "oauth_provider_models_uid" ON ${t("oauth_provider_models")} ("kind", "uid") WHERE "uid" IS NOT NULL`,
      `CREATE INDEX "oauth_provider_models_expiry" ON ${t("oauth_provider_models")} ("expiresAt") WHERE "expiresAt" IS NOT NULL`,
    ],
  },
];
