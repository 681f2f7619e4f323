import { runAdapterTests } from "@latch/adapter-test";
import { mariadbLogin, mariadbStatement, needService, services } from "@latch/testing";
import { DataSource } from "typeorm";
import { describe } from "vitest";
import { TypeORMAdapter } from "../src/adapter.js";
import { migrate } from "../src/migrations/index.js";
import { entities, randomName, tableReaders } from "./readers.js";

const database = randomName();

describe.runIf(await needService(services.mariadb))("TypeORMAdapter on MariaDB", () => {
  const dataSource = new DataSource({
    type: "mariadb",
    host: mariadbLogin.host,
    port: mariadbLogin.port,
    username: mariadbLogin.user,
    password: mariadbLogin.password,
    database,
    entities,
  });

  runAdapterTests({
    adapter: TypeORMAdapter(dataSource),
    db: {
      async connect() {
        await mariadbStatement(`CREATE DATABASE \`${database}\``);
        await dataSource.initialize();
        await migrate(dataSource);
      },
      async disconnect() {
        await dataSource.destroy();
        await mariadbStatement(`DROP DATABASE \`${database}\``);
      },
      ...tableReaders(dataSource),
    },
  });
});
