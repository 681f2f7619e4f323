import { runAdapterTests } from "@latch/adapter-test";
import { migrate } from "@latch/pg";
import { needService, services } from "@latch/testing";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { describe } from "vitest";
import { DrizzleAdapter } from "../src/adapter.js";
import { randomName, tableReaders } from "./readers.js";

const schema = randomName();

describe.runIf(await needService(services.postgres))("DrizzleAdapter on PostgreSQL (node-postgres, tables from @latch/pg's migrate)", () => {
  // Every connection of the pool works in the run's own schema.
  const pool = new pg.Pool({
    host: services.postgres.host,
    port: services.postgres.port,
    user: process.env.PGUSER ?? "postgres",
    database: process.env.PGDATABASE ?? "test",
    max: 4,
    options: `-c search_path=${schema}`,
  });
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
