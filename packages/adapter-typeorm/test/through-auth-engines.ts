/**
 * The engines the through-`Auth()` suites of @latch/typeorm run on: the real PostgreSQL (a schema
 * of its own), the real MariaDB (a database of its own) and SQLite in memory.
 */
import { mariadbLogin, mariadbStatement, needService, services } from "@latch/testing";
import { DataSource, type DataSourceOptions } from "typeorm";
import { entities, postgresOptions, randomName } from "./readers.js";

/** An engine: its data source's options, what makes its empty database, and what drops it. */
export interface Engine {
  options: DataSourceOptions;
  /** The PostgreSQL schema the engine works in. */
  schema?: string;
  create(): Promise<void>;
  drop(): Promise<void>;
}

/** The three engines, each on a schema or database of a new random name; one whose server is down is listed as not up. */
export async function throughAuthEngines(): Promise<[string, boolean, Engine][]> {
  const schema = randomName();
  const database = randomName();
  return [
  ["PostgreSQL", await needService(services.postgres), {
    options: { ...postgresOptions, schema, entities },
    schema,
    create: async () => {
      const admin = await new DataSource(postgresOptions).initialize();
      await admin.query(`CREATE SCHEMA ${schema}`);
      await admin.destroy();
    },
    drop: async () => {
      const admin = await new DataSource(postgresOptions).initialize();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.destroy();
    },
  }],
  ["MariaDB", await needService(services.mariadb), {
    options: { type: "mariadb", host: mariadbLogin.host, port: mariadbLogin.port, username: mariadbLogin.user, password: mariadbLogin.password, database, entities },
    create: () => mariadbStatement(`CREATE DATABASE \`${database}\``).then(() => undefined),
    drop: () => mariadbStatement(`DROP DATABASE \`${database}\``).then(() => undefined),
  }],
  ["SQLite", true, { options: { type: "better-sqlite3", database: ":memory:", entities }, create: async () => {}, drop: async () => {} }],
];
}
