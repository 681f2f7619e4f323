import type { Queryable } from "./client.js";
import { emailCollisions, storedEmailStatements, type EmailCollision } from "./email-addresses.js";
import { authjsUpgradeStatements, schemaStatements } from "./schema.js";

/** One step of the schema's history: applied once, in order, and recorded in `latch_migrations`. */
export interface Migration {
  /** 1, 2, 3, … in the order they apply. */
  version: number;
  /** What the step does, as recorded in `latch_migrations.name`. */
  name: string;
  /** The statements, run in one transaction. */
  statements: readonly string[];
}

/**
 * Every migration of the schema, oldest first. A released migration is never edited: a change
 * to the schema is a new entry at the end.
 */
export const migrations: readonly Migration[] = [
  { version: 1, name: "initial schema", statements: schemaStatements },
  {
    version: 2,
    name: "unique email only when not empty",
    // A user without an email is stored with "", so any number of them may exist; every other
    // address stays unique (a partial unique index).
    statements: [`DROP INDEX IF EXISTS users_email_key`, `CREATE UNIQUE INDEX users_email_key ON users (email) WHERE email <> ''`],
  },
  {
    version: 3,
    name: "session details for the sessions list",
    // Nullable, without defaults: existing sessions keep every row and show "unknown" until the
    // next extension sets lastSeenAt. The serial id is the opaque session id.
    statements: [
      `ALTER TABLE sessions ADD COLUMN IF NOT EXISTS "createdAt" timestamptz, ADD COLUMN IF NOT EXISTS "lastSeenAt" timestamptz,
        ADD COLUMN IF NOT EXISTS "userAgent" text, ADD COLUMN IF NOT EXISTS ip text`,
    ],
  },
  {
    version: 4,
    name: "refresh lease on accounts",
    // Who may refresh the account's tokens now, and until when (see leaseAccount).
    statements: [`ALTER TABLE accounts ADD COLUMN IF NOT EXISTS "refreshLeaseHolder" text, ADD COLUMN IF NOT EXISTS "refreshLeaseUntil" timestamptz`],
  },
  {
    version: 5,
    name: "refused refresh recorded on accounts",
    // The provider's error code when it refused the stored refresh token (see releaseAccount);
    // NULL for every existing account.
    statements: [`ALTER TABLE accounts ADD COLUMN IF NOT EXISTS "refreshError" text`],
  },
  {
    version: 6,
    name: "password hashes",
    // One password per user (its primary key), gone with the user. Only the Argon2id PHC string
    // is stored, never the password.
    statements: [
      `CREATE TABLE IF NOT EXISTS passwords (
        "userId" text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        hash text NOT NULL,
        "updatedAt" timestamptz NOT NULL
      )`,
    ],
  },
  {
    version: 7,
    name: "second factors",
    // TOTP factors (the secret encrypted by Latch), backup codes and email codes (their SHA-256),
    // one row each, gone with the user.
    statements: [
      `CREATE TABLE IF NOT EXISTS second_factors (
        id text PRIMARY KEY,
        "userId" text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        kind text NOT NULL,
        secret text NOT NULL,
        "lastUsedStep" bigint,
        attempts integer NOT NULL DEFAULT 0,
        "confirmedAt" timestamptz,
        expires timestamptz,
        "createdAt" timestamptz NOT NULL
      )`,
      `CREATE INDEX IF NOT EXISTS second_factors_user ON second_factors ("userId", kind)`,
    ],
  },
  {
    version: 8,
    name: "how each session was earned",
    // auth_time and mfa_time in seconds since the epoch, amr the RFC 8176 methods (PROTOCOL §4).
    // NULL for every existing session: it has earned nothing, so a fresh proof asks for a code.
    statements: [
      `ALTER TABLE sessions ADD COLUMN IF NOT EXISTS auth_time bigint, ADD COLUMN IF NOT EXISTS mfa_time bigint,
        ADD COLUMN IF NOT EXISTS amr text[]`,
    ],
  },
  {
    version: 9,
    name: "email addresses in the stored spelling",
    // NFKC, trimmed, lower case, as Latch looks addresses up; two users whose addresses are
    // spellings of one address both stay as they are (see emailCollisions).
    statements: storedEmailStatements,
  },
  {
    version: 10,
    name: "access-token signing keys",
    // One row per key generation (AccessTokens with stored keys): the public JWK, and the private
    // one sealed with a key derived from the secret. No user owns a key.
    statements: [
      `CREATE TABLE IF NOT EXISTS signing_keys (
        id text PRIMARY KEY,
        generation integer NOT NULL UNIQUE,
        algorithm text NOT NULL,
        "publicKey" text NOT NULL,
        "privateKey" text NOT NULL,
        "createdAt" timestamptz NOT NULL
      )`,
    ],
  },
  {
    version: 11,
    name: "API keys",
    // One row per key (ApiKeys): the public id, the SHA-256 of its secret (never the secret), its
    // owner by type and id. A user's key goes with the user ("userId", set for owner type "user").
    statements: [
      `CREATE TABLE IF NOT EXISTS api_keys (
        id text PRIMARY KEY,
        "ownerType" text NOT NULL,
        "ownerId" text NOT NULL,
        "userId" text REFERENCES users (id) ON DELETE CASCADE,
        name text NOT NULL,
        scopes text[] NOT NULL,
        hash text NOT NULL,
        "createdAt" timestamptz NOT NULL,
        expires timestamptz,
        "lastUsedAt" timestamptz,
        CHECK (("ownerType" = 'user') = ("userId" IS NOT NULL AND "userId" = "ownerId"))
      )`,
      `CREATE INDEX IF NOT EXISTS api_keys_owner ON api_keys ("ownerType", "ownerId")`,
    ],
  },
  {
    version: 12,
    name: "organizations",
    // Organizations (the slug unique), their members (one row per user and organization, gone
    // with either), invitations (the SHA-256 of each token, never the token), the roles an
    // organization makes at run time (gone with it), and the active
    // organization of a database session (no foreign key: the session reads it through the
    // membership, which goes with the organization).
    statements: [
      `CREATE TABLE IF NOT EXISTS organizations (
        id text PRIMARY KEY,
        name text NOT NULL,
        slug text NOT NULL UNIQUE,
        metadata jsonb,
        "createdAt" timestamptz NOT NULL
      )`,
      `CREATE TABLE IF NOT EXISTS members (
        "organizationId" text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        "userId" text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        role text NOT NULL,
        "createdAt" timestamptz NOT NULL,
        PRIMARY KEY ("organizationId", "userId")
      )`,
      `CREATE INDEX IF NOT EXISTS members_user ON members ("userId")`,
      `CREATE TABLE IF NOT EXISTS invitations (
        id text PRIMARY KEY,
        "organizationId" text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        email text NOT NULL,
        role text NOT NULL,
        "inviterId" text NOT NULL,
        hash text NOT NULL,
        status text NOT NULL,
        expires timestamptz NOT NULL,
        "createdAt" timestamptz NOT NULL
      )`,
      `CREATE INDEX IF NOT EXISTS invitations_organization ON invitations ("organizationId")`,
      `CREATE TABLE IF NOT EXISTS organization_roles (
        "organizationId" text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        name text NOT NULL,
        permissions text[] NOT NULL,
        "createdAt" timestamptz NOT NULL,
        PRIMARY KEY ("organizationId", name)
      )`,
      `ALTER TABLE sessions ADD COLUMN IF NOT EXISTS "activeOrganizationId" text`,
    ],
  },
  {
    version: 13,
    name: "site roles and bans",
    // The site role ("admin" for a site administrator) and the ban of Admin(), one row per user
    // who has either, gone with the user. A table of its own: users keeps Auth.js's shape (an app
    // may have a role column of its own there), and every existing user keeps their row, with no
    // standing row until an administrator gives one.
    statements: [
      `CREATE TABLE IF NOT EXISTS user_standings (
        "userId" text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        "siteRole" text,
        banned boolean NOT NULL DEFAULT false,
        "banReason" text,
        "banExpires" timestamptz
      )`,
    ],
  },
  {
    version: 14,
    name: "impersonation",
    // The id of the site administrator who started a session as its user (Admin()'s
    // impersonation); null for every session a user started, those already stored included.
    statements: [`ALTER TABLE sessions ADD COLUMN IF NOT EXISTS "impersonatedBy" text`],
  },
  {
    version: 15,
    name: "audit events",
    // The audit trail of AuditTrail(): append-only. Ids only, no foreign key: a removed user's or
    // organization's events stay, as the record of what happened. A trigger refuses every UPDATE,
    // DELETE and TRUNCATE; an operator who must purge old events disables it for that statement
    // (ALTER TABLE audit_events DISABLE TRIGGER USER, as the table's owner).
    statements: [
      `CREATE TABLE IF NOT EXISTS audit_events (
        id text PRIMARY KEY,
        at timestamptz NOT NULL,
        action text NOT NULL,
        outcome text NOT NULL CHECK (outcome IN ('success', 'failure')),
        "actorUserId" text,
        "subjectUserId" text,
        "organizationId" text,
        network text,
        "userAgent" text,
        details jsonb
      )`,
      `CREATE INDEX IF NOT EXISTS audit_events_at ON audit_events (at DESC, id DESC)`,
      `CREATE INDEX IF NOT EXISTS audit_events_actor ON audit_events ("actorUserId", at DESC, id DESC)`,
      `CREATE INDEX IF NOT EXISTS audit_events_subject ON audit_events ("subjectUserId", at DESC, id DESC)`,
      `CREATE INDEX IF NOT EXISTS audit_events_organization ON audit_events ("organizationId", at DESC, id DESC)`,
      `CREATE OR REPLACE FUNCTION latch_audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        RAISE EXCEPTION 'audit_events is append-only: % is refused', TG_OP USING ERRCODE = 'insufficient_privilege';
      END
      $fn$`,
      `CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events FOR EACH ROW EXECUTE FUNCTION latch_audit_events_append_only()`,
      `CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events FOR EACH STATEMENT EXECUTE FUNCTION latch_audit_events_append_only()`,
    ],
  },
  {
    version: 16,
    name: "teams",
    // Teams inside an organization (a name once per organization, gone with it) and their
    // members: a team membership rests on the organization membership (a foreign key), so removing
    // someone from the organization takes them out of its teams in the same write. API keys an
    // organization owns need no column: "ownerType" = 'organization' and "ownerId" name it.
    statements: [
      `CREATE TABLE IF NOT EXISTS teams (
        id text PRIMARY KEY,
        "organizationId" text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        name text NOT NULL,
        "createdAt" timestamptz NOT NULL,
        UNIQUE ("organizationId", name)
      )`,
      `CREATE TABLE IF NOT EXISTS team_members (
        "teamId" text NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
        "organizationId" text NOT NULL,
        "userId" text NOT NULL,
        "createdAt" timestamptz NOT NULL,
        PRIMARY KEY ("teamId", "userId"),
        FOREIGN KEY ("organizationId", "userId") REFERENCES members ("organizationId", "userId") ON DELETE CASCADE
      )`,
      `CREATE INDEX IF NOT EXISTS team_members_member ON team_members ("organizationId", "userId")`,
    ],
  },
  {
    version: 17,
    name: "enterprise sso",
    // @latch/sso's tables: an organization's identity-provider connections (SAML metadata and
    // settings as JSON), the domains it proved by DNS (a domain belongs to one organization once
    // verified: the partial unique index), and the ids of the assertions already used, kept until
    // they expire so that a replayed assertion is refused, and the sign-ins sent to an identity
    // provider and not answered yet. Gone with the organization.
    statements: [
      `CREATE TABLE IF NOT EXISTS sso_connections (
        id text PRIMARY KEY,
        "organizationId" text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        kind text NOT NULL,
        settings jsonb NOT NULL,
        "createdBy" text NOT NULL,
        "createdAt" timestamptz NOT NULL
      )`,
      `CREATE INDEX IF NOT EXISTS sso_connections_organization ON sso_connections ("organizationId")`,
      `CREATE TABLE IF NOT EXISTS sso_domains (
        domain text NOT NULL,
        "organizationId" text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        token text NOT NULL,
        "verifiedAt" timestamptz,
        "createdAt" timestamptz NOT NULL,
        PRIMARY KEY ("organizationId", domain)
      )`,
      `CREATE UNIQUE INDEX IF NOT EXISTS sso_domains_verified ON sso_domains (domain) WHERE "verifiedAt" IS NOT NULL`,
      `CREATE TABLE IF NOT EXISTS sso_used_assertions (
        id text PRIMARY KEY,
        expires timestamptz NOT NULL
      )`,
      `CREATE INDEX IF NOT EXISTS sso_used_assertions_expires ON sso_used_assertions (expires)`,
      `CREATE TABLE IF NOT EXISTS sso_requests (
        id text PRIMARY KEY,
        "requestId" text NOT NULL,
        "connectionId" text NOT NULL REFERENCES sso_connections (id) ON DELETE CASCADE,
        "callbackUrl" text NOT NULL,
        expires timestamptz NOT NULL
      )`,
    ],
  },
  {
    version: 18,
    name: "scim provisioning",
    // Scim(): the users an organization's identity provider provisioned (its userName, without
    // case, and externalId unique within the organization; gone with the organization or the
    // user), its groups (a displayName and externalId once per organization) and their members,
    // each a provisioned user of the same organization (a foreign key), so that removing a
    // provisioned user takes them out of the groups in the same write.
    statements: [
      `CREATE TABLE IF NOT EXISTS scim_users (
        "organizationId" text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        "userId" text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        "userName" text NOT NULL,
        "externalId" text,
        active boolean NOT NULL,
        attributes jsonb NOT NULL,
        "createdAt" timestamptz NOT NULL,
        "updatedAt" timestamptz NOT NULL,
        PRIMARY KEY ("organizationId", "userId"),
        UNIQUE ("organizationId", "externalId")
      )`,
      `CREATE UNIQUE INDEX IF NOT EXISTS scim_users_user_name ON scim_users ("organizationId", lower("userName"))`,
      `CREATE TABLE IF NOT EXISTS scim_groups (
        id text PRIMARY KEY,
        "organizationId" text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        "displayName" text NOT NULL,
        "externalId" text,
        "createdAt" timestamptz NOT NULL,
        "updatedAt" timestamptz NOT NULL,
        UNIQUE ("organizationId", "displayName"),
        UNIQUE ("organizationId", "externalId")
      )`,
      `CREATE TABLE IF NOT EXISTS scim_group_members (
        "groupId" text NOT NULL REFERENCES scim_groups (id) ON DELETE CASCADE,
        "organizationId" text NOT NULL,
        "userId" text NOT NULL,
        PRIMARY KEY ("groupId", "userId"),
        FOREIGN KEY ("organizationId", "userId") REFERENCES scim_users ("organizationId", "userId") ON DELETE CASCADE
      )`,
      `CREATE INDEX IF NOT EXISTS scim_group_members_user ON scim_group_members ("organizationId", "userId")`,
    ],
  },
  {
    version: 19,
    name: "OAuth provider models",
    // What @latch/oidc-provider's storage keeps for the authorization server: codes, tokens,
    // grants, sessions, interactions, device codes and registered clients, one row per model
    // (kind, id). A token's id is stored as its SHA-256, never as itself. "grantId" revokes all
    // a grant gave in one statement; "userCode" and uid find a device code and a session.
    // (17 and 18 are kept for migrations of other features.)
    statements: [
      `CREATE TABLE IF NOT EXISTS oauth_provider_models (
        kind text NOT NULL,
        id text NOT NULL,
        payload jsonb NOT NULL,
        "grantId" text,
        "userCode" text,
        uid text,
        "expiresAt" timestamptz,
        "consumedAt" timestamptz,
        PRIMARY KEY (kind, id)
      )`,
      `CREATE INDEX IF NOT EXISTS oauth_provider_models_grant ON oauth_provider_models ("grantId") WHERE "grantId" IS NOT NULL`,
      `CREATE UNIQUE INDEX IF NOT EXISTS oauth_provider_models_user_code ON oauth_provider_models (kind, "userCode") WHERE "userCode" IS NOT NULL`,
      `CREATE UNIQUE INDEX IF NOT EXISTS oauth_provider_models_uid ON oauth_provider_models (kind, uid) WHERE uid IS NOT NULL`,
      `CREATE INDEX IF NOT EXISTS oauth_provider_models_expiry ON oauth_provider_models ("expiresAt") WHERE "expiresAt" IS NOT NULL`,
    ],
  },
  {
    version: 20,
    name: "sso sessions",
    // @latch/sso's single logout: per session a SAML sign-in started, the NameID (its format and
    // qualifiers) and SessionIndex of the assertion, so that the identity provider's logout finds
    // the sessions it names and a sign-out here tells the identity provider whom to sign out. The
    // session is named by the id the adapter or the JWT's "sid" gives it, never by its token; a
    // row without a session yet waits for one (a second factor still owed). And the logouts sent
    // to an identity provider and not answered yet. Gone with the user or the connection (and so
    // the organization), and when they expire.
    statements: [
      `CREATE TABLE IF NOT EXISTS sso_sessions (
        id text PRIMARY KEY,
        "connectionId" text NOT NULL REFERENCES sso_connections (id) ON DELETE CASCADE,
        "userId" text REFERENCES users (id) ON DELETE CASCADE,
        "sessionId" text,
        "nameId" text NOT NULL,
        "nameIdFormat" text,
        "nameQualifier" text,
        "spNameQualifier" text,
        "sessionIndex" text,
        expires timestamptz NOT NULL
      )`,
      `CREATE UNIQUE INDEX IF NOT EXISTS sso_sessions_session ON sso_sessions ("sessionId") WHERE "sessionId" IS NOT NULL`,
      `CREATE INDEX IF NOT EXISTS sso_sessions_name_id ON sso_sessions ("connectionId", "nameId")`,
      `CREATE TABLE IF NOT EXISTS sso_logout_requests (
        id text PRIMARY KEY,
        "requestId" text NOT NULL,
        "connectionId" text NOT NULL REFERENCES sso_connections (id) ON DELETE CASCADE,
        "callbackUrl" text NOT NULL,
        message text,
        expires timestamptz NOT NULL
      )`,
    ],
  },
];

