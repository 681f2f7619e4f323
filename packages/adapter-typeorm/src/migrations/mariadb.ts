import type { Migration } from "./types.js";

/**
 * MariaDB (and MySQL). Migration 1 is the schema TypeORM's `synchronize` made from the entities as
 * first released (index names included), so a database created that way is that schema.
 */
export const mariadbMigrations: readonly Migration[] = [
  {
    version: 1,
    name: "initial schema",
    statements: (t) => [
      `CREATE TABLE ${t("users")} (\`id\` varchar(255) NOT NULL, \`name\` varchar(255) NULL, \`email\` varchar(255) NOT NULL DEFAULT '', \`emailVerified\` datetime(3) NULL, \`image\` text NULL, UNIQUE INDEX \`IDX_97672ac88f789774dd47f7c8be\` (\`email\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
      `CREATE TABLE ${t("accounts")} (\`id\` uuid NOT NULL, \`userId\` varchar(255) NOT NULL, \`type\` varchar(32) NOT NULL, \`provider\` varchar(255) NOT NULL, \`providerAccountId\` varchar(255) NOT NULL, \`refresh_token\` text NULL, \`access_token\` text NULL, \`expires_at\` bigint NULL, \`token_type\` varchar(255) NULL, \`scope\` text NULL, \`id_token\` text NULL, \`session_state\` text NULL, INDEX \`IDX_3aa23c0a6d107393e8b40e3e2a\` (\`userId\`), UNIQUE INDEX \`accounts_provider_account_key\` (\`provider\`, \`providerAccountId\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
      `CREATE TABLE ${t("sessions")} (\`id\` uuid NOT NULL, \`sessionToken\` varchar(255) NOT NULL, \`userId\` varchar(255) NOT NULL, \`expires\` datetime(3) NOT NULL, INDEX \`IDX_57de40bc620f456c7311aa3a1e\` (\`userId\`), UNIQUE INDEX \`IDX_8b5e2ec52e335c0fe16d7ec358\` (\`sessionToken\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
      `CREATE TABLE ${t("verification_tokens")} (\`id\` uuid NOT NULL, \`token\` varchar(255) NOT NULL, \`identifier\` varchar(255) NOT NULL, \`expires\` datetime(3) NOT NULL, UNIQUE INDEX \`verification_tokens_identifier_token_key\` (\`identifier\`, \`token\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
      `CREATE TABLE ${t("authenticators")} (\`credentialID\` varchar(255) NOT NULL, \`userId\` varchar(255) NOT NULL, \`providerAccountId\` varchar(255) NOT NULL, \`credentialPublicKey\` text NOT NULL, \`counter\` bigint NOT NULL, \`credentialDeviceType\` varchar(32) NOT NULL, \`credentialBackedUp\` tinyint NOT NULL, \`transports\` varchar(255) NULL, INDEX \`IDX_1d5625123057c56b97b3b06d36\` (\`userId\`), PRIMARY KEY (\`credentialID\`)) ENGINE=InnoDB`,
      `ALTER TABLE ${t("accounts")} ADD CONSTRAINT \`FK_3aa23c0a6d107393e8b40e3e2a6\` FOREIGN KEY (\`userId\`) REFERENCES ${t("users")}(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`,
      `ALTER TABLE ${t("sessions")} ADD CONSTRAINT \`FK_57de40bc620f456c7311aa3a1e6\` FOREIGN KEY (\`userId\`) REFERENCES ${t("users")}(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`,
      `ALTER TABLE ${t("authenticators")} ADD CONSTRAINT \`FK_1d5625123057c56b97b3b06d360\` FOREIGN KEY (\`userId\`) REFERENCES ${t("users")}(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`,
    ],
  },
  {
    version: 2,
    name: "unique email only when not empty",
    // MariaDB has no partial index: a stored generated column holds the address, or NULL for ""
    // (a user without an email), and is unique; NULLs never collide in a unique index.
    statements: (t) => [
      `ALTER TABLE ${t("users")} DROP INDEX \`IDX_97672ac88f789774dd47f7c8be\`, ADD COLUMN \`email_key\` varchar(255) AS (NULLIF(\`email\`, '')) STORED, ADD UNIQUE INDEX \`users_email_key\` (\`email_key\`)`,
    ],
  },
  {
    version: 3,
    name: "session details for the sessions list",
    // Nullable columns without values: every session is kept, its details unknown until set.
    statements: (t) => [
      `ALTER TABLE ${t("sessions")} ADD \`createdAt\` datetime(3) NULL DEFAULT NULL, ADD \`lastSeenAt\` datetime(3) NULL DEFAULT NULL, ADD \`userAgent\` varchar(64) NULL, ADD \`ip\` varchar(64) NULL`,
    ],
  },
  {
    version: 4,
    name: "refresh lease on accounts",
    // Who may refresh the account's tokens now, and until when (see leaseAccount).
    statements: (t) => [
      `ALTER TABLE ${t("accounts")} ADD \`refreshLeaseHolder\` varchar(64) NULL, ADD \`refreshLeaseUntil\` datetime(3) NULL DEFAULT NULL`,
    ],
  },
  {
    version: 5,
    name: "refused refresh recorded on accounts",
    // The provider's error code when it refused the stored refresh token (see releaseAccount).
    statements: (t) => [`ALTER TABLE ${t("accounts")} ADD \`refreshError\` varchar(64) NULL`],
  },
  {
    version: 6,
    name: "password hashes",
    // One password per user (its primary key), gone with the user; only the hash is stored.
    statements: (t) => [
      `CREATE TABLE ${t("passwords")} (\`userId\` varchar(255) NOT NULL, \`hash\` varchar(255) NOT NULL, \`updatedAt\` datetime(3) NOT NULL, PRIMARY KEY (\`userId\`)) ENGINE=InnoDB`,
      `ALTER TABLE ${t("passwords")} ADD CONSTRAINT \`passwords_user_fkey\` FOREIGN KEY (\`userId\`) REFERENCES ${t("users")}(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`,
    ],
  },
  {
    version: 7,
    name: "second factors",
    // TOTP factors (the secret encrypted by Latch), backup and email codes (their SHA-256), gone with the user.
    statements: (t) => [
      `CREATE TABLE ${t("second_factors")} (\`id\` varchar(64) NOT NULL, \`userId\` varchar(255) NOT NULL, \`kind\` varchar(32) NOT NULL, \`secret\` text NOT NULL, \`lastUsedStep\` bigint NULL, \`attempts\` int NOT NULL DEFAULT 0, \`confirmedAt\` datetime(3) NULL, \`expires\` datetime(3) NULL, \`createdAt\` datetime(3) NOT NULL, INDEX \`second_factors_user\` (\`userId\`, \`kind\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
      `ALTER TABLE ${t("second_factors")} ADD CONSTRAINT \`second_factors_user_fkey\` FOREIGN KEY (\`userId\`) REFERENCES ${t("users")}(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`,
    ],
  },
  {
    version: 9,
    name: "email addresses in the stored spelling",
    // Trimmed and lower case (MariaDB has no NFKC; LOWER follows the column's collation), as Latch
    // looks addresses up. Users whose addresses are spellings of one address all stay as they are
    // (emailCollisions names them). The derived table is materialised, so the update may read users.
    statements: (t) => [
      `UPDATE ${t("users")} AS u
        LEFT JOIN (SELECT LOWER(TRIM(\`email\`)) AS spelling FROM ${t("users")} GROUP BY spelling HAVING COUNT(*) > 1) AS shared
          ON shared.spelling = LOWER(TRIM(u.\`email\`))
        SET u.\`email\` = LOWER(TRIM(u.\`email\`))
        WHERE shared.spelling IS NULL AND BINARY u.\`email\` <> BINARY LOWER(TRIM(u.\`email\`))`,
    ],
  },
  {
    version: 10,
    name: "how sessions were earned",
    // auth_time and mfa_time in seconds since the epoch; amr the RFC 8176 methods separated by
    // spaces (PROTOCOL §4). NULL for older sessions: they earn nothing.
    statements: (t) => [`ALTER TABLE ${t("sessions")} ADD \`auth_time\` bigint NULL, ADD \`mfa_time\` bigint NULL, ADD \`amr\` varchar(255) NULL`],
  },
  {
    version: 11,
    name: "access-token signing keys",
    // One row per key generation of AccessTokens() with stored keys: the public JWK and the private
    // one sealed by Latch. The generation is unique so that a second writer's insert does nothing.
    statements: (t) => [
      `CREATE TABLE ${t("signing_keys")} (\`id\` varchar(64) NOT NULL, \`generation\` int NOT NULL, \`algorithm\` varchar(16) NOT NULL, \`publicKey\` text NOT NULL, \`privateKey\` text NOT NULL, \`createdAt\` datetime(3) NOT NULL, UNIQUE INDEX \`signing_keys_generation_key\` (\`generation\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    ],
  },
  {
    version: 12,
    name: "API keys",
    // One row per key of ApiKeys(): its public id, the SHA-256 of its secret (never the secret), its
    // owner by type and id, its scopes in one text separated by spaces (a scope has none). A user's
    // keys go with the user ("userId", set for owner type "user").
    statements: (t) => [
      `CREATE TABLE ${t("api_keys")} (\`id\` varchar(64) NOT NULL, \`ownerType\` varchar(32) NOT NULL, \`ownerId\` varchar(255) NOT NULL, \`userId\` varchar(255) NULL, \`name\` varchar(255) NOT NULL, \`scopes\` text NOT NULL, \`hash\` varchar(64) NOT NULL, \`createdAt\` datetime(3) NOT NULL, \`expires\` datetime(3) NULL, \`lastUsedAt\` datetime(3) NULL, INDEX \`api_keys_owner\` (\`ownerType\`, \`ownerId\`), INDEX \`api_keys_user\` (\`userId\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
      `ALTER TABLE ${t("api_keys")} ADD CONSTRAINT \`api_keys_user_fkey\` FOREIGN KEY (\`userId\`) REFERENCES ${t("users")}(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`,
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
      `CREATE TABLE ${t("organizations")} (\`id\` varchar(255) NOT NULL, \`name\` varchar(255) NOT NULL, \`slug\` varchar(255) NOT NULL, \`metadata\` text NULL, \`createdAt\` datetime(3) NOT NULL, UNIQUE INDEX \`organizations_slug_key\` (\`slug\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
      `CREATE TABLE ${t("members")} (\`organizationId\` varchar(255) NOT NULL, \`userId\` varchar(255) NOT NULL, \`role\` varchar(64) NOT NULL, \`createdAt\` datetime(3) NOT NULL, INDEX \`members_user\` (\`userId\`), PRIMARY KEY (\`organizationId\`, \`userId\`)) ENGINE=InnoDB`,
      `ALTER TABLE ${t("members")} ADD CONSTRAINT \`members_organization_fkey\` FOREIGN KEY (\`organizationId\`) REFERENCES ${t("organizations")}(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`,
      `ALTER TABLE ${t("members")} ADD CONSTRAINT \`members_user_fkey\` FOREIGN KEY (\`userId\`) REFERENCES ${t("users")}(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`,
      `CREATE TABLE ${t("invitations")} (\`id\` varchar(255) NOT NULL, \`organizationId\` varchar(255) NOT NULL, \`email\` varchar(255) NOT NULL, \`role\` varchar(64) NOT NULL, \`inviterId\` varchar(255) NOT NULL, \`hash\` varchar(64) NOT NULL, \`status\` varchar(16) NOT NULL, \`expires\` datetime(3) NOT NULL, \`createdAt\` datetime(3) NOT NULL, INDEX \`invitations_organization\` (\`organizationId\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
      `ALTER TABLE ${t("invitations")} ADD CONSTRAINT \`invitations_organization_fkey\` FOREIGN KEY (\`organizationId\`) REFERENCES ${t("organizations")}(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`,
      `CREATE TABLE ${t("organization_roles")} (\`organizationId\` varchar(255) NOT NULL, \`name\` varchar(64) NOT NULL, \`permissions\` text NOT NULL, \`createdAt\` datetime(3) NOT NULL, PRIMARY KEY (\`organizationId\`, \`name\`)) ENGINE=InnoDB`,
      `ALTER TABLE ${t("organization_roles")} ADD CONSTRAINT \`organization_roles_organization_fkey\` FOREIGN KEY (\`organizationId\`) REFERENCES ${t("organizations")}(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`,
      `ALTER TABLE ${t("sessions")} ADD \`activeOrganizationId\` varchar(255) NULL`,
    ],
  },
  {
    version: 14,
    name: "site roles and bans",
    // The site role ("admin" for a site administrator) and the ban of Admin(), one row per user who
    // has either, gone with the user. A table of its own: users keeps its shape (an app may have a
    // role column of its own there), and every existing user keeps their row.
    statements: (t) => [
      `CREATE TABLE ${t("user_standings")} (\`userId\` varchar(255) NOT NULL, \`siteRole\` varchar(64) NULL, \`banned\` tinyint NOT NULL DEFAULT 0, \`banReason\` text NULL, \`banExpires\` datetime(3) NULL, PRIMARY KEY (\`userId\`)) ENGINE=InnoDB`,
      `ALTER TABLE ${t("user_standings")} ADD CONSTRAINT \`user_standings_user_fkey\` FOREIGN KEY (\`userId\`) REFERENCES ${t("users")}(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`,
    ],
  },
  {
    version: 15,
    name: "impersonation",
    // The id of the site administrator who started a session as its user (Admin()'s
    // impersonation); null for every session a user started, those already stored included.
    statements: (t) => [`ALTER TABLE ${t("sessions")} ADD \`impersonatedBy\` varchar(255) NULL`],
  },
  {
    version: 16,
    name: "audit events",
    // The audit trail of AuditTrail(): append-only, ids only and no foreign key, so a removed
    // user's or organization's events stay. Details are the JSON text of the object. Two triggers
    // refuse every UPDATE and DELETE (an operator who must purge old events drops them for that).
    statements: (t) => [
      `CREATE TABLE ${t("audit_events")} (\`id\` varchar(255) NOT NULL, \`at\` datetime(3) NOT NULL, \`action\` varchar(255) NOT NULL, \`outcome\` varchar(16) NOT NULL, \`actorUserId\` varchar(255) NULL, \`subjectUserId\` varchar(255) NULL, \`organizationId\` varchar(255) NULL, \`network\` varchar(255) NULL, \`userAgent\` text NULL, \`details\` text NULL, INDEX \`audit_events_at\` (\`at\`, \`id\`), INDEX \`audit_events_actor\` (\`actorUserId\`, \`at\`, \`id\`), INDEX \`audit_events_subject\` (\`subjectUserId\`, \`at\`, \`id\`), INDEX \`audit_events_organization\` (\`organizationId\`, \`at\`, \`id\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
      `CREATE TRIGGER \`audit_events_no_update\` BEFORE UPDATE ON ${t("audit_events")} FOR EACH ROW SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'audit_events is append-only: UPDATE is refused'`,
      `CREATE TRIGGER \`audit_events_no_delete\` BEFORE DELETE ON ${t("audit_events")} FOR EACH ROW SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'audit_events is append-only: DELETE is refused'`,
    ],
  },
  {
    version: 17,
    name: "teams",
    // Teams inside an organization (a name once per organization, gone with it) and their members:
    // a team membership rests on the organization membership (a foreign key on both columns), so
    // removing someone from the organization takes them out of its teams in the same write.
    statements: (t) => [
      `CREATE TABLE ${t("teams")} (\`id\` varchar(255) NOT NULL, \`organizationId\` varchar(255) NOT NULL, \`name\` varchar(255) NOT NULL, \`createdAt\` datetime(3) NOT NULL, UNIQUE INDEX \`teams_organization_name_key\` (\`organizationId\`, \`name\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
      `ALTER TABLE ${t("teams")} ADD CONSTRAINT \`teams_organization_fkey\` FOREIGN KEY (\`organizationId\`) REFERENCES ${t("organizations")}(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`,
      `CREATE TABLE ${t("team_members")} (\`teamId\` varchar(255) NOT NULL, \`userId\` varchar(255) NOT NULL, \`organizationId\` varchar(255) NOT NULL, \`createdAt\` datetime(3) NOT NULL, INDEX \`team_members_member\` (\`organizationId\`, \`userId\`), PRIMARY KEY (\`teamId\`, \`userId\`)) ENGINE=InnoDB`,
      `ALTER TABLE ${t("team_members")} ADD CONSTRAINT \`team_members_team_fkey\` FOREIGN KEY (\`teamId\`) REFERENCES ${t("teams")}(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`,
      `ALTER TABLE ${t("team_members")} ADD CONSTRAINT \`team_members_member_fkey\` FOREIGN KEY (\`organizationId\`, \`userId\`) REFERENCES ${t("members")}(\`organizationId\`, \`userId\`) ON DELETE CASCADE ON UPDATE NO ACTION`,
    ],
  },
  {
    version: 18,
    name: "OAuth provider models",
    // What @latch/oidc-provider/typeorm keeps for the authorization server (as @latch/pg's
    // migration 19): one row per model (kind, id), the id a token's SHA-256, never the token.
    // "grantId" revokes all a grant gave in one statement; "userCode" and uid find a device code
    // and a session; expired rows are never answered and are deleted now and then.
    // The payload is JSON text.
    statements: (t) => [
      `CREATE TABLE ${t("oauth_provider_models")} (\`kind\` varchar(64) NOT NULL, \`id\` varchar(255) NOT NULL, \`payload\` longtext NOT NULL, \`grantId\` varchar(255) NULL, \`userCode\` varchar(255) NULL, \`uid\` varchar(255) NULL, \`expiresAt\` datetime(3) NULL, \`consumedAt\` datetime(3) NULL, INDEX \`oauth_provider_models_grant\` (\`grantId\`), UNIQUE INDEX \`oauth_provider_models_user_code\` (\`kind\`, \`userCode\`), UNIQUE INDEX \`oauth_provider_models_uid\` (\`kind\`, \`uid\`), INDEX \`oauth_provider_models_expiry\` (\`expiresAt\`), PRIMARY KEY (\`kind\`, \`id\`)) ENGINE=InnoDB`,
    ],
  },
];
