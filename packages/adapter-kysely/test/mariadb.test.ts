import { runAdapterTests } from "@latch/adapter-test";
import { auditAndTeamTables, mariadbLogin, mariadbStatement, needService, services } from "@latch/testing";
import { migrate } from "@latch/typeorm";
import { Kysely, MysqlDialect } from "kysely";
import { createPool } from "mysql2";
import { DataSource } from "typeorm";
import { describe } from "vitest";
import { KyselyAdapter } from "../src/adapter.js";
import { randomName, tableReaders } from "./readers.js";

const database = randomName();

describe.runIf(await needService(services.mariadb))("KyselyAdapter on MariaDB (mysql2, tables from @latch/typeorm's migrate)", () => {
  const db = new Kysely<any>({ dialect: new MysqlDialect({ pool: createPool({ ...mariadbLogin, database, connectionLimit: 4 }) }) });

  runAdapterTests({
    adapter: KyselyAdapter(db),
    db: {
      async connect() {
        await mariadbStatement(`CREATE DATABASE \`${database}\``);
        const dataSource = new DataSource({ type: "mariadb", ...mariadbLogin, username: mariadbLogin.user, database });
        await migrate(dataSource);
        for (const statement of auditAndTeamTables("mariadb")) await dataSource.query(statement);
        await dataSource.destroy();
      },
      async disconnect() {
        await db.destroy();
        await mariadbStatement(`DROP DATABASE \`${database}\``);
      },
      ...tableReaders(db, "verification_tokens"),
    },
  });
});
