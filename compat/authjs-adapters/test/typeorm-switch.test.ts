/**
 * A switch from `@auth/typeorm-adapter` to @latch/typeorm on the same database, without a data
 * migration: the Auth.js adapter (TypeORM 0.3, in a process of its own: see
 * typeorm-authjs-process.ts) makes its tables and writes users, accounts, sessions and tokens;
 * @latch/typeorm (TypeORM 1.x, here) refuses those tables at start until `latch migrate` has
 * added what it needs, then reads every row, writes rows the Auth.js adapter reads, and signs a
 * user in through `Auth()`. On PostgreSQL through the CLI (`latch migrate plan|apply|status
 * --typeorm postgres`, which needs packages/cli built), on SQLite and MariaDB through `migrate`.
 */
import "reflect-metadata";
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Adapter } from "@latch/core/adapters";
import { needService, postgresLogin, randomDatabaseName, services, startSmtpServer } from "@latch/testing";
import { TypeORMAdapter, TypeORMSchemaMismatch, defaultEntities, migrate, migrations } from "@latch/typeorm";
import { afterAll, describe, expect, test } from "vitest";
import { notInstalled } from "./load.js";
import { browser, emailSignIn, emailSignInConfig } from "./shared.js";

if (notInstalled && process.env.CI) throw new Error(notInstalled);
const folder = fileURLToPath(new URL("../", import.meta.url));
const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
const cliBinary = join(repoRoot, "packages/cli/dist/bin.js");

// The workspace's TypeORM (the one @latch/typeorm loads): a plain `typeorm` here would be this
// folder's 0.3, which Auth.js's adapter needs.
type TypeORM = typeof import("../../../node_modules/typeorm/index.js");
type DataSource = InstanceType<TypeORM["DataSource"]>;
type DataSourceOptions = ConstructorParameters<TypeORM["DataSource"]>[0];
const { DataSource } = (await import(pathToFileURL(join(repoRoot, "node_modules/typeorm/index.mjs")).href)) as TypeORM;

type Json = Record<string, unknown>;
/** A date as it travels to and from the Auth.js process. */
const at = (date: Date) => ({ $date: date.getTime() });
const fromJson = (value: unknown) => new Date((value as { $date: number }).$date);

/** Calls methods of `@auth/typeorm-adapter` in a process of its own, with its TypeORM 0.3. */
function authjs(connection: Json, calls: { method: string; args: unknown[] }[]): Promise<Json[]> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, ["--import", "tsx", join(folder, "test/typeorm-authjs-process.ts")], { cwd: folder, timeout: 60_000, env: { ...process.env, NODE_ENV: "production" } }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`${error.message}\n${stderr}`));
      const { results, error: failed } = JSON.parse(stdout) as { results: Json[]; error?: string };
      if (failed) return reject(new Error(failed));
      resolve(results);
    });
    child.stdin!.end(JSON.stringify({ connection, calls }));
  });
}

/** Runs the built `latch` CLI. */
function latch(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [cliBinary, ...args], { cwd: repoRoot, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === "number" ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

/** What the Auth.js adapter writes before the switch: a user with an account, a session and a token. */
function authjsRows() {
  const user = { id: randomUUID(), name: "Ada", email: `ada-${randomUUID()}@example.com`, image: null, emailVerified: new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 678)) };
  const account = { userId: user.id, type: "oidc", provider: "op", providerAccountId: `sub-${randomUUID()}`, access_token: "at-1", token_type: "bearer", expires_at: 1_900_000_000, scope: "openid" };
  const session = { sessionToken: randomUUID(), userId: user.id, expires: new Date(Date.UTC(2031, 5, 6, 7, 8, 9, 10)) };
  const token = { identifier: user.email, token: randomUUID(), expires: new Date(Date.UTC(2031, 0, 1)) };
  const calls = [
    { method: "createUser", args: [{ ...user, emailVerified: at(user.emailVerified) }] },
    { method: "linkAccount", args: [account] },
    { method: "createSession", args: [{ ...session, expires: at(session.expires) }] },
    { method: "createVerificationToken", args: [{ ...token, expires: at(token.expires) }] },
  ];
  return { user, account, session, token, calls };
}

/** Checks that @latch/typeorm reads each row the Auth.js adapter wrote. */
async function latchReads(adapter: Adapter, rows: ReturnType<typeof authjsRows>): Promise<void> {
  const a = adapter as Required<Adapter>;
  const { user, account, session, token } = rows;
  expect(await a.getUser(user.id)).toEqual(user);
  expect(await a.getUserByEmail(user.email)).toEqual(user);
  expect(await a.getUserByAccount(account)).toEqual(user);
  expect(await a.getAccount(account.providerAccountId, account.provider)).toMatchObject(account);
  const found = await a.getSessionAndUser(session.sessionToken);
  expect(found?.user).toEqual(user);
  expect(found?.session).toMatchObject(session);
  expect(await a.useVerificationToken(token)).toEqual(token);
}

