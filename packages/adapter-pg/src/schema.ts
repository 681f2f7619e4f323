/**
 * The schema as first released, one statement per entry: migration 1 of `migrations`, never
 * to be edited (later changes are new migrations). Table and column names are those of the
 * Auth.js PostgreSQL adapter, so an existing Auth.js database keeps working; user ids are `text`
 * because Latch passes a random UUID as the id of a new user.
 */
export const schemaStatements: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS users (
    id text PRIMARY KEY,
    name text,
    email text,
    "emailVerified" timestamptz,
    image text
  )`,
  `CREATE TABLE IF NOT EXISTS accounts (
    id serial PRIMARY KEY,
    "userId" text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    type text NOT NULL,
    provider text NOT NULL,
    "providerAccountId" text NOT NULL,
    refresh_token text,
    access_token text,
    expires_at bigint,
    id_token text,
    scope text,
    session_state text,
    token_type text
  )`,
  `CREATE TABLE IF NOT EXISTS sessions (
    id serial PRIMARY KEY,
    "userId" text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    expires timestamptz NOT NULL,
    "sessionToken" text NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS verification_token (
    identifier text NOT NULL,
    expires timestamptz NOT NULL,
    token text NOT NULL,
    PRIMARY KEY (identifier, token)
  )`,
  `CREATE TABLE IF NOT EXISTS authenticators (
    "credentialID" text PRIMARY KEY,
    "userId" text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    "providerAccountId" text NOT NULL,
    "credentialPublicKey" text NOT NULL,
    counter bigint NOT NULL,
    "credentialDeviceType" text NOT NULL,
    "credentialBackedUp" boolean NOT NULL,
    transports text
  )`,
  // Separate statements so that they also apply to tables an Auth.js install created.
  `CREATE UNIQUE INDEX IF NOT EXISTS users_email_key ON users (email)`,
  `CREATE UNIQUE INDEX IF NOT EXISTS accounts_provider_account_key ON accounts (provider, "providerAccountId")`,
  `CREATE INDEX IF NOT EXISTS accounts_user_idx ON accounts ("userId")`,
  `CREATE UNIQUE INDEX IF NOT EXISTS sessions_token_key ON sessions ("sessionToken")`,
  `CREATE INDEX IF NOT EXISTS sessions_user_idx ON sessions ("userId")`,
  `CREATE INDEX IF NOT EXISTS authenticators_user_idx ON authenticators ("userId")`,
];

/**
 * Statements that turn the integer user ids of a database created for the Auth.js PostgreSQL
 * adapter into text ids (existing ids keep their value, as text), so that Latch can store its
 * UUID user ids there. Sessions, accounts and verification tokens stay as they are.
 */
export const authjsUpgradeStatements: readonly string[] = [
  `ALTER TABLE users ALTER COLUMN id DROP DEFAULT, ALTER COLUMN id TYPE text`,
  `ALTER TABLE accounts ALTER COLUMN "userId" TYPE text`,
  `ALTER TABLE sessions ALTER COLUMN "userId" TYPE text`,
];
