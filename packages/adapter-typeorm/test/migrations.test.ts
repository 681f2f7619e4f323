import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { newUser } from "@latch/adapter-test";
import { mariadbLogin, mariadbStatement, needService, services } from "@latch/testing";
import { DataSource, type DataSourceOptions } from "typeorm";
import { afterAll, describe, expect, test } from "vitest";
import { TypeORMAdapter } from "../src/adapter.js";
import { migrate, migrations, type Dialect } from "../src/migrations/index.js";
import { entities, postgresOptions, randomName } from "./readers.js";
import { ReleasedAccountEntity, ReleasedSessionEntity, ReleasedUserEntity, releasedEntities } from "./released-entities.js";
import type { AccountEntity, SessionEntity, UserEntity } from "../src/entities.js";

/** Where an engine's test databases come from: each call of `fresh` gives a new, empty one. */
interface Engine {
  dialect: Dialect;
  available: boolean;
  /** A new empty database; `options(extra)` gives DataSource options on it. */
  fresh(): Promise<(extra?: Partial<DataSourceOptions>) => DataSourceOptions>;
  cleanup(): Promise<void>;
}


async function engines(): Promise<Engine[]> {
  const directory = mkdtempSync(join(tmpdir(), "latch-typeorm-"));
  const pgSchemas: string[] = [];
  const mariadbDatabases: string[] = [];
  return [
    {
      dialect: "sqlite",
      available: true,
      async fresh() {
        const database = join(directory, `${randomName()}.sqlite`);
        return (extra = {}) => ({ type: "better-sqlite3", database, ...extra }) as DataSourceOptions;
      },
      async cleanup() {
        rmSync(directory, { recursive: true, force: true });
      },
    },
    {
      dialect: "postgres",
      available: await needService(services.postgres),
      async fresh() {
        const schema = randomName();
        pgSchemas.push(schema);
        const admin = await new DataSource(postgresOptions).initialize();
        await admin.query(`CREATE SCHEMA ${schema}`);
        await admin.destroy();
        return (extra = {}) => ({ ...postgresOptions, schema, ...extra }) as DataSourceOptions;
      },
      async cleanup() {
        if (pgSchemas.length === 0) return;
        const admin = await new DataSource(postgresOptions).initialize();
        for (const schema of pgSchemas) await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await admin.destroy();
      },
    },
    {
      dialect: "mariadb",
      available: await needService(services.mariadb),
      async fresh() {
        const database = randomName();
        mariadbDatabases.push(database);
        await mariadbStatement(`CREATE DATABASE \`${database}\``);
        const { host, port, user: username, password } = mariadbLogin;
        return (extra = {}) => ({ type: "mariadb", host, port, username, password, database, ...extra }) as DataSourceOptions;
      },
      async cleanup() {
        for (const database of mariadbDatabases) await mariadbStatement(`DROP DATABASE IF EXISTS \`${database}\``);
      },
    },
  ];
}

const allRecorded = (dialect: Dialect) => migrations[dialect].map(({ version, name }) => ({ version, name }));

/** A table's name, qualified with the data source's PostgreSQL schema when it has one. */
function qualified(dataSource: DataSource, table: string): string {
  const schema = (dataSource.options as { schema?: string }).schema;
  return schema ? `${schema}.${table}` : table;
}

async function recorded(dataSource: DataSource): Promise<{ version: number; name: string }[]> {
  const rows = (await dataSource.query(`SELECT version, name, applied_at FROM ${qualified(dataSource, "latch_migrations")} ORDER BY version`)) as { version: number; name: string; applied_at: unknown }[];
  for (const row of rows) expect(row.applied_at).toBeTruthy();
  return rows.map(({ version, name }) => ({ version: Number(version), name }));
}

const tables = ["users", "accounts", "sessions", "verification_tokens", "authenticators"];

async function counts(dataSource: DataSource): Promise<number[]> {
  const result: number[] = [];
  for (const table of tables) result.push(Number(((await dataSource.query(`SELECT count(*) AS n FROM ${qualified(dataSource, table)}`)) as { n: number | string }[])[0]!.n));
  return result;
}

