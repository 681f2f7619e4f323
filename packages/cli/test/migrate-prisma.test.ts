/**
 * `latch migrate --prisma <provider>` and `latch check` for an app on `@latch/prisma`: the built
 * binary compares a real database (SQLite, PostgreSQL) or the app's schema.prisma with the
 * package's models, names what is missing and the migration folders and Prisma commands that add
 * it, and never writes to the database itself. `prisma migrate deploy` needs Prisma's native
 * engine, which the npm registry does not carry: the tests apply the copied migration's SQL with
 * the database's own client in its place.
 */
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { mariadbLogin, mariadbStatement, needService, postgresLogin, postgresUrl, randomDatabaseName, services } from "@latch/testing";
import { createConnection } from "mariadb";
import pg from "pg";
import { beforeAll, describe, expect, test } from "vitest";
import { appFolder, buildCli, latch, repoRoot } from "./run-cli.js";

beforeAll(buildCli, 180_000);

const postgresUp = await needService(services.postgres);
const mariadbUp = await needService(services.mariadb);

const packageFolder = join(repoRoot, "packages/adapter-prisma");
const migrationsOf = (provider: string) => join(packageFolder, "prisma", provider, "migrations");
const migrationSql = (provider: string, name: string) => readFileSync(join(migrationsOf(provider), name, "migration.sql"), "utf8");
const authjs = "20260101000000_authjs";
const latchMigration = "20260101000001_latch";
const signingKeysMigration = "20260101000002_signing_keys";
const apiKeysMigration = "20260101000003_api_keys";
const organizationsMigration = "20260101000004_organizations_and_standings";
/** What the organizations migration adds, in the order of the package's models. */
const organizationAdditions = [
  "column Session.activeOrganizationId", "table Organization (model Organization)", "table Member (model Member)", "table Invitation (model Invitation)",
  "table OrganizationRole (model OrganizationRole)", "table UserStanding (model UserStanding)",
];

/** The migrations after the organizations one: the impersonation marker, the audit trail, teams. */
const laterMigrations = ["20260101000005_impersonation", "20260101000006_audit_events", "20260101000007_teams"];
/** What they add, in the order of the package's models. */
const laterAdditions = ["column Session.impersonatedBy", "table AuditEvent (model AuditEvent)", "table Team (model Team)", "table TeamMember (model TeamMember)"];

/** The "missing" lines of a run, without their styling. */
const missingLines = (stdout: string) => stdout.split("\n").filter((line) => line.startsWith("  missing  ")).map((line) => line.slice(11));

/** What Latch's migration adds to Auth.js's tables on SQLite (Auth.js's SQLite sessions have an id already). */
const latchAdditionsSqlite = [
  "column Account.refreshLeaseHolder", "column Account.refreshLeaseUntil", "column Account.refreshError",
  "column Session.lastSeenAt", "column Session.userAgent", "column Session.ip", "column Session.auth_time", "column Session.mfa_time", "column Session.amr",
  "table Password (model Password)", "table SecondFactor (model SecondFactor)", "table SigningKey (model SigningKey)", "table ApiKey (model ApiKey)",
  ...organizationAdditions,
  ...laterAdditions,
];

