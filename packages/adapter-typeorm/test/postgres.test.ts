import { runAdapterTests } from "@latch/adapter-test";
import { needService, services } from "@latch/testing";
import { DataSource } from "typeorm";
import { describe } from "vitest";
import { TypeORMAdapter } from "../src/adapter.js";
import { migrate } from "../src/migrations/index.js";
import { entities, postgresOptions, randomName, tableReaders } from "./readers.js";

const schema = randomName();

describe.runIf(await needService(services.postgres))("TypeORMAdapter on PostgreSQL", () => {
  const dataSource = new DataSource({
    ...postgresOptions,
    schema,
    entities,
  });

  runAdapterTests({
    adapter: TypeORMAdapter(dataSource),
    db: {
      async connect() {
        await dataSource.initialize();
        await dataSource.query(`CREATE SCHEMA ${schema}`);
        await migrate(dataSource);
      },
      async disconnect() {
        await dataSource.query(`DROP SCHEMA ${schema} CASCADE`);
        await dataSource.destroy();
      },
      ...tableReaders(dataSource),
    },
  });
});
