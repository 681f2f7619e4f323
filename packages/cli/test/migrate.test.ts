import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { migrations as pgMigrations } from "@latch/pg";
import { migrations as typeormMigrations } from "@latch/typeorm";
import { needService, postgresUrl, services } from "@latch/testing";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { appFolder, buildCli, latch } from "./run-cli.js";

beforeAll(buildCli, 180_000);

const url = postgresUrl;

// The tables as the Auth.js PostgreSQL adapter documents them (serial ids, no foreign keys).
const authjsSchema = [
  `CREATE TABLE verification_token (identifier TEXT NOT NULL, expires TIMESTAMPTZ NOT NULL, token TEXT NOT NULL, PRIMARY KEY (identifier, token))`,
  `CREATE TABLE accounts (id SERIAL, "userId" INTEGER NOT NULL, type VARCHAR(255) NOT NULL, provider VARCHAR(255) NOT NULL,
    "providerAccountId" VARCHAR(255) NOT NULL, refresh_token TEXT, access_token TEXT, expires_at BIGINT, id_token TEXT,
    scope TEXT, session_state TEXT, token_type TEXT, PRIMARY KEY (id))`,
  `CREATE TABLE sessions (id SERIAL, "userId" INTEGER NOT NULL, expires TIMESTAMPTZ NOT NULL, "sessionToken" VARCHAR(255) NOT NULL, PRIMARY KEY (id))`,
  `CREATE TABLE users (id SERIAL, name VARCHAR(255), email VARCHAR(255), "emailVerified" TIMESTAMPTZ, image TEXT, PRIMARY KEY (id))`,
];

const mariadbUp = await needService(services.mariadb);
const postgresUp = await needService(services.postgres);

const tables = ["users", "accounts", "sessions", "verification_token"] as const;

describe.runIf(postgresUp)("latch migrate on an Auth.js schema (PostgreSQL)", () => {
  const schema = `latch_cli_${Math.random().toString(36).slice(2, 10)}`;
  const pool = new pg.Pool({ connectionString: url, max: 2, options: `-c search_path=${schema}` });
  const dir = appFolder();
  const cli = (...args: string[]) => latch(["migrate", ...args, "--schema", schema], dir, { DATABASE_URL: url });
  const counts = async () => Promise.all(tables.map(async (t) => Number((await pool.query(`SELECT count(*)::int AS n FROM ${t}`)).rows[0].n)));

  beforeAll(async () => {
    await pool.query(`CREATE SCHEMA ${schema}`);
    for (const statement of authjsSchema) await pool.query(statement);
    await pool.query(`INSERT INTO users (name, email) VALUES ('Ada', 'ada@example.com'), ('No Mail', NULL), ('Grace', 'grace@example.com')`);
    await pool.query(`INSERT INTO accounts ("userId", type, provider, "providerAccountId", access_token) VALUES (1, 'oauth', 'github', '42', 'gho_x'), (3, 'oidc', 'google', '7', NULL)`);
    await pool.query(`INSERT INTO sessions ("userId", expires, "sessionToken") VALUES (1, now() + interval '1 day', 'old-token')`);
    await pool.query(`INSERT INTO verification_token (identifier, expires, token) VALUES ('grace@example.com', now() + interval '1 day', 'hashed')`);
  });
  afterAll(async () => {
    await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await pool.end();
  });

  test("status names the Auth.js schema and exits 1 with every migration pending", async () => {
    const result = await cli("status");
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("an Auth.js schema");
    expect(result.stdout.match(/pending {2}\d+/g)).toHaveLength(pgMigrations.length);
  });

  test("plan prints the upgrade and every migration without running any of it", async () => {
    const result = await cli("plan");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`ALTER TABLE users ALTER COLUMN id DROP DEFAULT, ALTER COLUMN id TYPE text;`);
    expect(result.stdout).toContain("CREATE TABLE IF NOT EXISTS authenticators");
    for (const migration of pgMigrations) expect(result.stdout).toContain(`-- migration ${migration.version}: ${migration.name}`);
    const idType = await pool.query(`SELECT data_type FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'users' AND column_name = 'id'`, [schema]);
    expect(idType.rows[0].data_type).toBe("integer");
    expect((await pool.query(`SELECT to_regclass('${schema}.latch_migrations') AS t`)).rows[0].t).toBeNull();
  });

  test("apply upgrades in place, keeps every row, and records every migration", async () => {
    const before = await counts();
    const result = await cli("apply");
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(await counts()).toEqual(before);
    expect(before).toEqual([3, 2, 1, 1]);
    const users = await pool.query(`SELECT id, name, email FROM users ORDER BY id`);
    expect(users.rows).toEqual([
      { id: "1", name: "Ada", email: "ada@example.com" },
      { id: "2", name: "No Mail", email: null },
      { id: "3", name: "Grace", email: "grace@example.com" },
    ]);
    expect((await pool.query(`SELECT "userId", access_token FROM accounts WHERE provider = 'github'`)).rows).toEqual([{ userId: "1", access_token: "gho_x" }]);
    const versions = (await pool.query(`SELECT version FROM latch_migrations ORDER BY version`)).rows.map((r) => r.version);
    expect(versions).toEqual(pgMigrations.map((m) => m.version));
    for (const migration of pgMigrations) expect(result.stdout).toContain(`✓ ${migration.version} ${migration.name}`);
  });

  test("after apply: status exits 0, apply again changes nothing, plan has nothing to show", async () => {
    const status = await cli("status");
    expect(status.code).toBe(0);
    expect(status.stdout).toContain("Up to date.");
    expect(status.stdout.match(/applied {2}\d+/g)).toHaveLength(pgMigrations.length);
    const again = await cli("apply");
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("nothing to apply");
    expect((await cli("plan")).stdout).toContain("nothing to apply");
    expect(await counts()).toEqual([3, 2, 1, 1]);
  });

  test("a database that does not answer exits 3", async () => {
    const result = await latch(["migrate", "status", "--url", "postgres://nobody@127.0.0.1:1/none"], dir);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain("Could not connect to PostgreSQL");
  });
});