describe("latch migrate --prisma", () => {
  test("sqlite: an Auth.js database is missing Latch's tables and columns by name; the copied migration, once deployed, leaves nothing missing", async () => {
    const dir = appFolder();
    const file = join(dir, "app.db");
    const db = createClient({ url: `file:${file}` });
    try {
      await db.executeMultiple(migrationSql("sqlite", authjs));
      const cli = (action: string) => latch(["migrate", action, "--prisma", "sqlite", "--url", "file:./app.db"], dir);

      const status = await cli("status");
      expect(status.stderr).toBe("");
      expect(status.code).toBe(1);
      expect(status.stdout).toContain("SQLite ./app.db: compared with the sqlite models of @latch/prisma");
      expect(missingLines(status.stdout).sort()).toEqual([...latchAdditionsSqlite].sort());
      for (const name of [latchMigration, signingKeysMigration, apiKeysMigration, organizationsMigration, ...laterMigrations]) expect(status.stdout).toContain(`Copy ${packageFolder}/prisma/sqlite/migrations/${name} into prisma/migrations/`);
      expect(status.stdout).not.toContain(authjs);
      expect(status.stdout).toContain("npx prisma migrate deploy");

      // plan shows the migration's SQL as the file holds it.
      const plan = await cli("plan");
      expect(plan.code).toBe(1);
      expect(plan.stdout).toContain(migrationSql("sqlite", latchMigration).trimEnd());
      expect(plan.stdout).toContain(migrationSql("sqlite", signingKeysMigration).trimEnd());
      expect(plan.stdout).toContain(migrationSql("sqlite", apiKeysMigration).trimEnd());
      expect(plan.stdout).toContain(migrationSql("sqlite", organizationsMigration).trimEnd());

      // apply refuses and writes nothing: the same tables and columns are missing after it.
      const apply = await cli("apply");
      expect(apply.code).toBe(1);
      expect(apply.stderr).toContain("does not migrate a Prisma app's database");
      expect(missingLines((await cli("status")).stdout)).toHaveLength(latchAdditionsSqlite.length);

      // Copied under the app's own name: the remaining step is Prisma's deploy.
      mkdirSync(join(dir, "prisma/migrations"), { recursive: true });
      cpSync(join(migrationsOf("sqlite"), latchMigration), join(dir, "prisma/migrations/20990101000000_latch"), { recursive: true });
      const copied = await cli("status");
      expect(copied.stdout).toContain(`prisma/migrations/20990101000000_latch is @latch/prisma's ${latchMigration}, not applied yet.`);
      expect(copied.stdout).not.toContain(`migrations/${latchMigration} into`);
      expect(copied.stdout).toContain(`migrations/${signingKeysMigration} into`);

      // What `prisma migrate deploy` runs: the migration's statements.
      await db.executeMultiple(migrationSql("sqlite", latchMigration));
      const keysOnly = await cli("status");
      expect(missingLines(keysOnly.stdout).sort()).toEqual(["table SigningKey (model SigningKey)", "table ApiKey (model ApiKey)", ...organizationAdditions, ...laterAdditions].sort());
      await db.executeMultiple(migrationSql("sqlite", signingKeysMigration));
      const apiKeysOnly = await cli("status");
      expect(missingLines(apiKeysOnly.stdout).sort()).toEqual(["table ApiKey (model ApiKey)", ...organizationAdditions, ...laterAdditions].sort());
      expect(apiKeysOnly.stdout).toContain(`migrations/${apiKeysMigration} into`);
      expect(apiKeysOnly.stdout).not.toContain(`migrations/${signingKeysMigration} into`);
      await db.executeMultiple(migrationSql("sqlite", apiKeysMigration));
      const organizationsOnly = await cli("status");
      expect(missingLines(organizationsOnly.stdout).sort()).toEqual([...organizationAdditions, ...laterAdditions].sort());
      expect(organizationsOnly.stdout).toContain(`migrations/${organizationsMigration} into`);
      expect(organizationsOnly.stdout).not.toContain(`migrations/${apiKeysMigration} into`);
      await db.executeMultiple(migrationSql("sqlite", organizationsMigration));
      const laterOnly = await cli("status");
      expect(missingLines(laterOnly.stdout).sort()).toEqual([...laterAdditions].sort());
      for (const name of laterMigrations) expect(laterOnly.stdout).toContain(`migrations/${name} into`);
      for (const name of laterMigrations) await db.executeMultiple(migrationSql("sqlite", name));
      const done = await cli("status");
      expect(done.code).toBe(0);
      expect(done.stdout).toContain("Every model and field @latch/prisma uses is there.");
    } finally {
      db.close();
    }
  });

  test("sqlite: tables and columns are named as the app's schema maps them (@@map, @map)", async () => {
    const dir = appFolder();
    const schema = readFileSync(join(packageFolder, "prisma/sqlite/schema.prisma"), "utf8")
      .replace(/^(model User \{\n)/m, '$1  @@map("users")\n')
      .replace(/^(\s*emailVerified\s+DateTime\?)/m, '$1 @map("email_verified")');
    mkdirSync(join(dir, "prisma"));
    writeFileSync(join(dir, "prisma/schema.prisma"), schema);
    const db = createClient({ url: `file:${join(dir, "app.db")}` });
    try {
      for (const name of [authjs, latchMigration, signingKeysMigration, apiKeysMigration, organizationsMigration, ...laterMigrations]) await db.executeMultiple(migrationSql("sqlite", name));
      await db.executeMultiple(`ALTER TABLE "User" RENAME TO "users"; ALTER TABLE "users" RENAME COLUMN "emailVerified" TO "email_verified";`);
      const cli = () => latch(["migrate", "status", "--prisma", "sqlite", "--url", "app.db"], dir);
      expect((await cli()).code).toBe(0);
      await db.execute(`ALTER TABLE "users" DROP COLUMN "image"`);
      const dropped = await cli();
      expect(dropped.code).toBe(1);
      expect(missingLines(dropped.stdout)).toEqual(["column users.image (User.image)"]);
    } finally {
      db.close();
    }
  });

  test.runIf(postgresUp)("postgresql: an empty schema named in Prisma's ?schema= needs both migrations; a column dropped later is named alone", async () => {
    const schema = randomDatabaseName("latch_cli_prisma");
    const admin = new pg.Client(postgresLogin);
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    try {
      const dir = appFolder();
      const url = `${postgresUrl}?schema=${schema}`;
      const cli = () => latch(["migrate", "status", "--prisma", "postgresql"], dir, { DATABASE_URL: url });
      const empty = await cli();
      expect(empty.stderr).toBe("");
      expect(empty.code).toBe(1);
      expect(empty.stdout).toContain(`schema "${schema}"`);
      expect(missingLines(empty.stdout)).toContain("table User (model User)");
      expect(missingLines(empty.stdout)).toContain("table Password (model Password)");
      expect(empty.stdout).toContain(`migrations/${authjs} into prisma/migrations/`);
      expect(empty.stdout).toContain(`migrations/${latchMigration} into prisma/migrations/`);

      await admin.query(`SET search_path TO ${schema}`);
      await admin.query(migrationSql("postgresql", authjs));
      await admin.query(migrationSql("postgresql", latchMigration));
      await admin.query(migrationSql("postgresql", signingKeysMigration));
      const keysMissing = await cli();
      expect(missingLines(keysMissing.stdout).sort()).toEqual(["table ApiKey (model ApiKey)", ...organizationAdditions, ...laterAdditions].sort());
      await admin.query(migrationSql("postgresql", apiKeysMigration));
      await admin.query(migrationSql("postgresql", organizationsMigration));
      for (const name of laterMigrations) await admin.query(migrationSql("postgresql", name));
      const done = await cli();
      expect(done.code).toBe(0);

      // The scopes are a list column on PostgreSQL: without it, the column is named.
      await admin.query(`ALTER TABLE "ApiKey" DROP COLUMN "scopes"`);
      const listDropped = await cli();
      expect(missingLines(listDropped.stdout)).toEqual(["column ApiKey.scopes"]);
      expect(listDropped.stdout).toContain(`migrations/${apiKeysMigration} into prisma/migrations/`);
      await admin.query(`ALTER TABLE "ApiKey" ADD COLUMN "scopes" TEXT[]`);

      // The session's active organization, a column of an existing table: named with its migration.
      await admin.query(`ALTER TABLE "Session" DROP COLUMN "activeOrganizationId"`);
      const activeDropped = await cli();
      expect(missingLines(activeDropped.stdout)).toEqual(["column Session.activeOrganizationId"]);
      expect(activeDropped.stdout).toContain(`migrations/${organizationsMigration} into prisma/migrations/`);
      await admin.query(`ALTER TABLE "Session" ADD COLUMN "activeOrganizationId" TEXT`);

      await admin.query(`ALTER TABLE "Session" DROP COLUMN "lastSeenAt"`);
      const dropped = await cli();
      expect(dropped.code).toBe(1);
      expect(missingLines(dropped.stdout)).toEqual(["column Session.lastSeenAt"]);
      expect(dropped.stdout).toContain(`migrations/${latchMigration} into prisma/migrations/`);
      expect(dropped.stdout).not.toContain(authjs);
    } finally {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    }
  });

  test.runIf(mariadbUp)("mysql: an empty MariaDB database needs all five migrations; once applied, nothing is missing", async () => {
    const database = randomDatabaseName("latch_cli_prisma");
    await mariadbStatement(`CREATE DATABASE ${database}`);
    try {
      const dir = appFolder();
      const url = `mysql://${mariadbLogin.user}@${mariadbLogin.host}:${mariadbLogin.port}/${database}`;
      const cli = () => latch(["migrate", "status", "--prisma", "mariadb", "--url", url], dir);
      const empty = await cli();
      expect(empty.stderr).toBe("");
      expect(empty.code).toBe(1);
      expect(missingLines(empty.stdout)).toEqual(expect.arrayContaining(["table User (model User)", "table SigningKey (model SigningKey)", "table ApiKey (model ApiKey)", "table Organization (model Organization)", "table UserStanding (model UserStanding)"]));
      for (const name of [authjs, latchMigration, signingKeysMigration, apiKeysMigration, organizationsMigration, ...laterMigrations.slice(1)]) expect(empty.stdout) // the session column comes with the Session table.toContain(`prisma/mysql/migrations/${name} into prisma/migrations/`);
      const connection = await createConnection({ ...mariadbLogin, database, multipleStatements: true });
      try {
        for (const name of [authjs, latchMigration, signingKeysMigration, apiKeysMigration, organizationsMigration, ...laterMigrations]) await connection.query(migrationSql("mysql", name));
      } finally {
        await connection.end();
      }
      const done = await cli();
      expect(done.stdout).toContain("Every model and field @latch/prisma uses is there.");
      expect(done.code).toBe(0);
    } finally {
      await mariadbStatement(`DROP DATABASE ${database}`);
    }
  });

  test("a provider it does not know, two adapters, no database: usage errors (exit 2)", async () => {
    const dir = appFolder();
    const runs = [
      { args: ["--prisma", "oracle", "--url", "x"], says: `--prisma takes postgresql (or postgres), mysql (or mariadb) or sqlite, not "oracle".` },
      { args: ["--prisma", "sqlite", "--kysely", "sqlite", "--url", "x"], says: "Name one adapter: --kysely or --prisma." },
      { args: ["--prisma", "sqlite"], says: "--prisma sqlite needs --url (or DATABASE_URL); for SQLite, the database file." },
      { args: ["--migrations", "prisma/migrations", "--url", "x"], says: "--migrations names a Prisma app's migrations folder: use it with --prisma." },
    ];
    for (const { args, says } of runs) {
      const result = await latch(["migrate", "status", ...args], dir);
      expect(result.code, args.join(" ")).toBe(2);
      expect(result.stderr, args.join(" ")).toContain(says);
    }
  });
});

describe("latch check on an app with a Prisma schema", () => {
  const env = { AUTH_SECRET: "k3y-0f-at-least-thirty-two-characters-long", AUTH_URL: "https://app.example.com" };
  const config = `import Credentials from "@latch/core/providers/credentials"
export default { providers: [Credentials({ authorize: () => null })] }`;

  /** An app folder with the config and `schema` as prisma/schema.prisma. */
  function app(schema: string): string {
    const dir = appFolder();
    writeFileSync(join(dir, "auth.mjs"), config);
    mkdirSync(join(dir, "prisma"));
    writeFileSync(join(dir, "prisma/schema.prisma"), schema);
    return dir;
  }

  const full = readFileSync(join(packageFolder, "prisma/postgresql/schema.prisma"), "utf8");

  test("the package's own models pass", async () => {
    const result = await latch(["check"], app(full), env);
    expect(result.stdout).toContain("No problem found.");
    expect(result.code).toBe(0);
  });

  test("a schema without the scopes list of ApiKey names that field, with the migration that adds it", async () => {
    const lacking = full.replace(/^\s*scopes\s+String\[\]\n/m, "");
    expect(lacking).not.toBe(full);
    const result = await latch(["check"], app(lacking), env);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/lacks @latch\/prisma uses: ApiKey\.scopes\./);
    expect(result.stdout).toContain(`prisma/postgresql/migrations/${apiKeysMigration} into prisma/migrations`);
  });

  test("a schema without the organization models and the session's active organization names them, with the migration that adds them", async () => {
    const lacking = full
      .replace(/^model (Organization|Member|Invitation|OrganizationRole|UserStanding) \{[\s\S]*?^\}/gm, "")
      .replace(/^\s*(memberships|standing|activeOrganizationId|activeOrganization)\s+.*\n/gm, "");
    const result = await latch(["check"], app(lacking), env);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/lacks 6 models and fields @latch\/prisma uses: Session\.activeOrganizationId, Organization, Member, Invitation, OrganizationRole, UserStanding\./);
    expect(result.stdout).toContain(`prisma/postgresql/migrations/${organizationsMigration} into prisma/migrations`);
    expect(result.stdout).not.toContain(`migrations/${apiKeysMigration} into`);
  });

  test("a model and a field the schema lacks are named, with the migration that adds them", async () => {
    const lacking = full
      .replace(/^model SecondFactor \{[\s\S]*?^\}/m, "")
      .replace(/^\s*secondFactors\s+SecondFactor\[\]\n/m, "")
      .replace(/^\s*lastSeenAt\s+DateTime\?\n/m, "");
    const result = await latch(["check"], app(lacking), env);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/✗ AdapterError: The Prisma schema prisma\/schema\.prisma lacks 2 models and fields @latch\/prisma uses: Session\.lastSeenAt, SecondFactor\./);
    expect(result.stdout).toContain(`prisma/postgresql/migrations/${latchMigration} into prisma/migrations`);
    expect(result.stdout).not.toContain(authjs);
  });

  test("a multi-file schema (prisma/schema/*.prisma) with @@map and @map is read as one", async () => {
    const dir = appFolder();
    writeFileSync(join(dir, "auth.mjs"), config);
    mkdirSync(join(dir, "prisma/schema"), { recursive: true });
    const [head, models] = [full.slice(0, full.indexOf("model User")), full.slice(full.indexOf("model User"))];
    writeFileSync(join(dir, "prisma/schema/schema.prisma"), head);
    writeFileSync(join(dir, "prisma/schema/auth.prisma"), models.replace("model VerificationToken {", 'model VerificationToken {\n  @@map("verification_tokens")').replace(/^(\s*)expires(\s+)DateTime$/m, '$1expires$2DateTime @map("expires_at")'));
    const result = await latch(["check"], dir, env);
    expect(result.stdout).toContain("No problem found.");
  });
});
