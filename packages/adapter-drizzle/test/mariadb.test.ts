import { runAdapterTests } from "@latch/adapter-test";
import { needService, services } from "@latch/testing";
import { migrate } from "@latch/typeorm";
import { drizzle } from "drizzle-orm/mysql2";
import { createConnection, createPool } from "mysql2/promise";
import { DataSource } from "typeorm";
import { describe } from "vitest";
import { DrizzleAdapter } from "../src/adapter.js";
import { randomName, tableReaders } from "./readers.js";

const database = randomName();
const server = {
  host: services.mariadb.host,
  port: services.mariadb.port,
  user: process.env.MYSQL_USER ?? "root",
  password: process.env.MYSQL_PASSWORD ?? "",
};

/** Runs one statement on the server, outside the test database. */
async function admin(sql: string): Promise<void> {
  const connection = await createConnection(server);
  try {
    await connection.query(sql);
  } finally {
    await connection.end();
  }
}

describe.runIf(await needService(services.mariadb))("DrizzleAdapter on MariaDB (mysql2, tables from @latch/typeorm's migrate)", () => {
  const pool = createPool({ ...server, database, connectionLimit: 4 });
  const db = drizzle({ client: pool });

  runAdapterTests({
    adapter: DrizzleAdapter(db),
    db: {
      async connect() {
        await admin(`CREATE DATABASE \`${database}\``);
        const dataSource = new DataSource({ type: "mariadb", ...server, username: server.user, database });
        await migrate(dataSource);
        await dataSource.destroy();
      },
      async disconnect() {
        await pool.end();
        await admin(`DROP DATABASE \`${database}\``);
      },
      ...tableReaders(db, "mysql"),
    },
  });
});
