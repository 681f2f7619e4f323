import { PGlite } from "@electric-sql/pglite";
import { runAdapterTests } from "@latch/adapter-test";
import { describe, expect, test } from "vitest";
import { PostgresAdapter } from "../src/adapter.js";
import { migrate } from "../src/migrations.js";
import { tableReaders } from "./store.js";
import { randomDatabaseName } from "@latch/testing";

const schema = randomDatabaseName();

describe("PostgresAdapter on PGlite (in memory)", () => {
  const db = new PGlite();

  runAdapterTests({
    adapter: PostgresAdapter(db),
    db: {
      async connect() {
        await db.query(`CREATE SCHEMA ${schema}`);
        await db.query(`SET search_path TO ${schema}`);
        await migrate(db);
      },
      async disconnect() {
        await db.query(`DROP SCHEMA ${schema} CASCADE`);
        await db.close();
      },
      ...tableReaders(db),
    },
  });

  test("getSessionAndUser is one query", async () => {
    const statements: string[] = [];
    const adapter = PostgresAdapter({
      query: (sql, params) => {
        statements.push(sql);
        return db.query(sql, params);
      },
    });
    await adapter.getSessionAndUser!("no-such-token");
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/JOIN users/);
  });
});
