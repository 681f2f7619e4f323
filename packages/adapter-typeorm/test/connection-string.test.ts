import "reflect-metadata";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { newUser } from "@latch/adapter-test";
import { mariadbLogin, needService, services } from "@latch/testing";
import { createConnection } from "mysql2/promise";
import { DataSource } from "typeorm";
import { describe, expect, test } from "vitest";
import { TypeORMAdapter } from "../src/adapter.js";
import { optionsFromConnectionString } from "../src/data-source.js";
import { migrate } from "../src/migrations/index.js";
import { entities, randomName } from "./readers.js";

const mariadbUp = await needService(services.mariadb);

describe("optionsFromConnectionString", () => {
  test("picks the driver from the scheme and passes the URL on", () => {
    expect(optionsFromConnectionString("postgres://app@db:5432/app")).toEqual({ type: "postgres", url: "postgres://app@db:5432/app" });
    expect(optionsFromConnectionString("postgresql://app@db/app")).toMatchObject({ type: "postgres" });
    expect(optionsFromConnectionString("mysql://root@db/app")).toEqual({ type: "mysql", url: "mysql://root@db/app" });
    expect(optionsFromConnectionString("mariadb://root@db/app")).toEqual({ type: "mariadb", url: "mysql://root@db/app" });
    expect(optionsFromConnectionString("sqlserver://sa@db/app")).toMatchObject({ type: "mssql" });
    expect(optionsFromConnectionString("sqlite:./data/app.db")).toEqual({ type: "better-sqlite3", database: "./data/app.db" });
    expect(optionsFromConnectionString("sqlite:///var/app.db")).toEqual({ type: "better-sqlite3", database: "/var/app.db" });
  });

  test("refuses a scheme it does not know, naming those it does", () => {
    expect(() => optionsFromConnectionString("redis://localhost")).toThrow(/postgres:.*sqlite:/);
    expect(() => optionsFromConnectionString("no scheme")).toThrow(TypeError);
  });
});

/** Creates a user, links an account without tokens and one with, and reads both back. */
async function roundTrip(adapter: ReturnType<typeof TypeORMAdapter>) {
  const user = await adapter.createUser!(newUser());
  await adapter.linkAccount!({ userId: user.id, type: "oidc", provider: "bare", providerAccountId: "1" });
  await adapter.linkAccount!({ userId: user.id, type: "oauth", provider: "full", providerAccountId: "2", access_token: "at", expires_at: 1_700_000_000, token_type: "bearer" });
  expect(await adapter.getUserByAccount!({ provider: "bare", providerAccountId: "1" })).toMatchObject({ id: user.id, email: user.email });
  return user;
}

describe("TypeORMAdapter with a connection string", () => {
  test("sqlite:<file>", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "latch-typeorm-")), "app.db");
    const setup = new DataSource({ type: "better-sqlite3", database: file, entities });
    await migrate(setup);
    await setup.destroy();
    const adapter = TypeORMAdapter(`sqlite:${file}`);
    await roundTrip(adapter);
    // NULL token columns read back as absent fields, as `AdapterAccount` declares them.
    const check = new DataSource({ type: "better-sqlite3", database: file, entities });
    await check.initialize();
    try {
      const { AccountEntity } = await import("../src/entities.js");
      const bare = await check.manager.findOneByOrFail(AccountEntity, { provider: "bare" });
      expect(bare.access_token).toBeUndefined();
      expect(bare.expires_at).toBeUndefined();
      const full = await check.manager.findOneByOrFail(AccountEntity, { provider: "full" });
      expect([full.access_token, full.expires_at, full.token_type]).toEqual(["at", 1_700_000_000, "bearer"]);
    } finally {
      await check.destroy();
    }
  });

  test.runIf(mariadbUp)("mysql:// on its own MariaDB database", async () => {
    const database = randomName();
    const admin = await createConnection(mariadbLogin);
    await admin.query(`CREATE DATABASE ${database}`);
    try {
      const url = `mysql://${mariadbLogin.user}${mariadbLogin.password ? `:${mariadbLogin.password}` : ""}@${mariadbLogin.host}:${mariadbLogin.port}/${database}`;
      const setup = new DataSource({ ...optionsFromConnectionString(url), entities } as ConstructorParameters<typeof DataSource>[0]);
      await migrate(setup);
      await setup.destroy();
      const adapter = TypeORMAdapter(url);
      const user = await roundTrip(adapter);
      expect(await adapter.getAccount!("2", "full")).toMatchObject({ userId: user.id, access_token: "at", expires_at: 1_700_000_000 });
      expect(await adapter.getAccount!("1", "bare")).not.toHaveProperty("access_token");
    } finally {
      await admin.query(`DROP DATABASE ${database}`);
      await admin.end();
    }
  });
});
