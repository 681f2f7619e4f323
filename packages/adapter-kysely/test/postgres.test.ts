import { runAdapterTests } from "@latch/adapter-test";
import { migrate } from "@latch/pg";
import { needService, schemaPool, services } from "@latch/testing";
import { Kysely, PostgresDialect } from "kysely";
import { describe } from "vitest";
import { KyselyAdapter } from "../src/adapter.js";
import { randomName, tableReaders } from "./readers.js";

const schema = randomName();

describe.runIf(await needService(services.postgres))("KyselyAdapter on PostgreSQL (pg Pool, tables from @latch/pg's migrate)", () => {
  // Every connection of the pool works in the run's own schema.
  const pool = schemaPool(schema, 4);
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });

  runAdapterTests({
    adapter: KyselyAdapter(db),
    db: {
      async connect() {
        await pool.query(`CREATE SCHEMA ${schema}`);
        await migrate(pool);
      },
      async disconnect() {
        await pool.query(`DROP SCHEMA ${schema} CASCADE`);
        await db.destroy();
      },
      ...tableReaders(db, "verification_token"),
    },
  });
});