describe("latch migrate on PGlite", () => {
  test("an empty data directory: plan shows the tables, apply creates them, status is up to date", async () => {
    const dir = appFolder();
    const data = join(dir, "pgdata");
    const plan = await latch(["migrate", "plan", "--pglite", data], dir);
    expect(plan.code).toBe(0);
    expect(plan.stdout).toContain("no Latch tables yet");
    expect(plan.stdout).toContain("CREATE TABLE IF NOT EXISTS users");
    expect((await latch(["migrate", "status", "--pglite", data], dir)).code).toBe(1);
    expect((await latch(["migrate", "apply", "--pglite", data], dir)).code).toBe(0);
    const status = await latch(["migrate", "status", "--pglite", data], dir);
    expect(status.code).toBe(0);
    expect(status.stdout.match(/applied {2}\d+/g)).toHaveLength(pgMigrations.length);
  }, 120_000);

  test("users whose addresses are spellings of one address: plan, apply and status warn and name them; apply rewrites the others only", async () => {
    const dir = appFolder();
    const data = join(dir, "pgdata");
    expect((await latch(["migrate", "apply", "--pglite", data], dir)).code).toBe(0);
    // Rows as an older release wrote them, migration 9 not yet applied.
    const db = new PGlite(data);
    await db.query(`DELETE FROM latch_migrations WHERE version = 9`);
    await db.query(`INSERT INTO users (id, email) VALUES ('grace', 'Grace@Example.COM'), ('twin-a', 'Twin@example.com'), ('twin-b', 'twin@example.com')`);
    await db.close();

    const warning = /Warning: 1 address\(es\) belong to several users[\s\S]*twin@example\.com: twin-a \("Twin@example\.com"\), twin-b \("twin@example\.com"\)/;
    const plan = await latch(["migrate", "plan", "--pglite", data], dir);
    expect(plan.code).toBe(0);
    expect(plan.stdout).toContain("-- migration 9: email addresses in the stored spelling");
    expect(plan.stderr).toMatch(warning);
    const apply = await latch(["migrate", "apply", "--pglite", data], dir);
    expect(apply.code).toBe(0);
    expect(apply.stdout).toContain("9 email addresses in the stored spelling");
    expect(apply.stderr).toMatch(warning);
    const status = await latch(["migrate", "status", "--pglite", data], dir);
    expect(status.code).toBe(0);
    expect(status.stderr).toMatch(warning);

    const after = new PGlite(data);
    const { rows } = await after.query(`SELECT id, email FROM users ORDER BY id`);
    await after.close();
    expect(rows).toEqual([
      { id: "grace", email: "grace@example.com" },
      { id: "twin-a", email: "Twin@example.com" },
      { id: "twin-b", email: "twin@example.com" },
    ]);
  }, 120_000);
});