/** What {@link migrate} found that it could not do by itself. */
export interface MigrationReport {
  /**
   * Users whose addresses are spellings of one address, left as they are for the operator to
   * resolve; looked for when migration 9 is applied (empty otherwise).
   */
  emailCollisions: EmailCollision[];
}

function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/**
 * One statement (a `DO` block, so it runs in one transaction on one connection, even through a
 * pool) that applies the missing migrations of the current schema under a transaction-level
 * advisory lock, so that app instances starting together apply each migration once.
 * Migration 1 is only recorded, not run, when the schema already has a `users` table without
 * `latch_migrations`: a database created before migrations were recorded.
 */
function migrationScript(list: readonly Migration[]): string {
  const steps = list.map(({ version, name, statements }) => {
    const run = statements.map((statement) => `EXECUTE ${literal(statement)};`).join("\n      ");
    const body = version === 1 ? `IF NOT released THEN\n      ${run}\n    END IF;` : run;
    return `  IF NOT EXISTS (SELECT 1 FROM latch_migrations WHERE version = ${version}) THEN
    ${body}
    INSERT INTO latch_migrations (version, name) VALUES (${version}, ${literal(name)});
  END IF;`;
  });
  return `DO $latch$
DECLARE
  released boolean;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('latch_migrations ' || current_schema()));
  released := to_regclass(quote_ident(current_schema()) || '.users') IS NOT NULL
    AND to_regclass(quote_ident(current_schema()) || '.latch_migrations') IS NULL;
  CREATE TABLE IF NOT EXISTS latch_migrations (
    version integer PRIMARY KEY,
    name text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  );
${steps.join("\n")}
END
$latch$`;
}

