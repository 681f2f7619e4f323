/**
 * `@latch/oidc-provider/typeorm` on `@latch/typeorm`'s migration 18: the durable-store suite on
 * SQLite (better-sqlite3, in memory), the real MariaDB (a database of its own) and the real
 * PostgreSQL (a schema of its own).
 */
import "reflect-metadata";
import { mariadbLogin, mariadbStatement, needService, postgresLogin, services } from "@latch/testing";
import { defaultEntities, migrate, migrations } from "@latch/typeorm";
import { DataSource, type DataSourceOptions } from "typeorm";
import { describe, expect, test } from "vitest";
import { typeormStorage } from "../src/typeorm.js";
import { durableStorageSuite } from "./durable-storage.js";

const randomName = () => `latch_oauth_${Math.random().toString(36).slice(2, 10)}`;

async function opened(options: DataSourceOptions, prepare: () => Promise<void>, cleanup: (dataSource: DataSource) => Promise<void>) {
  await prepare();
  const dataSource = new DataSource({ ...options, entities: Object.values(defaultEntities) });
  await dataSource.initialize();
  await migrate(dataSource);
  return {
    dataSource,
    storage: typeormStorage(dataSource),
    async dump() {
      const table = options.type === "mariadb" ? "`oauth_provider_models`" : `"oauth_provider_models"`;
      return JSON.stringify(await dataSource.query(`SELECT * FROM ${table}`));
    },
    close: () => cleanup(dataSource),
  };
}

test("migration 18 is the provider's table on every engine", () => {
  for (const dialect of ["postgres", "mariadb", "sqlite"] as const) expect(migrations[dialect].find((m) => m.version === 18)?.name).toBe("OAuth provider models");
});

durableStorageSuite("typeormStorage on SQLite (better-sqlite3)", () =>
  opened({ type: "better-sqlite3", database: ":memory:" }, async () => {}, (dataSource) => dataSource.destroy()),
);

describe.runIf(await needService(services.mariadb))("MariaDB", () => {
  durableStorageSuite("typeormStorage on MariaDB, a database of its own", () => {
    const database = randomName();
    return opened(
      { type: "mariadb", host: mariadbLogin.host, port: mariadbLogin.port, username: mariadbLogin.user, password: mariadbLogin.password, database },
      () => mariadbStatement(`CREATE DATABASE \`${database}\``),
      async (dataSource) => {
        await dataSource.destroy();
        await mariadbStatement(`DROP DATABASE \`${database}\``);
      },
    );
  });
});

describe.runIf(await needService(services.postgres))("PostgreSQL", () => {
  durableStorageSuite("typeormStorage on PostgreSQL, a schema of its own", async () => {
    const schema = randomName();
    const options = { type: "postgres", host: postgresLogin.host, port: postgresLogin.port, username: postgresLogin.user, database: postgresLogin.database } as const;
    const admin = new DataSource(options);
    await admin.initialize();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.destroy();
    const store = await opened({ ...options, schema }, async () => {}, async (dataSource) => {
      await dataSource.query(`DROP SCHEMA ${schema} CASCADE`);
      await dataSource.destroy();
    });
    return { ...store, dump: async () => JSON.stringify(await store.dataSource.query(`SELECT * FROM "${schema}"."oauth_provider_models"`)) };
  });
});
