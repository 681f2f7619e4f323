/**
 * `@auth/drizzle-adapter` given Latch's Drizzle tables (`pgTables` of @latch/drizzle) as its
 * schema, on the real PostgreSQL with the tables made by @latch/pg's `migrate`: Latch's conformance
 * suite where the Auth.js adapter has the methods, and rows shared with @latch/pg and @latch/drizzle
 * both ways.
 */
import { runAdapterTests } from "@latch/adapter-test";
import type { Adapter } from "@latch/core/adapters";
import { DrizzleAdapter as LatchDrizzleAdapter, pgTables } from "@latch/drizzle";
import { migrate, PostgresAdapter } from "@latch/pg";
import { needService, randomDatabaseName, schemaPool, services, startSmtpServer } from "@latch/testing";
import { drizzle } from "drizzle-orm/node-postgres";
import { pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { authjsDrizzle, notInstalled } from "./load.js";
import { browser, emailSignIn, emailSignInConfig, readersThrough, sharedRows, missingMethods } from "./shared.js";

if (notInstalled && process.env.CI) throw new Error(notInstalled);
const ready = !notInstalled && (await needService(services.postgres));

/** Latch's tables under the names `@auth/drizzle-adapter` takes them. */
const latchTablesForAuthjs = {
  usersTable: pgTables.users,
  accountsTable: pgTables.accounts,
  sessionsTable: pgTables.sessions,
  verificationTokensTable: pgTables.verificationTokens,
  authenticatorsTable: pgTables.authenticators,
};

describe.skipIf(!ready)(`@auth/drizzle-adapter under Latch on PostgreSQL${notInstalled ? ` (skipped: ${notInstalled})` : ""}`, async () => {
  const schema = randomDatabaseName("latch_authjs");
  const pool = schemaPool(schema);
  const db = drizzle({ client: pool });
  const authjs: Adapter = ready ? (await authjsDrizzle()).DrizzleAdapter(db, latchTablesForAuthjs) : {};
  const latchPg = PostgresAdapter(pool);
  const latchDrizzle = LatchDrizzleAdapter(db);

  describe("Latch's conformance suite", () => {
    runAdapterTests({
      adapter: authjs,
      missing: missingMethods(authjs),
      departures: {
        noEmptyEmailLookup: 'the Auth.js adapter finds a user stored with the empty email; Latch never looks up ""',
        storedEmailSpelling: "the Auth.js adapter stores and looks up the address as given; Latch hands it the stored spelling (its adapter guard), so through Latch it holds only that spelling",
        deleteSessionReturnsSession: "the Auth.js adapter returns nothing (the contract allows void)",
      },
      noRefreshLease: "the Auth.js adapter has no leaseAccount/releaseAccount",
      noRefreshRefusal: "the Auth.js adapter has no releaseAccount",
      db: {
        async connect() {
          await pool.query(`CREATE SCHEMA ${schema}`);
          await migrate(pool);
        },
        ...readersThrough(latchPg, async ({ identifier, token }) => {
          const { rows } = await pool.query(`SELECT * FROM verification_token WHERE identifier = $1 AND token = $2`, [identifier, token]);
          return rows[0] ? { identifier: rows[0].identifier, token: rows[0].token, expires: rows[0].expires } : null;
        }),
      },
    });
  });

  describe("rows shared with Latch's adapters", () => {
    beforeAll(async () => {
      await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      await migrate(pool);
    });
    afterAll(async () => {
      await pool.query(`DROP SCHEMA ${schema} CASCADE`);
      await pool.end();
    });

    test("written by @auth/drizzle-adapter, read by @latch/pg", () => sharedRows(authjs, latchPg));
    test("written by @latch/pg, read by @auth/drizzle-adapter", () => sharedRows(latchPg, authjs));
    test("written by @auth/drizzle-adapter, read by @latch/drizzle", () => sharedRows(authjs, latchDrizzle));
    test("written by @latch/drizzle, read by @auth/drizzle-adapter", () => sharedRows(latchDrizzle, authjs));

    test("an email sign-in through Auth(): with a users table whose ids the database makes, the user gets that id, not the one Latch passed", async () => {
      // The same users table with a default id, as Auth.js's own Drizzle tables have: its adapter then leaves the id out.
      await pool.query(`CREATE SEQUENCE user_ids; ALTER TABLE users ALTER COLUMN id SET DEFAULT 'u' || nextval('user_ids')`);
      const usersWithDefault = pgTable("users", {
        id: text("id").primaryKey().default("from the database"),
        name: text("name"),
        email: text("email"),
        emailVerified: timestamp("emailVerified", { withTimezone: true, mode: "date" }),
        image: text("image"),
      });
      const smtp = await startSmtpServer();
      try {
        const adapter = (await authjsDrizzle()).DrizzleAdapter(db, { ...latchTablesForAuthjs, usersTable: usersWithDefault });
        const config = emailSignInConfig(adapter, smtp, "authjs-drizzle-adapter-secret-0123456789abcdef");
        const email = `drizzle-${crypto.randomUUID()}@example.com`;
        const visitor = browser(config);
        await emailSignIn(visitor, smtp, email);
        const { rows } = await pool.query(`SELECT u.id, s."sessionToken" FROM users u JOIN sessions s ON s."userId" = u.id WHERE u.email = $1`, [email]);
        expect(rows).toHaveLength(1);
        expect(rows[0].id).toMatch(/^u\d+$/);
        expect(await visitor.request("/auth/session").then((response) => response.json())).toMatchObject({ user: { email } });
        // Latch's own adapters read the session Auth.js's adapter wrote.
        expect(await latchPg.getSessionAndUser!(rows[0].sessionToken)).toMatchObject({ user: { id: rows[0].id, email } });
        expect(await latchDrizzle.getSessionAndUser!(rows[0].sessionToken)).toMatchObject({ user: { id: rows[0].id, email } });
      } finally {
        await smtp.close();
      }
    });
  });
});