/**
 * Brings the current schema (`search_path`) up to the latest migration: creates the tables on an
 * empty schema, applies what is missing on an older one, does nothing on an up-to-date one. Each
 * applied migration is recorded in `latch_migrations` (`version`, `name`, `applied_at`). All of it
 * runs in one transaction under an advisory lock, so it is safe on every start, from several app
 * instances at once; a failing migration leaves the schema as it was. When it applies migration 9,
 * the report names the users whose addresses are spellings of one address (`Ada@example.com` and
 * `ada@example.com`), which that migration leaves as they are rather than merging them: resolve
 * them by hand ({@link emailCollisions} looks again at any time; `latch migrate` prints them).
 *
 * @example
 * ```ts
 * import pg from "pg"
 * import { migrate } from "@latch/pg"
 * const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL })
 * const { emailCollisions } = await migrate(pool)
 * if (emailCollisions.length) console.warn("Users share an address:", emailCollisions)
 * ```
 */
export async function migrate(client: Queryable): Promise<MigrationReport> {
  const rewritesAddresses = !(await isApplied(client, storedSpellingVersion));
  await client.query(migrationScript(migrations));
  // Looked for once, when migration 9 runs; emailCollisions() looks again at any time.
  return { emailCollisions: rewritesAddresses ? await emailCollisions(client) : [] };
}

