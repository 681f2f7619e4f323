/**
 * `@auth/pg-adapter` under Latch on the real PostgreSQL, on the tables Auth.js documents for it
 * (serial user ids): Latch's conformance suite for the methods it has, following the ids the
 * database chooses; an email sign-in through `Auth()` with a real SMTP server, where the user id
 * is the one `createUser` returned (the database's serial), not the one Latch passed; @latch/pg
 * reading what it wrote; and after `upgradeAuthjsSchema`, @latch/pg writing what it reads.
 */
import { randomUUID } from "node:crypto";
import { Auth, type AuthConfig } from "@latch/core";
import { runAdapterTests } from "@latch/adapter-test";
import type { Adapter, AdapterAccount, AdapterSession, AdapterUser, VerificationToken } from "@latch/core/adapters";
import { PostgresAdapter, upgradeAuthjsSchema } from "@latch/pg";
import { needService, randomDatabaseName, schemaPool, services, startSmtpServer, type SmtpTestServer } from "@latch/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { authjsPg, notInstalled } from "./load.js";
import { browser, emailSignIn, emailSignInConfig, missingMethods } from "./shared.js";

if (notInstalled && process.env.CI) throw new Error(notInstalled);
const ready = !notInstalled && (await needService(services.postgres));
const PostgresAdapterOfAuthjs = ready ? (await authjsPg()).default : () => ({});

type Row = Record<string, unknown>;

// The tables as Auth.js's PostgreSQL adapter documents them: serial ids, integer user references.
const authjsTables = [
  `CREATE TABLE verification_token (identifier TEXT NOT NULL, expires TIMESTAMPTZ NOT NULL, token TEXT NOT NULL, PRIMARY KEY (identifier, token))`,
  `CREATE TABLE accounts (id SERIAL PRIMARY KEY, "userId" INTEGER NOT NULL, type VARCHAR(255) NOT NULL, provider VARCHAR(255) NOT NULL,
    "providerAccountId" VARCHAR(255) NOT NULL, refresh_token TEXT, access_token TEXT, expires_at BIGINT, id_token TEXT, scope TEXT,
    session_state TEXT, token_type TEXT)`,
  `CREATE TABLE sessions (id SERIAL PRIMARY KEY, "userId" INTEGER NOT NULL, expires TIMESTAMPTZ NOT NULL, "sessionToken" VARCHAR(255) NOT NULL)`,
  `CREATE TABLE users (id SERIAL PRIMARY KEY, name VARCHAR(255), email VARCHAR(255), "emailVerified" TIMESTAMPTZ, image TEXT)`,
];

