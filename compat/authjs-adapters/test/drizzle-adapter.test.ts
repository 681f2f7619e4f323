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
import { needService, services } from "@latch/testing";
import { drizzle } from "drizzle-orm/node-postgres";
import { afterAll, beforeAll, describe, test } from "vitest";
import { authjsDrizzle, notInstalled } from "./load.js";
import { randomSchema, readersThrough, schemaPool, sharedRows, skipUnsupported } from "./shared.js";

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
  const schema = randomSchema();
  const pool = schemaPool(schema);
  const db = drizzle({ client: pool });
  const authjs: Adapter = ready ? (await authjsDrizzle()).DrizzleAdapter(db, latchTablesForAuthjs) : {};
  const latchPg = PostgresAdapter(pool);
  const latchDrizzle = LatchDrizzleAdapter(db);

  describe("Latch's conformance suite", () => {
    skipUnsupported(authjs, {
      'getUserByEmail("") gives null although users without an email exist':
        'the Auth.js adapter finds a user stored with the empty email; Latch never looks up ""',
      "deleteSession removes the session and returns it": "the Auth.js adapter returns nothing (the contract allows void)",
    });
    runAdapterTests({
      adapter: authjs,
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
  });
});