/** A database as the released entities' `synchronize` made it, with one row in every table (and a user without email). */
async function releasedDatabase(options: DataSourceOptions): Promise<void> {
  const old = await new DataSource({ ...options, entities: releasedEntities, synchronize: true } as DataSourceOptions).initialize();
  const adapter = TypeORMAdapter(old, {
    entities: { UserEntity: ReleasedUserEntity as unknown as typeof UserEntity, SessionEntity: ReleasedSessionEntity as unknown as typeof SessionEntity,
      AccountEntity: ReleasedAccountEntity as unknown as typeof AccountEntity,
    },
  });
  const user = newUser({ id: "u1", email: "old@example.com" });
  await adapter.createUser!(user);
  await adapter.createUser!(newUser({ id: "u2", email: "" }));
  await adapter.linkAccount!({ userId: "u1", type: "oauth", provider: "github", providerAccountId: "42" });
  await adapter.createSession!({ sessionToken: "old-token", userId: "u1", expires: new Date(Date.now() + 86_400_000) });
  await adapter.createVerificationToken!({ identifier: "old@example.com", token: "hashed", expires: new Date(Date.now() + 86_400_000) });
  await adapter.createAuthenticator!({
    credentialID: "cred",
    userId: "u1",
    providerAccountId: "cred",
    credentialPublicKey: "key",
    counter: 0,
    credentialDeviceType: "singleDevice",
    credentialBackedUp: false,
  });
  // A second user without an email is what the released schema refused.
  await expect(adapter.createUser!(newUser({ email: "" }))).rejects.toThrow();
  await old.destroy();
}

/** The schema of the Latch tables as the engine describes it, with the PostgreSQL schema name taken out. */
async function schemaOf(dataSource: DataSource, dialect: Dialect): Promise<unknown> {
  const text = (value: unknown) => String(value).replace(/\s+/g, " ").trim();
  if (dialect === "sqlite") {
    const rows = (await dataSource.query(`SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' AND tbl_name <> 'latch_migrations' ORDER BY name`)) as Record<string, unknown>[];
    return rows.map((row) => ({ ...row, sql: text(row.sql) }));
  }
  if (dialect === "mariadb") {
    const result: string[] = [];
    for (const table of tables) result.push(text(((await dataSource.query(`SHOW CREATE TABLE ${table}`)) as Record<string, string>[])[0]!["Create Table"]));
    return result;
  }
  const schema = (dataSource.options as { schema: string }).schema;
  const strip = (rows: Record<string, unknown>[]) => rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === "string" ? v.replaceAll(schema, "S") : v])));
  return {
    columns: await dataSource.query(
      `SELECT table_name, column_name, data_type, character_maximum_length, datetime_precision, is_nullable, column_default FROM information_schema.columns WHERE table_schema = $1 AND table_name <> 'latch_migrations' ORDER BY table_name, column_name`,
      [schema],
    ),
    indexes: strip(await dataSource.query(`SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = $1 AND tablename <> 'latch_migrations' ORDER BY indexname`, [schema])),
    constraints: strip(
      await dataSource.query(
        `SELECT c.conname, pg_get_constraintdef(c.oid) AS def FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace WHERE n.nspname = $1 AND c.conrelid <> ($1 || '.latch_migrations')::regclass ORDER BY c.conname`,
        [schema],
      ),
    ),
  };
}

const all = await engines();
afterAll(async () => {
  for (const engine of all) if (engine.available) await engine.cleanup();
});