/** Rows @latch/typeorm writes, and the calls by which the Auth.js adapter reads them back. */
async function latchWrites(adapter: Adapter) {
  const a = adapter as Required<Adapter>;
  const user = await a.createUser({ id: randomUUID(), name: "Latch", email: `latch-${randomUUID()}@example.com`, image: null, emailVerified: new Date(Date.UTC(2026, 4, 5, 6, 7, 8, 9)) });
  const account = { userId: user.id, type: "oidc" as const, provider: "op", providerAccountId: `sub-${randomUUID()}`, access_token: "at-2", token_type: "bearer" as const };
  await a.linkAccount(account);
  const session = await a.createSession({ sessionToken: randomUUID(), userId: user.id, expires: new Date(Date.UTC(2032, 1, 2, 3, 4, 5, 6)) });
  const token = await a.createVerificationToken({ identifier: user.email, token: randomUUID(), expires: new Date(Date.UTC(2032, 0, 1)) });
  const reads = [
    { method: "getUser", args: [user.id] },
    { method: "getUserByAccount", args: [{ provider: account.provider, providerAccountId: account.providerAccountId }] },
    { method: "getSessionAndUser", args: [session.sessionToken] },
    { method: "useVerificationToken", args: [{ identifier: token!.identifier, token: token!.token }] },
  ];
  /** Checks what the Auth.js adapter gave back for `reads`. */
  function check([byId, byAccount, sessionAndUser, used]: Json[]): void {
    expect({ ...byId, emailVerified: fromJson(byId!.emailVerified) }).toEqual(user);
    expect(byAccount).toMatchObject({ id: user.id, email: user.email });
    const read = sessionAndUser as { session: Json; user: Json };
    expect(read.user).toMatchObject({ id: user.id, email: user.email });
    expect({ sessionToken: read.session.sessionToken, userId: read.session.userId, expires: fromJson(read.session.expires) }).toEqual({ sessionToken: session.sessionToken, userId: user.id, expires: session.expires });
    expect({ identifier: used!.identifier, token: used!.token, expires: fromJson(used!.expires) }).toEqual(token);
  }
  return { reads, check };
}

/** What the adapter's first call throws (or `undefined`). */
async function refusal(adapter: Adapter): Promise<unknown> {
  try {
    await adapter.getUser!(randomUUID());
  } catch (error) {
    return error;
  }
  return undefined;
}

/** The row count of each of Auth.js's tables. */
async function counts(dataSource: DataSource, schema?: string): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const table of ["users", "accounts", "sessions", "verification_tokens"]) {
    const [row] = (await dataSource.query(`SELECT count(*) AS n FROM ${schema ? `${schema}.` : ""}${table}`)) as { n: number | string }[];
    result[table] = Number(row!.n);
  }
  return result;
}

const entities = Object.values(defaultEntities);
/** Tests that start other processes (the Auth.js adapter loads TypeORM anew each time, the CLI) get longer on a busy machine. */
const slow = 120_000;
const postgresReady = !notInstalled && (await needService(services.postgres));

