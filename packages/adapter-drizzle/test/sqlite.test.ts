import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runAdapterTests } from "@latch/adapter-test";
import { auditAndTeamTables } from "@latch/testing";
import { migrate } from "@latch/typeorm";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { DataSource } from "typeorm";
import { describe } from "vitest";
import { DrizzleAdapter } from "../src/adapter.js";
import { tableReaders } from "./readers.js";

describe("DrizzleAdapter on SQLite (better-sqlite3, temporary file, tables from @latch/typeorm's migrate)", () => {
  const folder = mkdtempSync(join(tmpdir(), "latch-drizzle-"));
  const file = join(folder, "latch.db");
  const client = new Database(file);
  const db = drizzle({ client });

  runAdapterTests({
    adapter: DrizzleAdapter(db),
    db: {
      async connect() {
        const dataSource = new DataSource({ type: "better-sqlite3", database: file });
        await migrate(dataSource);
        for (const statement of auditAndTeamTables("sqlite")) await dataSource.query(statement);
        await dataSource.destroy();
      },
      disconnect() {
        client.close();
        rmSync(folder, { recursive: true, force: true });
      },
      ...tableReaders(db, "sqlite"),
    },
  });
});