/** The migration that rewrites addresses to the stored spelling. */
const storedSpellingVersion = 9;

/** True when `version` is recorded in the current schema's `latch_migrations`. */
async function isApplied(client: Queryable, version: number): Promise<boolean> {
  if (!(await isVersioned(client))) return false;
  const { rows } = await client.query(`SELECT 1 FROM latch_migrations WHERE version = ${version}`);
  return rows.length > 0;
}

/**
 * Prepares a database created for the Auth.js PostgreSQL adapter: user ids become text, the
 * statements of migration 1 add what Auth.js lacks (the authenticators table, the indexes), and
 * {@link migrate} records migration 1 and applies the later ones (its report is returned). Running
 * it again changes nothing.
 *
 * @example
 * ```ts
 * import { upgradeAuthjsSchema } from "@latch/pg"
 * await upgradeAuthjsSchema(pool) // once, when moving from Auth.js
 * ```
 */
export async function upgradeAuthjsSchema(client: Queryable): Promise<MigrationReport> {
  for (const statement of authjsUpgradeStatements) await client.query(statement);
  // Auth.js left emails without a unique index: the full one of migration 1 is skipped (it would
  // refuse users who share an empty address), migration 2 adds the partial one.
  const initial = schemaStatements.filter((statement) => !statement.includes("users_email_key"));
  if (!(await isVersioned(client))) for (const statement of initial) await client.query(statement);
  return migrate(client);
}

/** True once {@link migrate} has run on the current schema (it then owns the schema's changes). */
async function isVersioned(client: Queryable): Promise<boolean> {
  const { rows } = await client.query(`SELECT to_regclass(quote_ident(current_schema()) || '.latch_migrations') IS NOT NULL AS versioned`);
  return (rows[0] as { versioned: boolean }).versioned;
}