describe.skipIf(!ready)(`@auth/pg-adapter under Latch on PostgreSQL${notInstalled ? ` (skipped: ${notInstalled})` : ""}`, async () => {
  const schema = randomDatabaseName("latch_authjs");
  const pool = schemaPool(schema);
  const authjs: Adapter = PostgresAdapterOfAuthjs(pool);
  const latch = PostgresAdapter(pool);
  let smtp: SmtpTestServer;
  let config: AuthConfig;
  let written: { email: string; userId: string; sessionToken: string } | undefined;

  beforeAll(async () => {
    await pool.query(`CREATE SCHEMA ${schema}`);
    for (const statement of authjsTables) await pool.query(statement);
    smtp = await startSmtpServer();
    config = emailSignInConfig(authjs, smtp, "authjs-pg-adapter-secret-0123456789abcdef");
  });
  afterAll(async () => {
    await smtp?.close();
    await pool.query(`DROP SCHEMA ${schema} CASCADE`);
    await pool.end();
  });

  describe("Latch's conformance suite, following the ids the database chooses", () => {
    const suiteSchema = randomDatabaseName("latch_authjs");
    const suitePool = schemaPool(suiteSchema);
    const adapter: Adapter = ready ? PostgresAdapterOfAuthjs(suitePool) : {};
    const one = async (sql: string, params: unknown[]) => ((await suitePool.query(sql, params)).rows[0] as Row | undefined) ?? null;
    runAdapterTests({
      adapter,
      missing: missingMethods(adapter),
      choosesUserIds: "Auth.js's users table has a serial id, which @auth/pg-adapter leaves to the database",
      departures: {
        uniqueEmail: "Auth.js's users table has no unique email: a second user with a taken email is stored (Latch's tables refuse it)",
        noEmptyEmailLookup: 'the Auth.js adapter finds a user stored with the empty email; Latch never looks up ""',
        storedEmailSpelling: "the Auth.js adapter stores and looks up the address as given; Latch hands it the stored spelling (its adapter guard), so through Latch it holds only that spelling",
        uniqueAccount: "Auth.js's accounts table has no unique (provider, providerAccountId): a second link is stored (Latch's tables refuse it)",
        updateSessionReturnsSession: "the Auth.js adapter writes the session but returns nothing (the contract allows it)",
        deleteSessionReturnsSession: "the Auth.js adapter returns nothing (the contract allows void)",
      },
      db: {
        async connect() {
          await suitePool.query(`CREATE SCHEMA ${suiteSchema}`);
          for (const statement of authjsTables) await suitePool.query(statement);
        },
        async disconnect() {
          await suitePool.query(`DROP SCHEMA ${suiteSchema} CASCADE`);
          await suitePool.end();
        },
        // Ids are compared as text: the suite also asks for ids no serial column holds (UUIDs).
        async user(id) {
          const row = await one(`SELECT * FROM users WHERE id::text = $1`, [String(id)]);
          return row && ({ id: row.id, name: row.name, email: row.email, image: row.image, emailVerified: row.emailVerified } as AdapterUser);
        },
        async account({ provider, providerAccountId }) {
          const row = await one(`SELECT * FROM accounts WHERE provider = $1 AND "providerAccountId" = $2`, [provider, providerAccountId]);
          if (!row) return null;
          const { id: _id, ...fields } = row;
          const account = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null)) as AdapterAccount;
          if (account.expires_at !== undefined) account.expires_at = Number(account.expires_at);
          return account;
        },
        async session(sessionToken) {
          const row = await one(`SELECT * FROM sessions WHERE "sessionToken" = $1`, [sessionToken]);
          return row && ({ sessionToken: row.sessionToken, userId: row.userId, expires: row.expires } as AdapterSession);
        },
        async verificationToken({ identifier, token }) {
          const row = await one(`SELECT * FROM verification_token WHERE identifier = $1 AND token = $2`, [identifier, token]);
          return row && ({ identifier: row.identifier, token: row.token, expires: row.expires } as VerificationToken);
        },
      },
    });
  });

  test("an email sign-in through Auth() creates the user with the id createUser returned, and @latch/pg reads the rows", async () => {
    const email = `pg-${randomUUID()}@example.com`;
    const visitor = browser(config);
    await emailSignIn(visitor, smtp, email);

    const { rows: users } = await pool.query(`SELECT id FROM users WHERE email = $1`, [email]);
    expect(users).toHaveLength(1);
    const serialId = users[0].id as number;
    expect(Number.isInteger(serialId)).toBe(true);
    const session = (await (await visitor.request("/auth/session")).json()) as { user: { email: string } };
    expect(session.user.email).toBe(email);
    // Latch passed a random UUID; the session belongs to the id the database chose.
    const { rows: sessions } = await pool.query(`SELECT "userId", "sessionToken" FROM sessions WHERE "userId" = $1`, [serialId]);
    expect(sessions).toHaveLength(1);

    // Before the upgrade @latch/pg reads users; its session read needs the columns the upgrade adds.
    expect(await latch.getUserByEmail!(email)).toMatchObject({ id: String(serialId), email });
    expect(await latch.getUser!(String(serialId))).toMatchObject({ email });
    written = { email, userId: String(serialId), sessionToken: sessions[0].sessionToken as string };
  });

  test("Latch hands @auth/pg-adapter exactly Auth.js's session shape: no extra fields to create or extend", async () => {
    const calls: { method: string; keys: string[] }[] = [];
    const recorded: Adapter = {
      ...authjs,
      createSession: (session) => (calls.push({ method: "createSession", keys: Object.keys(session).sort() }), authjs.createSession!(session)),
      updateSession: (session) => (calls.push({ method: "updateSession", keys: Object.keys(session).sort() }), authjs.updateSession!(session)),
    };
    const visitor = browser({ ...config, adapter: recorded, session: { strategy: "database", updateAge: 0 } });
    await emailSignIn(visitor, smtp, `shape-${randomUUID()}@example.com`);
    expect(((await (await visitor.request("/auth/session")).json()) as { user: { email: string } }).user.email).toMatch(/^shape-/);
    expect(calls).toEqual([
      { method: "createSession", keys: ["expires", "sessionToken", "userId"] },
      { method: "updateSession", keys: ["expires", "sessionToken"] },
    ]);
  });

  test("after upgradeAuthjsSchema, @latch/pg writes rows @auth/pg-adapter reads; @auth/pg-adapter can no longer create users", async () => {
    const before = (await pool.query(`SELECT count(*)::int AS n FROM users`)).rows[0].n as number;
    await upgradeAuthjsSchema(pool);
    expect((await pool.query(`SELECT count(*)::int AS n FROM users`)).rows[0].n).toBe(before);
    // The session Auth.js wrote keeps working under @latch/pg.
    const read = await latch.getSessionAndUser!(written!.sessionToken);
    expect(read?.user).toMatchObject({ id: written!.userId, email: written!.email });
    expect(read?.session).toMatchObject({ userId: written!.userId, sessionToken: written!.sessionToken });

    const user = await latch.createUser!({ id: randomUUID(), email: `latch-${randomUUID()}@example.com`, name: "Latch", image: null, emailVerified: new Date(Date.UTC(2026, 4, 5)) });
    const session = await latch.createSession!({ sessionToken: randomUUID(), userId: user.id, expires: new Date(Date.UTC(2030, 0, 1)) });
    await latch.linkAccount!({ userId: user.id, type: "oidc", provider: "op", providerAccountId: `sub-${randomUUID()}` });
    const token = await latch.createVerificationToken!({ identifier: user.email, token: randomUUID(), expires: new Date(Date.UTC(2030, 0, 1)) });

    expect(await authjs.getUser!(user.id)).toMatchObject({ id: user.id, email: user.email, emailVerified: user.emailVerified });
    expect(await authjs.getSessionAndUser!(session.sessionToken)).toMatchObject({ user: { id: user.id }, session: { sessionToken: session.sessionToken, userId: user.id } });
    expect(await authjs.useVerificationToken!({ identifier: token!.identifier, token: token!.token })).toMatchObject({ identifier: user.email });

    // User ids are text without a default now: Auth.js's INSERT, which leaves the id to the database, is refused.
    await expect(Promise.resolve().then(() => authjs.createUser!({ id: randomUUID(), email: `late-${randomUUID()}@example.com`, emailVerified: null }))).rejects.toThrow(/null value in column "id"/);
  });
});
