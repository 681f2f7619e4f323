import { postgresMigrations } from "./postgres.js";
import { sqliteMigrations } from "./sqlite.js";
import type { Dialect } from "./types.js";

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
function statementsOn(list: typeof postgresMigrations, version: number, table: (name: string) => string, name: string): string[] {
  const migration = list.find((step) => step.version === version)!;
  return migration.statements(table).filter((statement) => statement.includes(`${table(name)} `) || statement.includes(`${table(name)}(`));
}

/** The upgrade of an Auth.js TypeORM schema per dialect; a dialect without one is refused by `migrate`. */
export const authjsUpgrades: Partial<Record<Dialect, AuthjsUpgrade>> = {
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