describe.skipIf(!postgresReady)(`@auth/typeorm-adapter's tables taken over by @latch/typeorm on PostgreSQL${notInstalled ? ` (skipped: ${notInstalled})` : ""}`, () => {
  const schema = randomDatabaseName("latch_authjs");
  const base = { host: postgresLogin.host, port: postgresLogin.port, username: postgresLogin.user, database: postgresLogin.database, schema };
  const url = `postgres://${base.username}@${base.host}:${base.port}/${base.database}`;
  const connection = { type: "postgres", ...base };
  const dataSource = new DataSource({ type: "postgres", ...base, entities } as DataSourceOptions);
  const adapter = TypeORMAdapter(dataSource);
  const written = authjsRows();
  const cli = (action: string) => latch(["migrate", action, "--typeorm", "postgres", "--url", url, "--schema", schema]);

  afterAll(async () => {
    if (dataSource.isInitialized) {
      await dataSource.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await dataSource.destroy();
    }
  });

  test("before the upgrade, @latch/typeorm refuses the Auth.js tables at start, naming the first missing column and the fix", async () => {
    await dataSource.initialize();
    await dataSource.query(`CREATE SCHEMA ${schema}`);
    // The Auth.js adapter makes its tables (synchronize) and writes its rows.
    await authjs({ ...connection, synchronize: true }, written.calls);
    const refused = await refusal(adapter);
    expect(refused).toBeInstanceOf(TypeORMSchemaMismatch);
    expect((refused as TypeORMSchemaMismatch).type).toBe("TypeORMSchemaMismatch");
    expect((refused as Error).message).toMatch(/"accounts"\."refreshLeaseHolder" does not exist: run `npx latch migrate apply --typeorm/);
    // Through Auth(): the error page with a code, not a 500.
    const smtp = await startSmtpServer();
    try {
      const visitor = browser(emailSignInConfig(adapter, smtp, "typeorm-switch-secret-0123456789abcdef"));
      const asked = await visitor.request("/auth/signin/nodemailer", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ csrfToken: await visitor.csrf(), email: written.user.email }),
      });
      expect(asked.status).toBe(302);
      expect(asked.headers.get("location")).toBe("http://localhost:3000/auth/error?error=Configuration");
    } finally {
      await smtp.close();
    }
  }, slow);

  test("latch migrate: status and plan name the Auth.js schema and show the SQL without running it", async () => {
    expect(existsSync(cliBinary), "packages/cli is built (npm run build -w @latch/cli)").toBe(true);
    const status = await cli("status");
    expect(status.stdout).toContain("an Auth.js schema");
    expect(status.code).toBe(1);
    const plan = await cli("plan");
    expect(plan.code).toBe(0);
    expect(plan.stdout).toContain(`ALTER TABLE "${schema}"."users" ALTER COLUMN "id" TYPE character varying(255) USING "id"::text;`);
    expect(plan.stdout).toContain(`ADD CONSTRAINT "accounts_provider_account_key" UNIQUE ("provider", "providerAccountId");`);
    expect(plan.stdout).toContain("-- migration 1: initial schema (recorded only");
    for (const migration of migrations.postgres) expect(plan.stdout).toContain(`-- migration ${migration.version}: ${migration.name}`);
    // Nothing ran.
    expect((await dataSource.query(`SELECT to_regclass('${schema}.latch_migrations') AS t`))[0].t).toBeNull();
  }, slow);

  test("latch migrate apply keeps every row; a second apply changes nothing", async () => {
    const before = await counts(dataSource, schema);
    expect(before).toEqual({ users: 1, accounts: 1, sessions: 1, verification_tokens: 1 });
    const apply = await cli("apply");
    expect(apply.stderr).toBe("");
    expect(apply.code).toBe(0);
    expect(await counts(dataSource, schema)).toEqual(before);
    const versions = (await dataSource.query(`SELECT version FROM ${schema}.latch_migrations ORDER BY version`)) as { version: number }[];
    expect(versions.map((row) => row.version)).toEqual(migrations.postgres.map((migration) => migration.version));
    // Dates stay millisecond text, as the Auth.js entities read them.
    const [session] = (await dataSource.query(`SELECT expires FROM ${schema}.sessions`)) as { expires: string }[];
    expect(session!.expires).toBe(String(written.session.expires.getTime()));

    const again = await cli("apply");
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("up to date, nothing to apply");
    expect((await cli("status")).code).toBe(0);
    expect(await counts(dataSource, schema)).toEqual(before);
  }, slow);

  test("after the upgrade, @latch/typeorm reads every row the Auth.js adapter wrote", async () => {
    await latchReads(adapter, written);
  });

  test("rows @latch/typeorm writes are read by the Auth.js adapter; rows it writes after the upgrade are read by @latch/typeorm", async () => {
    const { reads, check } = await latchWrites(adapter);
    const later = authjsRows();
    check((await authjs({ ...connection, synchronize: false }, [...reads, ...later.calls])).slice(0, reads.length));
    await latchReads(adapter, later);
  }, slow);

  test("an email sign-in through Auth() with @latch/typeorm on the upgraded tables; the Auth.js adapter reads its user and session", async () => {
    const smtp = await startSmtpServer();
    try {
      const config = emailSignInConfig(adapter, smtp, "typeorm-switch-secret-0123456789abcdef");
      const email = `switch-${randomUUID()}@example.com`;
      const visitor = browser(config);
      await emailSignIn(visitor, smtp, email);
      expect(((await (await visitor.request("/auth/session")).json()) as { user: { email: string } }).user.email).toBe(email);
      const [row] = (await dataSource.query(`SELECT u.id, u."emailVerified", s."sessionToken", s.expires FROM ${schema}.users u JOIN ${schema}.sessions s ON s."userId" = u.id WHERE u.email = $1`, [email])) as Json[];
      expect(String(row!.emailVerified)).toMatch(/^\d{13}$/);
      const [byEmail, sessionAndUser] = await authjs({ ...connection, synchronize: false }, [
        { method: "getUserByEmail", args: [email] },
        { method: "getSessionAndUser", args: [row!.sessionToken] },
      ]);
      expect(byEmail).toMatchObject({ id: row!.id, email });
      expect(fromJson(byEmail!.emailVerified).getTime()).toBe(Number(row!.emailVerified));
      expect(fromJson((sessionAndUser as { session: Json }).session.expires).getTime()).toBe(Number(row!.expires));
    } finally {
      await smtp.close();
    }
  }, slow);

  test("a date column that is neither a timestamp nor text is refused at start, naming it", async () => {
    await dataSource.query(`ALTER TABLE ${schema}.verification_tokens ALTER COLUMN expires TYPE bigint USING expires::bigint`);
    const other = TypeORMAdapter({ type: "postgres", ...base, entities } as DataSourceOptions);
    const refused = await refusal(other);
    expect(refused).toBeInstanceOf(TypeORMSchemaMismatch);
    expect((refused as Error).message).toContain(`"verification_tokens"."expires" holds bigint`);
  }, slow);
});

/**
 * The switch through `migrate(dataSource)`: the Auth.js adapter writes, @latch/typeorm refuses
 * the tables, `migrate` (twice) keeps every row, then each adapter reads the other's rows.
 */
async function switchWithMigrate(dataSource: DataSource, connection: Json, dialect: keyof typeof migrations): Promise<void> {
  const written = authjsRows();
  await authjs({ ...connection, synchronize: true }, written.calls);
  if (!dataSource.isInitialized) await dataSource.initialize();
  const adapter = TypeORMAdapter(dataSource);
  expect(await refusal(adapter)).toBeInstanceOf(TypeORMSchemaMismatch);

  const before = await counts(dataSource);
  expect(before).toEqual({ users: 1, accounts: 1, sessions: 1, verification_tokens: 1 });
  await migrate(dataSource);
  await migrate(dataSource);
  expect(await counts(dataSource)).toEqual(before);
  const versions = (await dataSource.query(`SELECT version FROM latch_migrations ORDER BY version`)) as { version: number }[];
  expect(versions.map((row) => Number(row.version))).toEqual(migrations[dialect].map((migration) => migration.version));

  await latchReads(adapter, written);
  // One Auth.js process reads Latch's rows and writes more (each start loads TypeORM anew).
  const { reads, check } = await latchWrites(adapter);
  const later = authjsRows();
  check((await authjs(connection, [...reads, ...later.calls])).slice(0, reads.length));
  await latchReads(adapter, later);
  // Users without an email, any number of them, as Latch stores them.
  for (let i = 0; i < 2; i++) await adapter.createUser!({ id: randomUUID(), name: null, email: "", image: null, emailVerified: null });
}

describe.skipIf(!!notInstalled)("@auth/typeorm-adapter's tables taken over by @latch/typeorm on SQLite", () => {
  const dir = mkdtempSync(join(tmpdir(), "latch-typeorm-switch-"));
  const file = join(dir, "app.db");
  const dataSource = new DataSource({ type: "better-sqlite3", database: file, entities });

  afterAll(async () => {
    if (dataSource.isInitialized) await dataSource.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  test("migrate upgrades the Auth.js tables keeping every row, twice without a change; both adapters then read each other's rows", async () => {
    await switchWithMigrate(dataSource, { type: "better-sqlite3", database: file }, "sqlite");
  }, slow);
});

const mariadbReady = !notInstalled && (await needService(services.mariadb));

describe.skipIf(!mariadbReady)("@auth/typeorm-adapter's tables taken over by @latch/typeorm on MariaDB", () => {
  const database = randomDatabaseName("latch_authjs");
  const base = { host: services.mariadb.host, port: services.mariadb.port, username: "root", database };
  const dataSource = new DataSource({ type: "mariadb", ...base, entities } as DataSourceOptions);
  const admin = new DataSource({ type: "mariadb", ...base, database: "test" } as DataSourceOptions);

  afterAll(async () => {
    if (dataSource.isInitialized) await dataSource.destroy();
    if (admin.isInitialized) {
      await admin.query(`DROP DATABASE IF EXISTS \`${database}\``);
      await admin.destroy();
    }
  });

  test("migrate upgrades the Auth.js tables keeping every row, twice without a change; both adapters then read each other's rows", async () => {
    await admin.initialize();
    await admin.query(`CREATE DATABASE \`${database}\``);
    await switchWithMigrate(dataSource, { type: "mariadb", ...base }, "mariadb");
  }, slow);
});
