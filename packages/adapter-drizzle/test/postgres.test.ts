import { runAdapterTests } from "@latch/adapter-test";
import { migrate } from "@latch/pg";
import { needService, schemaPool, services } from "@latch/testing";
import { drizzle } from "drizzle-orm/node-postgres";
import { describe } from "vitest";
import { DrizzleAdapter } from "../src/adapter.js";
import { randomName, tableReaders } from "./readers.js";

const schema = randomName();

describe.runIf(await needService(services.postgres))("DrizzleAdapter on PostgreSQL (node-postgres, tables from @latch/pg's migrate)", () => {
  // Every connection of the pool works in the run's own schema.
  const pool = schemaPool(schema, 4);
  const db = drizzle({ client: pool });

  runAdapterTests({
    adapter: DrizzleAdapter(db),
    db: {
      async connect() {
        await pool.query(`CREATE SCHEMA ${schema}`);
        await migrate(pool);
      },
      async disconnect() {
        await pool.query(`DROP SCHEMA ${schema} CASCADE`);
        await pool.end();
      },
      ...tableReaders(db, "pg"),
    },
  });
});