describe.each(all.filter((engine) => engine.available))("migrate on $dialect", ({ dialect, fresh }) => {
  test("an empty database gets every migration, recorded with its name and time; a second run changes nothing", async () => {
    const options = await fresh();
    const dataSource = new DataSource(options({ entities }));
    await migrate(dataSource);
    expect(await recorded(dataSource)).toEqual(allRecorded(dialect));
    await migrate(dataSource);
    expect(await recorded(dataSource)).toEqual(allRecorded(dialect));
    const adapter = TypeORMAdapter(dataSource);
    await adapter.createUser!(newUser({ email: "" }));
    await adapter.createUser!(newUser({ email: "" }));
    const taken = newUser();
    await adapter.createUser!(taken);
    await expect(adapter.createUser!(newUser({ email: taken.email }))).rejects.toThrow();
    await dataSource.destroy();
  });

  test("a database of the released schema is recognised and upgraded without losing a row", async () => {
    const options = await fresh();
    await releasedDatabase(options());
    const dataSource = new DataSource(options({ entities }));
    await dataSource.initialize();
    const before = await counts(dataSource);
    expect(before).toEqual([2, 1, 1, 1, 1]);

    await migrate(dataSource);
    expect(await recorded(dataSource)).toEqual(allRecorded(dialect));
    expect(await counts(dataSource)).toEqual(before);

    const adapter = TypeORMAdapter(dataSource);
    await adapter.createUser!(newUser({ email: "" }));
    await adapter.createUser!(newUser({ email: "" }));
    expect((await counts(dataSource))[0]).toBe(before[0]! + 2);
    expect(await adapter.getUserByEmail!("")).toBeNull();
    await expect(adapter.createUser!(newUser({ email: "old@example.com" }))).rejects.toThrow();
    // The rows kept their links: the session finds its user, deleting the user still cascades.
    expect((await adapter.getSessionAndUser!("old-token"))?.user).toMatchObject({ id: "u1", email: "old@example.com" });
    // Migration 3: the older session is listed with its id and unknown details, and only its user can end it.
    const [old] = await adapter.listSessions!("u1");
    expect(old).toMatchObject({ sessionToken: "old-token", createdAt: null, lastSeenAt: null, userAgent: null, ip: null });
    // Migration 10: the older session has earned nothing; a new one records how it was earned.
    expect((await adapter.getSessionAndUser!("old-token"))?.session).toMatchObject({ auth_time: null, mfa_time: null, amr: null });
    const earned = { auth_time: 1_760_000_000, mfa_time: 1_760_000_030, amr: ["pwd" as const, "otp" as const, "mfa" as const] };
    await adapter.createSession!({ sessionToken: "new-token", userId: "u1", expires: new Date(Date.now() + 86_400_000), ...earned });
    expect((await adapter.getSessionAndUser!("new-token"))?.session).toMatchObject(earned);
    await adapter.deleteSession!("new-token");
    expect(await adapter.deleteSessionById!("u2", old!.id!)).toBeNull();
    expect((await adapter.getSessionAndUser!("old-token"))?.session.id).toBe(old!.id);
    // Migration 6: a user from before it can have a password, which goes with the user.
    const password = { userId: "u1", hash: "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$aGFzaA", updatedAt: new Date() };
    expect(await adapter.setPassword!(password)).toEqual(password);
    // Migration 11: an upgraded database stores signing keys, one per generation.
    const key = { id: "kid-1", generation: 1, algorithm: "EdDSA", publicKey: "{}", privateKey: "sealed", createdAt: new Date("2026-11-27T12:00:00.000Z") };
    expect(await adapter.createSigningKey!(key)).toBe(true);
    expect(await adapter.createSigningKey!({ ...key, id: "kid-2" })).toBe(false);
    expect(await adapter.listSigningKeys!()).toEqual([key]);
    // Migration 12: a user from before it can have API keys, which go with the user.
    const apiKey = { id: "0123456789abcdef", ownerType: "user", ownerId: "u1", name: "ci", scopes: ["orders:read", "orders:write"], hash: "a".repeat(64), createdAt: new Date("2026-11-27T12:00:00.000Z"), expires: null, lastUsedAt: null };
    expect(await adapter.createApiKey(apiKey)).toEqual(apiKey);
    expect(await adapter.listApiKeys("user", "u1")).toEqual([apiKey]);
    // Migrations 13 and 14: a user from before them can own an organization, act for it in an
    // older session, and have a site role; all of it goes with the user.
    const organization = { id: "o1", name: "Acme", slug: "acme", metadata: { plan: "pro" }, createdAt: new Date("2026-11-27T12:00:00.000Z") };
    expect(await adapter.createOrganization(organization, { organizationId: "o1", userId: "u1", role: "owner", createdAt: organization.createdAt })).toEqual(organization);
    await adapter.setActiveOrganization("old-token", "o1");
    expect((await adapter.getSessionAndUser!("old-token"))?.session.activeOrganization).toEqual({ id: "o1", slug: "acme", role: "owner" });
    expect(await adapter.updateUserStanding("u1", { role: "admin" })).toEqual({ role: "admin", banned: false, banReason: null, banExpires: null });
    await adapter.deleteUser!("u1");
    expect(await adapter.getMember("o1", "u1")).toBeNull();
    expect(await adapter.getUserStanding("u1")).toBeNull();
    expect(await adapter.getOrganization("o1")).toEqual(organization);
    expect(await adapter.getPassword!("u1")).toBeNull();
    expect(await adapter.getApiKey(apiKey.id)).toBeNull();
    expect(await counts(dataSource)).toEqual([before[0]! + 1, 0, 0, 1, 0]);
    await dataSource.destroy();
  });

  test("a database at migration 12 gets migrations 13 and 14 without losing a row, and then stores organizations and site roles", async () => {
    const options = await fresh();
    const current = new DataSource(options({ entities }));
    await migrate(current);
    const adapter = TypeORMAdapter(current);
    const user = await adapter.createUser!(newUser());
    await adapter.createSession!({ sessionToken: "kept-token", userId: user.id, expires: new Date(Date.now() + 86_400_000) });
    const apiKey = { id: "fedcba9876543210", ownerType: "user", ownerId: user.id, name: "ci", scopes: ["orders:read"], hash: "b".repeat(64), createdAt: new Date("2026-11-27T12:00:00.000Z"), expires: null, lastUsedAt: null };
    await adapter.createApiKey(apiKey);
    // Back to the schema of migration 12: without the tables and the column of migrations 13 and 14.
    for (const table of ["oauth_provider_models", "team_members", "teams", "audit_events", "user_standings", "organization_roles", "invitations", "members", "organizations"]) await current.query(`DROP TABLE ${qualified(current, table)}`);
    for (const name of ["activeOrganizationId", "impersonatedBy"]) {
      const column = dialect === "mariadb" ? `\`${name}\`` : `"${name}"`;
      await current.query(`ALTER TABLE ${qualified(current, "sessions")} DROP COLUMN ${column}`);
    }
    await current.query(`DELETE FROM ${qualified(current, "latch_migrations")} WHERE version > 12`);
    const before = await counts(current);
    await current.destroy();

    const upgraded = new DataSource(options({ entities }));
    await migrate(upgraded);
    expect(await recorded(upgraded)).toEqual(allRecorded(dialect));
    expect(await counts(upgraded)).toEqual(before);
    const after = TypeORMAdapter(upgraded);
    const read = await after.getSessionAndUser!("kept-token");
    expect(read?.user).toMatchObject({ id: user.id });
    expect(read?.session.activeOrganization ?? null).toBeNull();
    expect(await after.getApiKey(apiKey.id)).toEqual(apiKey);
    expect(await after.getUserStanding(user.id)).toEqual({ role: null, banned: false, banReason: null, banExpires: null });
    const organization = { id: "o2", name: "Kept", slug: "kept", metadata: null, createdAt: new Date("2026-11-27T12:00:00.000Z") };
    expect(await after.createOrganization(organization, { organizationId: "o2", userId: user.id, role: "owner", createdAt: organization.createdAt })).toEqual(organization);
    await after.setActiveOrganization("kept-token", "o2");
    expect((await after.getSessionAndUser!("kept-token"))?.session.activeOrganization).toEqual({ id: "o2", slug: "kept", role: "owner" });
    await upgraded.destroy();
  });

  test("a database at migration 14 gets migration 15 without losing a row, and then stores who started an impersonated session", async () => {
    const options = await fresh();
    const current = new DataSource(options({ entities }));
    await migrate(current);
    const adapter = TypeORMAdapter(current);
    const user = await adapter.createUser!(newUser());
    const administrator = await adapter.createUser!(newUser());
    await adapter.createSession!({ sessionToken: "older-token", userId: user.id, expires: new Date(Date.now() + 86_400_000), auth_time: 1_760_000_000, amr: ["pwd"] });
    const column = dialect === "mariadb" ? "`impersonatedBy`" : `"impersonatedBy"`;
    for (const table of ["oauth_provider_models", "team_members", "teams", "audit_events"]) await current.query(`DROP TABLE ${qualified(current, table)}`);
    await current.query(`ALTER TABLE ${qualified(current, "sessions")} DROP COLUMN ${column}`);
    await current.query(`DELETE FROM ${qualified(current, "latch_migrations")} WHERE version > 14`);
    const before = await counts(current);
    await current.destroy();

    const upgraded = new DataSource(options({ entities }));
    await migrate(upgraded);
    expect(await recorded(upgraded)).toEqual(allRecorded(dialect));
    expect(allRecorded(dialect).find(({ version }) => version === 15)).toEqual({ version: 15, name: "impersonation" });
    expect(await counts(upgraded)).toEqual(before);
    const after = TypeORMAdapter(upgraded);
    expect((await after.getSessionAndUser!("older-token"))?.session).toMatchObject({ userId: user.id, impersonatedBy: null, auth_time: 1_760_000_000, amr: ["pwd"] });
    await after.createSession!({ sessionToken: "acting-token", userId: user.id, expires: new Date(Date.now() + 3_600_000), impersonatedBy: administrator.id });
    expect((await after.getSessionAndUser!("acting-token"))?.session.impersonatedBy).toBe(administrator.id);
    await upgraded.destroy();
  });

  test("a database at migration 15 gets migrations 16, 17 and 18 without losing a row, and then keeps an append-only audit trail and teams", async () => {
    const options = await fresh();
    const current = new DataSource(options({ entities }));
    await migrate(current);
    const adapter = TypeORMAdapter(current);
    const owner = await adapter.createUser!(newUser());
    const member = await adapter.createUser!(newUser());
    const outsider = await adapter.createUser!(newUser());
    await adapter.createSession!({ sessionToken: "team-token", userId: member.id, expires: new Date(Date.now() + 86_400_000) });
    const organization = { id: "o3", name: "Kept", slug: "kept-teams", metadata: null, createdAt: new Date("2026-11-27T12:00:00.000Z") };
    await adapter.createOrganization(organization, { organizationId: "o3", userId: owner.id, role: "owner", createdAt: organization.createdAt });
    await adapter.acceptInvitation((await adapter.createInvitation({ id: "i3", organizationId: "o3", email: "m@example.com", role: "member", inviterId: owner.id, hash: "c".repeat(64), status: "pending", expires: new Date(Date.now() + 86_400_000), createdAt: organization.createdAt })).id, { organizationId: "o3", userId: member.id, role: "member", createdAt: organization.createdAt });
    // Back to the schema of migration 15: without the tables of migrations 16, 17 and 18.
    for (const table of ["oauth_provider_models", "team_members", "teams", "audit_events"]) await current.query(`DROP TABLE ${qualified(current, table)}`);
    await current.query(`DELETE FROM ${qualified(current, "latch_migrations")} WHERE version > 15`);
    const before = await counts(current);
    await current.destroy();

    const upgraded = new DataSource(options({ entities }));
    await migrate(upgraded);
    expect(await recorded(upgraded)).toEqual(allRecorded(dialect));
    expect(allRecorded(dialect).filter(({ version }) => version > 15)).toEqual([{ version: 16, name: "audit events" }, { version: 17, name: "teams" }, { version: 18, name: "OAuth provider models" }]);
    expect(await counts(upgraded)).toEqual(before);
    const after = TypeORMAdapter(upgraded);
    expect((await after.getSessionAndUser!("team-token"))?.user).toMatchObject({ id: member.id });
    expect(await after.listMembers("o3")).toHaveLength(2);
    // Teams: a member joins, an outsider does not, and leaving the organization leaves its teams.
    const team = { id: "t3", organizationId: "o3", name: "Support", createdAt: organization.createdAt };
    expect(await after.createTeam(team)).toEqual(team);
    expect(await after.addTeamMember({ teamId: "t3", userId: member.id, createdAt: organization.createdAt })).toEqual({ teamId: "t3", userId: member.id, createdAt: organization.createdAt });
    expect(await after.addTeamMember({ teamId: "t3", userId: outsider.id, createdAt: organization.createdAt })).toBeNull();
    await after.deleteMember("o3", member.id);
    expect(await after.listTeamMembers("t3")).toEqual([]);
    // The audit trail: appended, read back, and refused any change by the database itself.
    const event = { id: "e3", at: new Date("2026-11-27T12:00:00.000Z"), action: "signIn", outcome: "success" as const, actorUserId: null, subjectUserId: member.id, organizationId: null, network: null, userAgent: null, details: { provider: "credentials" } };
    await after.appendAuditEvent(event);
    expect(await after.listAuditEvents({ userId: member.id, limit: 10 })).toEqual([event]);
    await expect(upgraded.query(`UPDATE ${qualified(upgraded, "audit_events")} SET action = 'signOut'`)).rejects.toThrow(/append-only/);
    await expect(upgraded.query(`DELETE FROM ${qualified(upgraded, "audit_events")}`)).rejects.toThrow(/append-only/);
    expect(await after.listAuditEvents({ userId: member.id, limit: 10 })).toEqual([event]);
    await upgraded.destroy();
  });

  test("migration 1 is the released schema: an upgraded database and a new one end up the same", async () => {
    const old = await fresh();
    await releasedDatabase(old());
    const upgraded = new DataSource(old({ entities }));
    await migrate(upgraded);
    const created = new DataSource((await fresh())({ entities }));
    await migrate(created);
    const schema = await schemaOf(created, dialect);
    expect(JSON.stringify(schema)).toMatch(/users_email_key/);
    expect(await schemaOf(upgraded, dialect)).toEqual(schema);
    await upgraded.destroy();
    await created.destroy();
  });

  const concurrently =
    dialect === "sqlite"
      ? "app instances migrating at once (skipped on SQLite: in one process better-sqlite3 waits for a lock synchronously; the suite below uses a second process)"
      : "app instances migrating at once apply each migration once";
  test.skipIf(dialect === "sqlite")(concurrently, async () => {
    const options = await fresh();
    const instances = Array.from({ length: 5 }, () => new DataSource(options({ entities })));
    try {
      await Promise.all(instances.map((dataSource) => migrate(dataSource)));
      expect(await recorded(instances[0]!)).toEqual(allRecorded(dialect));
    } finally {
      await Promise.all(instances.map((dataSource) => dataSource.destroy()));
    }
  });
});

