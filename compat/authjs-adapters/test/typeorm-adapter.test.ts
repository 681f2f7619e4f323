/**
 * `@auth/typeorm-adapter` (with the TypeORM 0.3 it needs) under Latch on the real PostgreSQL, on
 * the tables its own entities make. This file loads no other TypeORM: TypeORM keeps its metadata
 * in one global per process, which 0.3 and Latch's 1.x cannot share, so the store is read with
 * plain queries. Those reads also show the form @latch/typeorm adapts to when it takes these tables
 * over (typeorm-switch.test.ts): every date is stored as millisecond text in a varchar column.
 */
import { runAdapterTests, newSession, newUser } from "@latch/adapter-test";
import type { Adapter, AdapterAccount } from "@latch/core/adapters";
import { needService, postgresLogin, randomDatabaseName, schemaPool, services } from "@latch/testing";
import { afterAll, describe, expect, test } from "vitest";
import { authjsTypeorm, notInstalled } from "./load.js";
import { missingMethods } from "./shared.js";

if (notInstalled && process.env.CI) throw new Error(notInstalled);
const ready = !notInstalled && (await needService(services.postgres));

type Row = Record<string, unknown>;
/** A date column of the Auth.js entities: millisecond text, or NULL. */
const msText = (value: unknown) => (value === null || value === undefined ? null : new Date(Number(value)));

describe.skipIf(!ready)(`@auth/typeorm-adapter under Latch on PostgreSQL${notInstalled ? ` (skipped: ${notInstalled})` : ""}`, async () => {
  const schema = randomDatabaseName("latch_authjs");
  const pool = schemaPool(schema);
  const connection = {
    type: "postgres",
    host: services.postgres.host,
    port: services.postgres.port,
    username: postgresLogin.user,
    database: postgresLogin.database,
    schema,
    // The Auth.js adapter makes its tables from its entities (outside production).
    synchronize: true,
  };
  const authjs: Adapter & { __disconnect?: () => Promise<void> } = ready ? (await authjsTypeorm()).TypeORMAdapter(connection) : {};
  const one = async (sql: string, params: unknown[]) => ((await pool.query(sql, params)).rows[0] as Row | undefined) ?? null;

  afterAll(async () => {
    await authjs.__disconnect?.();
    await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await pool.end();
  });

  describe("Latch's conformance suite", () => {
    runAdapterTests({
      adapter: authjs,
      missing: missingMethods(authjs),
      departures: {
        noEmptyEmailLookup: 'the Auth.js adapter finds a user stored with the empty email; Latch never looks up ""',
        storedEmailSpelling: "the Auth.js adapter stores and looks up the address as given; Latch hands it the stored spelling (its adapter guard), so through Latch it holds only that spelling",
        manyWithoutEmail: 'the Auth.js entities make email unique, "" included: a second user without an email is refused (Latch\'s tables allow any number)',
        linkAccountKeepsArgument: "the Auth.js adapter saves the account object it was given, adding its row id and relation fields to it",
        uniqueAccount: "the Auth.js entities have no unique (provider, providerAccountId): a second link is stored (Latch's tables refuse it)",
        updateUserReturnsUser: "the Auth.js adapter returns only the fields it was given, the others as null",
        updateSessionReturnsSession: "the Auth.js adapter writes the session but returns null",
        deleteSessionReturnsSession: "the Auth.js adapter returns nothing (the contract allows void)",
      },
      noRefreshLease: "the Auth.js adapter has no leaseAccount/releaseAccount",
      noRefreshRefusal: "the Auth.js adapter has no releaseAccount",
      noSessionDetails: "the Auth.js session entity has no createdAt/lastSeenAt/userAgent/ip columns",
      db: {
        async connect() {
          await pool.query(`CREATE SCHEMA ${schema}`);
          // The first call makes the Auth.js adapter initialise its data source and make its tables.
          await authjs.getUser!("00000000-0000-4000-8000-000000000000");
        },
        async user(id) {
          const row = await one(`SELECT * FROM users WHERE id = $1`, [id]);
          return row && { id: String(row.id), name: row.name as string | null, email: (row.email as string | null) ?? "", image: row.image as string | null, emailVerified: msText(row.emailVerified) };
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
          return row && { id: String(row.id), sessionToken: String(row.sessionToken), userId: String(row.userId), expires: msText(row.expires)! };
        },
        async verificationToken({ identifier, token }) {
          const row = await one(`SELECT * FROM verification_tokens WHERE identifier = $1 AND token = $2`, [identifier, token]);
          return row && { identifier: String(row.identifier), token: String(row.token), expires: msText(row.expires)! };
        },
      },
    });
  });

  test("its entities store dates as millisecond text in varchar columns (Latch's own tables use timestamps)", async () => {
    const user = await authjs.createUser!(newUser({ emailVerified: new Date(Date.UTC(2026, 4, 5, 6, 7, 8, 9)) }));
    const session = newSession(user.id);
    await authjs.createSession!(session);
    const types = (await pool.query(`SELECT table_name, column_name, data_type FROM information_schema.columns WHERE table_schema = $1 AND column_name IN ('emailVerified', 'expires') ORDER BY table_name, column_name`, [schema])).rows;
    expect(types).toEqual([
      { table_name: "sessions", column_name: "expires", data_type: "character varying" },
      { table_name: "users", column_name: "emailVerified", data_type: "character varying" },
      { table_name: "verification_tokens", column_name: "expires", data_type: "character varying" },
    ]);
    expect((await one(`SELECT "emailVerified" FROM users WHERE id = $1`, [user.id]))?.emailVerified).toBe(String(Date.UTC(2026, 4, 5, 6, 7, 8, 9)));
    expect((await one(`SELECT expires FROM sessions WHERE "sessionToken" = $1`, [session.sessionToken]))?.expires).toBe(String(session.expires.getTime()));
  });
});
