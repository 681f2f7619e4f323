import { PGlite } from "@electric-sql/pglite";
import { newUser } from "@latch/adapter-test";
import type { OrganizationAdapter } from "@latch/core/adapters";
import { needService, randomDatabaseName, schemaPool, services } from "@latch/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PostgresAdapter } from "../src/adapter.js";
import type { Queryable } from "../src/client.js";
import { migrate, migrations } from "../src/migrations.js";
import { schemaStatements } from "../src/schema.js";

const tables = ["users", "accounts", "sessions", "verification_token", "authenticators"] as const;

async function counts(db: Queryable): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const table of tables) result[table] = Number(((await db.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0] as { n: number }).n);
  return result;
}

async function recorded(db: Queryable): Promise<{ version: number; name: string }[]> {
  const { rows } = await db.query(`SELECT version, name, applied_at FROM latch_migrations ORDER BY version`);
  for (const row of rows as { applied_at: unknown }[]) expect(row.applied_at).toBeInstanceOf(Date);
  return (rows as { version: number; name: string }[]).map(({ version, name }) => ({ version, name }));
}

const allRecorded = migrations.map(({ version, name }) => ({ version, name }));

/** The released schema (before migrations were recorded) with one row in every table. */
async function releasedDatabase(db: Queryable): Promise<void> {
  for (const statement of schemaStatements) await db.query(statement);
  const expires = new Date(Date.now() + 86_400_000);
  await db.query(`INSERT INTO users (id, name, email) VALUES ('u1', 'Old', 'old@example.com'), ('u2', 'No Mail', '')`);
  await db.query(`INSERT INTO accounts ("userId", type, provider, "providerAccountId") VALUES ('u1', 'oauth', 'github', '42')`);
  await db.query(`INSERT INTO sessions ("userId", expires, "sessionToken") VALUES ('u1', $1, 'old-token')`, [expires]);
  await db.query(`INSERT INTO verification_token (identifier, expires, token) VALUES ('old@example.com', $1, 'hashed')`, [expires]);
  await db.query(
    `INSERT INTO authenticators ("credentialID", "userId", "providerAccountId", "credentialPublicKey", counter, "credentialDeviceType", "credentialBackedUp")
     VALUES ('cred', 'u1', 'cred', 'key', 0, 'singleDevice', false)`,
  );
}