describe("migrate on SQLite while another process writes", () => {
  // Another app instance in the middle of its migration holds the database's write lock. In one
  // process better-sqlite3 waits for a lock synchronously, so the other instance is a process.
  const other = `
    const Database = require("better-sqlite3");
    const db = new Database(process.argv[1]);
    db.exec("BEGIN IMMEDIATE; CREATE TABLE other_instance (id integer)");
    process.stdout.write("locked\\n");
    setTimeout(() => { db.exec("COMMIT"); db.close(); }, 1500);
  `;

  test("waits for the write lock up front instead of failing on a lock it cannot upgrade", async () => {
    const directory = mkdtempSync(join(tmpdir(), "latch-sqlite-"));
    const database = join(directory, "app.sqlite");
    const child = spawn(process.execPath, ["-e", other, database], { cwd: fileURLToPath(new URL(".", import.meta.url)), stdio: ["ignore", "pipe", "inherit"] });
    const exited = once(child, "exit");
    try {
      await once(child.stdout, "data");
      const dataSource = new DataSource({ type: "better-sqlite3", database, timeout: 10_000 });
      await migrate(dataSource);
      expect(await recorded(dataSource)).toEqual(allRecorded("sqlite"));
      await dataSource.destroy();
      expect(await exited).toEqual([0, null]);
    } finally {
      child.kill();
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