describe("latch migrate --typeorm", () => {
  test("SQLite: plan, apply, status, with @latch/typeorm's own list", async () => {
    const dir = appFolder();
    const file = join(dir, "app.db");
    const cli = (action: string) => latch(["migrate", action, "--typeorm", "sqlite", "--url", file], dir);
    const plan = await cli("plan");
    expect(plan.code).toBe(0);
    for (const migration of typeormMigrations.sqlite) expect(plan.stdout).toContain(`-- migration ${migration.version}: ${migration.name}`);
    expect((await cli("status")).code).toBe(1);
    const apply = await cli("apply");
    expect(apply.stderr).toBe("");
    expect(apply.code).toBe(0);
    const db = new Database(file, { readonly: true });
    try {
      const versions = db.prepare(`SELECT version FROM latch_migrations ORDER BY version`).all() as { version: number }[];
      expect(versions.map((r) => r.version)).toEqual(typeormMigrations.sqlite.map((m) => m.version));
    } finally {
      db.close();
    }
    expect((await cli("status")).code).toBe(0);
  });

  test.runIf(mariadbUp)("MariaDB: apply on its own database, then status is up to date", async () => {
    const name = `latch_cli_${Math.random().toString(36).slice(2, 10)}`;
    const mysql = await import("mysql2/promise");
    const admin = await mysql.createConnection({ host: services.mariadb.host, port: services.mariadb.port, user: "root" });
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const dir = appFolder();
      const target = `mysql://root@${services.mariadb.host}:${services.mariadb.port}/${name}`;
      expect((await latch(["migrate", "status", "--typeorm", "mariadb", "--url", target], dir)).code).toBe(1);
      const apply = await latch(["migrate", "apply", "--typeorm", "mariadb", "--url", target], dir);
      expect(apply.stderr).toBe("");
      expect(apply.code).toBe(0);
      const status = await latch(["migrate", "status", "--typeorm", "mariadb", "--url", target], dir);
      expect(status.code).toBe(0);
      expect(status.stdout.match(/applied {2}\d+/g)).toHaveLength(typeormMigrations.mariadb.length);
    } finally {
      await admin.query(`DROP DATABASE ${name}`);
      await admin.end();
    }
  });

  test.runIf(postgresUp)("PostgreSQL in a schema of its own (--schema), on a new database without the uuid-ossp extension the ids' default needs", async () => {
    const name = `latch_cli_${Math.random().toString(36).slice(2, 10)}`;
    const schema = "auth";
    const admin = new pg.Pool({ connectionString: url, max: 1 });
    await admin.query(`CREATE DATABASE ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    // One client, ended before the database is dropped: WITH (FORCE) would end a connection still open, as an error of its client.
    const client = new pg.Client({ connectionString: target.href });
    await client.connect();
    try {
      await client.query(`CREATE SCHEMA ${schema}`);
      const dir = appFolder();
      const cli = (action: string) => latch(["migrate", action, "--typeorm", "postgres", "--url", target.href, "--schema", schema], dir);
      const plan = (await cli("plan")).stdout;
      expect(plan).toContain(`"${schema}"."users"`);
      // The plan shows what apply runs: the extension first, within the first step.
      expect(plan).toMatch(/-- migration 1: [^\n]*\nCREATE EXTENSION IF NOT EXISTS "uuid-ossp";\nCREATE TABLE/);
      const apply = await cli("apply");
      expect(apply.stderr).toBe("");
      expect(apply.code).toBe(0);
      const { rows } = await client.query(`SELECT version FROM ${schema}.latch_migrations ORDER BY version`);
      expect(rows.map((r) => r.version)).toEqual(typeormMigrations.postgres.map((m) => m.version));
      expect((await cli("status")).code).toBe(0);
      // The default makes an id: an account inserted without one gets a uuid.
      await client.query(`INSERT INTO ${schema}.users (id, email) VALUES ('u1', 'a@example.com')`);
      const account = await client.query(`INSERT INTO ${schema}.accounts ("userId", type, provider, "providerAccountId") VALUES ('u1', 'oauth', 'github', '1') RETURNING id`);
      expect(account.rows[0].id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    } finally {
      await client.end();
      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
      await admin.end();
    }
  });

  test("an engine it does not know is a usage error", async () => {
    const result = await latch(["migrate", "status", "--typeorm", "oracle", "--url", "x"], appFolder());
    expect(result.code).toBe(2);
  });
});