describe("migrate on PGlite", () => {
  // Started once here: a PGlite instance takes seconds to start on a busy machine.
  let empty: PGlite;
  let released: PGlite;
  beforeAll(async () => {
    [empty, released] = await Promise.all([PGlite.create(), PGlite.create()]);
  });
  afterAll(async () => {
    await empty?.close();
    await released?.close();
  });

  test("an empty schema gets every migration, recorded with its name and time; none is applied twice", async () => {
    const db = empty;
    await migrate(db);
    expect(await recorded(db)).toEqual(allRecorded);
    const { rows } = await db.query<{ indexdef: string }>(`SELECT indexdef FROM pg_indexes WHERE indexname = 'users_email_key'`);
    expect(rows[0]?.indexdef).toMatch(/UNIQUE INDEX .* WHERE \(email <> ''::text\)/);
    // Were migration 1 run again, its full unique index would refuse the second "".
    await db.query(`INSERT INTO users (id, email) VALUES ('a', ''), ('b', '')`);
    await migrate(db);
    expect(await recorded(db)).toEqual(allRecorded);
    await expect(db.query(`INSERT INTO users (id, email) VALUES ('c', '')`)).resolves.toBeDefined();
  });

  test("a database of the released schema is recognised and upgraded without losing a row", async () => {
    const db = released;
    await releasedDatabase(db);
    const before = await counts(db);
    expect(before).toEqual({ users: 2, accounts: 1, sessions: 1, verification_token: 1, authenticators: 1 });
    // Before the upgrade, a second user without an email is refused.
    await expect(db.query(`INSERT INTO users (id, email) VALUES ('u3', '')`)).rejects.toThrow();

    await migrate(db);
    expect(await recorded(db)).toEqual(allRecorded);
    expect(await counts(db)).toEqual(before);

    const adapter = PostgresAdapter(db);
    const first = newUser({ email: "" });
    const second = newUser({ email: "" });
    await adapter.createUser!(first);
    await adapter.createUser!(second);
    expect(await counts(db)).toEqual({ ...before, users: before.users! + 2 });
    expect(await adapter.getUserByEmail!("")).toBeNull();
    // Addresses that are not empty stay unique.
    await expect(adapter.createUser!(newUser({ email: "old@example.com" }))).rejects.toThrow();
    expect((await adapter.getSessionAndUser!("old-token"))?.user).toMatchObject({ id: "u1", email: "old@example.com" });
    // Migration 3: the session from before it is listed with an id and unknown details, and can be ended by id.
    const [old] = await adapter.listSessions!("u1");
    expect(old).toMatchObject({ sessionToken: "old-token", createdAt: null, lastSeenAt: null, userAgent: null, ip: null });
    expect(old?.id).toMatch(/^\d+$/);
    expect(await adapter.deleteSessionById!("u2", old!.id!)).toBeNull();
    expect((await adapter.deleteSessionById!("u1", old!.id!))?.sessionToken).toBe("old-token");
    // Migration 6: a user from before it can have a password, and deleting the user removes it.
    const password = { userId: "u1", hash: "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$aGFzaA", updatedAt: new Date() };
    expect(await adapter.setPassword!(password)).toEqual(password);
    expect(await adapter.getPassword!("u1")).toEqual(password);
    await adapter.deleteUser!("u1");
    expect(await adapter.getPassword!("u1")).toBeNull();
  });

  test("a database at migration 11 upgrades to 12 (organizations) without losing a row", async () => {
    const db = await PGlite.create();
    try {
      await migrate(db);
      // The schema as migration 11 left it (the teams of migration 16, the single sign-on records of 17 and 20 and the SCIM records of 18 rest on the organizations' tables).
      for (const statement of [`DROP TABLE sso_logout_requests`, `DROP TABLE sso_sessions`, `DELETE FROM latch_migrations WHERE version = 20`, `DROP TABLE scim_group_members`, `DROP TABLE scim_groups`, `DROP TABLE scim_users`, `DELETE FROM latch_migrations WHERE version = 18`, `DROP TABLE sso_requests`, `DROP TABLE sso_connections`, `DROP TABLE sso_domains`, `DELETE FROM latch_migrations WHERE version = 17`, `DROP TABLE team_members`, `DROP TABLE teams`, `DELETE FROM latch_migrations WHERE version = 16`, `DROP TABLE organization_roles`, `DROP TABLE invitations`, `DROP TABLE members`, `DROP TABLE organizations`, `ALTER TABLE sessions DROP COLUMN "activeOrganizationId"`, `DELETE FROM latch_migrations WHERE version = 12`]) await db.query(statement);
      const expires = new Date(Date.now() + 86_400_000);
      await db.query(`INSERT INTO users (id, name, email) VALUES ('u1', 'Old', 'old@example.com')`);
      await db.query(`INSERT INTO sessions ("userId", expires, "sessionToken") VALUES ('u1', $1, 'old-token')`, [expires]);
      await db.query(`INSERT INTO api_keys (id, "ownerType", "ownerId", "userId", name, scopes, hash, "createdAt") VALUES ('k1', 'user', 'u1', 'u1', 'ci', '{}', 'h', now())`);
      const before = { ...(await counts(db)), api_keys: 1 };
      await migrate(db);
      expect(await recorded(db)).toEqual(allRecorded);
      expect({ ...(await counts(db)), api_keys: Number(((await db.query(`SELECT count(*)::int AS n FROM api_keys`)).rows[0] as { n: number }).n) }).toEqual(before);
      const adapter = PostgresAdapter(db) as ReturnType<typeof PostgresAdapter> & OrganizationAdapter;
      const found = await adapter.getSessionAndUser!("old-token");
      expect(found?.user).toMatchObject({ id: "u1" });
      expect(found?.session.activeOrganization).toBeUndefined();
      const organization = { id: "o1", name: "Old Org", slug: "old-org", metadata: null, createdAt: new Date() };
      await adapter.createOrganization(organization, { organizationId: "o1", userId: "u1", role: "owner", createdAt: new Date() });
      await adapter.setActiveOrganization("old-token", "o1");
      expect((await adapter.getSessionAndUser!("old-token"))?.session.activeOrganization).toEqual({ id: "o1", slug: "old-org", role: "owner" });
    } finally {
      await db.close();
    }
  });
});

describe.runIf(await needService(services.postgres))("migrate on PostgreSQL", () => {
  const admin = schemaPool("public", 1);
  const schemas: string[] = [];
  afterAll(async () => {
    for (const schema of schemas) await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  });

  /** A new schema and `instances` pools on it, as app instances starting together would have. */
  async function instances(count: number) {
    const schema = randomDatabaseName();
    schemas.push(schema);
    await admin.query(`CREATE SCHEMA ${schema}`);
    return Array.from({ length: count }, () => schemaPool(schema, 2));
  }

  test("app instances migrating an empty schema at once apply each migration once", async () => {
    const pools = await instances(6);
    try {
      await Promise.all(pools.map((pool) => migrate(pool)));
      expect(await recorded(pools[0]!)).toEqual(allRecorded);
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
    }
  });

  test("app instances upgrading a released database at once keep every row", async () => {
    const pools = await instances(6);
    try {
      await releasedDatabase(pools[0]!);
      const before = await counts(pools[0]!);
      await Promise.all(pools.map((pool) => migrate(pool)));
      expect(await recorded(pools[0]!)).toEqual(allRecorded);
      expect(await counts(pools[0]!)).toEqual(before);
      const adapter = PostgresAdapter(pools[1]!);
      await adapter.createUser!(newUser({ email: "" }));
      await adapter.createUser!(newUser({ email: "" }));
      expect((await counts(pools[0]!)).users).toBe(before.users! + 2);
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
    }
  });
});
