import { PGlite } from "@electric-sql/pglite";
import { newUser } from "@latch/adapter-test";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PostgresAdapter } from "../src/adapter.js";
import { migrations, upgradeAuthjsSchema } from "../src/migrations.js";

// The tables as the Auth.js PostgreSQL adapter documents them: serial ids, no foreign keys,
// no unique constraints.
const authjsSchema = [
  `CREATE TABLE verification_token (identifier TEXT NOT NULL, expires TIMESTAMPTZ NOT NULL, token TEXT NOT NULL, PRIMARY KEY (identifier, token))`,
  `CREATE TABLE accounts (id SERIAL, "userId" INTEGER NOT NULL, type VARCHAR(255) NOT NULL, provider VARCHAR(255) NOT NULL,
    "providerAccountId" VARCHAR(255) NOT NULL, refresh_token TEXT, access_token TEXT, expires_at BIGINT, id_token TEXT,
    scope TEXT, session_state TEXT, token_type TEXT, PRIMARY KEY (id))`,
  `CREATE TABLE sessions (id SERIAL, "userId" INTEGER NOT NULL, expires TIMESTAMPTZ NOT NULL, "sessionToken" VARCHAR(255) NOT NULL, PRIMARY KEY (id))`,
  `CREATE TABLE users (id SERIAL, name VARCHAR(255), email VARCHAR(255), "emailVerified" TIMESTAMPTZ, image TEXT, PRIMARY KEY (id))`,
];

describe("PostgresAdapter on a database an Auth.js install created (PGlite)", () => {
  const db = new PGlite();
  const adapter = PostgresAdapter(db);
  const expires = new Date(Date.now() + 86_400_000);

  beforeAll(async () => {
    for (const statement of authjsSchema) await db.query(statement);
    await db.query(`INSERT INTO users (name, email) VALUES ('Old', 'old@example.com'), ('No Mail', NULL), ('Empty Mail', '')`);
    await db.query(`INSERT INTO accounts ("userId", type, provider, "providerAccountId", expires_at) VALUES (1, 'oauth', 'github', '42', 1700000000)`);
    await db.query(`INSERT INTO sessions ("userId", expires, "sessionToken") VALUES (1, $1, 'old-token')`, [expires]);
    await upgradeAuthjsSchema(db);
    await upgradeAuthjsSchema(db);
  });
  afterAll(() => db.close());

  test("the upgrade keeps every row and records the migrations", async () => {
    const count = async (table: string) => Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]?.n);
    expect([await count("users"), await count("accounts"), await count("sessions")]).toEqual([3, 1, 1]);
    expect((await db.query<{ version: number }>(`SELECT version FROM latch_migrations ORDER BY version`)).rows.map((r) => r.version)).toEqual(migrations.map((m) => m.version));
  });

  test("a user Auth.js stored with a NULL email reads back with email \"\"", async () => {
    const { rows } = await db.query<{ id: string }>(`SELECT id FROM users WHERE email IS NULL`);
    expect(rows).toHaveLength(1);
    expect(await adapter.getUser!(rows[0]!.id)).toMatchObject({ name: "No Mail", email: "" });
  });

  test("users without an email sign up beside the ones Auth.js stored", async () => {
    const first = newUser({ email: "" });
    const second = newUser({ email: "" });
    await adapter.createUser!(first);
    await adapter.createUser!(second);
    expect(await adapter.getUser!(second.id)).toMatchObject({ email: "" });
    expect(await adapter.getUserByEmail!("")).toBeNull();
  });

  test("existing sessions and accounts keep working", async () => {
    const found = await adapter.getSessionAndUser!("old-token");
    // Migration 3 added the session details: unknown for a session Auth.js wrote; its serial id is the opaque id.
    // Migration 8 added how it was earned: nothing, for a session from before (a fresh proof asks it for a code).
    expect(found?.session).toEqual({ sessionToken: "old-token", userId: "1", expires, id: expect.stringMatching(/^\d+$/), auth_time: null, mfa_time: null, amr: null, impersonatedBy: null });
    expect(found?.user).toMatchObject({ id: "1", email: "old@example.com" });
    expect(await adapter.getAccount!("42", "github")).toMatchObject({ userId: "1", expires_at: 1700000000 });
  });

  test("new users get Latch's UUID ids and emails are now unique", async () => {
    const user = newUser();
    expect(await adapter.createUser!(user)).toMatchObject(user);
    await expect(adapter.createUser!(newUser({ email: user.email }))).rejects.toThrow();
  });

  test("deleteUser removes accounts and sessions although the tables have no cascading keys", async () => {
    await adapter.deleteUser!("1");
    const count = async (table: string) => Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE "userId" = '1'`)).rows[0]?.n);
    expect(await count("accounts")).toBe(0);
    expect(await count("sessions")).toBe(0);
    expect(await adapter.getUser!("1")).toBeNull();
  });
});
