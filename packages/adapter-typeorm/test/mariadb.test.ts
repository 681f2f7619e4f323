import { runAdapterTests } from "@latch/adapter-test";
import { needService, services } from "@latch/testing";
import { createConnection } from "mysql2/promise";
import { DataSource } from "typeorm";
import { describe } from "vitest";
import { TypeORMAdapter } from "../src/adapter.js";
import { migrate } from "../src/migrations/index.js";
import { entities, randomName, tableReaders } from "./readers.js";

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

describe.runIf(await needService(services.mariadb))("TypeORMAdapter on MariaDB", () => {
  const dataSource = new DataSource({
    type: "mariadb",
    host: server.host,
    port: server.port,
    username: server.user,
    password: server.password,
    database,
    entities,
  });

  runAdapterTests({
    adapter: TypeORMAdapter(dataSource),
    db: {
      async connect() {
        await admin(`CREATE DATABASE \`${database}\``);
        await dataSource.initialize();
        await migrate(dataSource);
      },
      async disconnect() {
        await dataSource.destroy();
        await admin(`DROP DATABASE \`${database}\``);
      },
      ...tableReaders(dataSource),
    },
  });
});
