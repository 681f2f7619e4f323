import { PGlite } from "@electric-sql/pglite";
import { runAdapterTests } from "@latch/adapter-test";
import { migrate } from "@latch/pg";
import { drizzle } from "drizzle-orm/pglite";
import { describe } from "vitest";
import { DrizzleAdapter } from "../src/adapter.js";
import { tableReaders } from "./readers.js";

describe("DrizzleAdapter on PGlite (tables from @latch/pg's migrate)", () => {
  const client = new PGlite();
  const db = drizzle({ client });

  runAdapterTests({
    adapter: DrizzleAdapter(db),
    db: {
      connect: () => migrate(client),
      disconnect: () => client.close(),
      ...tableReaders(db, "pg"),
    },
  });
});
