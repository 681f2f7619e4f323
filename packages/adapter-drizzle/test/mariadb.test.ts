import { runAdapterTests } from "@latch/adapter-test";
import { auditAndTeamTables, mariadbLogin, mariadbStatement, needService, services } from "@latch/testing";
import { migrate } from "@latch/typeorm";
import { drizzle } from "drizzle-orm/mysql2";
import { createPool } from "mysql2/promise";
import { DataSource } from "typeorm";
import { describe } from "vitest";
import { DrizzleAdapter } from "../src/adapter.js";
import { randomName, tableReaders } from "./readers.js";

const database = randomName();

describe.runIf(await needService(services.mariadb))("DrizzleAdapter on MariaDB (mysql2, tables from @latch/typeorm's migrate)", () => {
  const pool = createPool({ ...mariadbLogin, database, connectionLimit: 4 });
  const db = drizzle({ client: pool });

  runAdapterTests({
    adapter: DrizzleAdapter(db),
    db: {
      async connect() {
        await mariadbStatement(`CREATE DATABASE \`${database}\``);
        const dataSource = new DataSource({ type: "mariadb", ...mariadbLogin, username: mariadbLogin.user, database });
        await migrate(dataSource);
        for (const statement of auditAndTeamTables("mariadb")) await dataSource.query(statement);
        await dataSource.destroy();
      },
      async disconnect() {
        await pool.end();
        await mariadbStatement(`DROP DATABASE \`${database}\``);
      },
      ...tableReaders(db, "mysql"),
    },
  });
});
