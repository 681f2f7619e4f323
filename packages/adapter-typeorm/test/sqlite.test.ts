import { runAdapterTests } from "@latch/adapter-test";
import { DataSource } from "typeorm";
import { describe } from "vitest";
import { TypeORMAdapter } from "../src/adapter.js";
import { entities, tableReaders } from "./readers.js";

describe("TypeORMAdapter on SQLite (better-sqlite3, in memory)", () => {
  const dataSource = new DataSource({ type: "better-sqlite3", database: ":memory:", entities, synchronize: true });

  runAdapterTests({
    adapter: TypeORMAdapter(dataSource),
    db: {
      connect: async () => {
        await dataSource.initialize();
      },
      disconnect: () => dataSource.destroy(),
      ...tableReaders(dataSource),
    },
  });
});
