import { mariadbMigrations } from "./mariadb.js";
import { postgresMigrations } from "./postgres.js";
import { sqliteMigrations } from "./sqlite.js";
import type { Dialect, Migration } from "./types.js";

/**
 * How `migrate` takes over the tables `@auth/typeorm-adapter`'s entities make (`users`,
 * `accounts`, `sessions`, `verification_tokens`, no `authenticators`): statements run once, in
 * place of the migrations listed in `covers` (those are recorded without running), after which
 * the remaining migrations apply as on Latch's own schema. Every row is kept, and dates stay
 * millisecond text, so `@auth/typeorm-adapter` keeps reading and writing the same rows.
 */
export interface AuthjsUpgrade {
  /** The migrations whose work these statements do on an Auth.js schema. */
  covers: readonly number[];
  /** The statements; `table` gives a table's quoted (and, on PostgreSQL, schema-qualified) name. */
  statements(table: (name: string) => string): readonly string[];
}

/** The statements of `migration` (of a dialect's list) that name `table`. */
function statementsOn(list: readonly Migration[], version: number, table: (name: string) => string, name: string): string[] {
  const migration = list.find((step) => step.version === version)!;
  return migration.statements(table).filter((statement) => statement.includes(`${table(name)} `) || statement.includes(`${table(name)}(`));
}

/** The upgrade of an Auth.js TypeORM schema per dialect. */
export const authjsUpgrades: Readonly<Record<Dialect, AuthjsUpgrade>> = {
  postgres: {
    covers: [1],
    statements: (t) => [
      // User ids are uuid columns in Auth.js's tables; Latch's tables reference them as text, so
      // they become text (each keeps its value; the default still makes a uuid), foreign keys
      // dropped meanwhile and made again cascading, as Latch's are.
      `ALTER TABLE ${t("accounts")} DROP CONSTRAINT "FK_3aa23c0a6d107393e8b40e3e2a6"`,
      `ALTER TABLE ${t("sessions")} DROP CONSTRAINT "FK_57de40bc620f456c7311aa3a1e6"`,
      `ALTER TABLE ${t("users")} ALTER COLUMN "id" TYPE character varying(255) USING "id"::text`,
      `ALTER TABLE ${t("accounts")} ALTER COLUMN "userId" TYPE character varying(255) USING "userId"::text`,
      `ALTER TABLE ${t("sessions")} ALTER COLUMN "userId" TYPE character varying(255) USING "userId"::text`,
      ...postgresMigrations[0]!.statements(t).filter((statement) => /"(FK|IDX)_(3aa23c0a6d107393e8b40e3e2a|57de40bc620f456c7311aa3a1e)/.test(statement)),
      // Uniqueness Latch relies on; refused (and nothing changed) if rows already break it.
      `ALTER TABLE ${t("accounts")} ADD CONSTRAINT "accounts_provider_account_key" UNIQUE ("provider", "providerAccountId")`,
      `ALTER TABLE ${t("verification_tokens")} ADD CONSTRAINT "verification_tokens_identifier_token_key" UNIQUE ("identifier", "token")`,
      ...statementsOn(postgresMigrations, 1, t, "authenticators"),
    ],
  },
  mariadb: {
    covers: [1],
    // DDL commits statement by statement here: each table changes in one statement, the ones
    // rows may refuse (uniqueness) first; after a refusal, a re-run starts again where it stopped.
    statements: (t) => [
      `ALTER TABLE ${t("verification_tokens")} ADD UNIQUE INDEX IF NOT EXISTS \`verification_tokens_identifier_token_key\` (\`identifier\`, \`token\`)`,
      // User ids (MariaDB's uuid type in Auth.js's tables) become text, as Latch's tables reference
      // them; token columns (varchar(255) there) become text, as OAuth tokens are often longer.
      `ALTER TABLE ${t("accounts")} DROP FOREIGN KEY \`FK_3aa23c0a6d107393e8b40e3e2a6\`, DROP INDEX \`FK_3aa23c0a6d107393e8b40e3e2a6\`, MODIFY \`userId\` varchar(255) NOT NULL, MODIFY \`type\` varchar(32) NOT NULL, MODIFY \`refresh_token\` text NULL, MODIFY \`access_token\` text NULL, MODIFY \`scope\` text NULL, MODIFY \`id_token\` text NULL, MODIFY \`session_state\` text NULL, ADD INDEX \`IDX_3aa23c0a6d107393e8b40e3e2a\` (\`userId\`), ADD UNIQUE INDEX \`accounts_provider_account_key\` (\`provider\`, \`providerAccountId\`)`,
      `ALTER TABLE ${t("sessions")} DROP FOREIGN KEY \`FK_57de40bc620f456c7311aa3a1e6\`, DROP INDEX \`FK_57de40bc620f456c7311aa3a1e6\`, MODIFY \`userId\` varchar(255) NOT NULL, ADD INDEX \`IDX_57de40bc620f456c7311aa3a1e\` (\`userId\`)`,
      `ALTER TABLE ${t("users")} MODIFY \`id\` varchar(255) NOT NULL, MODIFY \`image\` text NULL`,
      ...mariadbMigrations[0]!.statements(t).filter((statement) => /FOREIGN KEY/.test(statement) && !statement.includes("authenticators")),
      ...statementsOn(mariadbMigrations, 1, t, "authenticators"),
    ],
  },
  sqlite: {
    covers: [1, 2],
    statements: (t) => [
      // Migration 2's rebuild of `users` without the unique email, keeping Auth.js's column types
      // (NULL emails and millisecond-text dates stay as they are).
      `CREATE TABLE "temporary_users" ("id" varchar PRIMARY KEY NOT NULL, "name" varchar, "email" varchar, "emailVerified" varchar, "image" varchar)`,
      `INSERT INTO "temporary_users" ("id", "name", "email", "emailVerified", "image") SELECT "id", "name", "email", "emailVerified", "image" FROM ${t("users")}`,
      `DROP TABLE ${t("users")}`,
      `ALTER TABLE "temporary_users" RENAME TO ${t("users")}`,
      `CREATE UNIQUE INDEX "users_email_key" ON ${t("users")} ("email") WHERE "email" <> ''`,
      ...sqliteMigrations[0]!.statements(t).filter((statement) => statement.startsWith("CREATE INDEX") && !statement.includes("authenticators")),
      // Uniqueness Latch relies on; refused (and nothing changed) if rows already break it.
      `CREATE UNIQUE INDEX "accounts_provider_account_key" ON ${t("accounts")} ("provider", "providerAccountId")`,
      `CREATE UNIQUE INDEX "verification_tokens_identifier_token_key" ON ${t("verification_tokens")} ("identifier", "token")`,
      ...statementsOn(sqliteMigrations, 1, t, "authenticators"),
    ],
  },
};
