import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runAdapterTests } from "@latch/adapter-test";
import { auditAndTeamTables } from "@latch/testing";
import { migrate } from "@latch/typeorm";
import Database from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { DataSource } from "typeorm";
import { describe } from "vitest";
import { KyselyAdapter } from "../src/adapter.js";
import { tableReaders } from "./readers.js";

describe("KyselyAdapter on SQLite (better-sqlite3, temporary file, tables from @latch/typeorm's migrate)", () => {
  const folder = mkdtempSync(join(tmpdir(), "latch-kysely-"));
  const file = join(folder, "latch.db");
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new Database(file) }) });

  runAdapterTests({
    adapter: KyselyAdapter(db),
    db: {
      async connect() {
        const dataSource = new DataSource({ type: "better-sqlite3", database: file });
        await migrate(dataSource);
        for (const statement of auditAndTeamTables("sqlite")) await dataSource.query(statement);
        await dataSource.destroy();
      },
      async disconnect() {
        await db.destroy();
        rmSync(folder, { recursive: true, force: true });
      },
      ...tableReaders(db, "verification_tokens"),
    },
  });
});
