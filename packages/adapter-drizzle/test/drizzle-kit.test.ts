/**
 * drizzle-kit on the exported schemas: the SQL it generates from `pgTables`, `mysqlTables` and
 * `sqliteTables` makes, on a fresh database, exactly the tables Latch's own migrations make (the
 * catalogs compared), and those tables serve Latch: rows written by @latch/drizzle are read by
 * @latch/pg or @latch/typeorm and the reverse, and an email is unique unless it is empty.
 */
import { writtenByOneReadByOther } from "@latch/adapter-test";
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { migrate as migratePg, PostgresAdapter } from "@latch/pg";
import { auditAndTeamTables, mariadbLogin, needService, postgresLogin, services } from "@latch/testing";
import { defaultEntities, migrate as migrateTypeorm, TypeORMAdapter } from "@latch/typeorm";
import type { Adapter } from "@latch/core/adapters";
import Database from "better-sqlite3";
import {
  generateDrizzleJson,
  generateMigration,
  generateMySQLDrizzleJson,
  generateMySQLMigration,
  generateSQLiteDrizzleJson,
  generateSQLiteMigration,
} from "drizzle-kit/api";
import { drizzle as drizzleMysql } from "drizzle-orm/mysql2";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzleSqlite } from "drizzle-orm/better-sqlite3";
import { createConnection, type Connection } from "mysql2/promise";
import pg from "pg";
import { DataSource } from "typeorm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DrizzleAdapter } from "../src/adapter.js";
import { mysqlTables } from "../src/mysql-schema.js";
import { pgOrganizationTables, pgTables, pgTeamTables } from "../src/pg-schema.js";
import { sqliteTables } from "../src/sqlite-schema.js";
import { mysqlCatalog, pgCatalog, sqliteCatalog } from "./catalog.js";
import { randomName } from "./readers.js";

const run = promisify(execFile);

/**
 * The tables serve Latch: rows written by @latch/drizzle are read by `other` (the SQL adapter of
 * the migrations) and the reverse; users without an email ("") may be many, a real address
 * belongs to one user.
 */
async function servesLatch(drizzleAdapter: Adapter, other: Adapter): Promise<void> {
  await writtenByOneReadByOther(drizzleAdapter, other);
  await writtenByOneReadByOther(other, drizzleAdapter);
  const user = (email: string) => drizzleAdapter.createUser!({ id: crypto.randomUUID(), name: null, email, emailVerified: null, image: null });
  await user("");
  await user("");
  const address = `${randomName()}@example.com`;
  await user(address);
  await expect(user(address)).rejects.toThrow();
}

describe.runIf(await needService(services.postgres))("drizzle-kit on pgTables (PostgreSQL, two fresh databases)", () => {
  const admin = new pg.Client(postgresLogin);
  // The generated SQL names the `public` schema, so each side is a database of its own.
  const byLatch = randomName();
  const byDrizzleKit = randomName();
  const latchPool = new pg.Pool({ ...postgresLogin, database: byLatch, max: 2 });
  const kitPool = new pg.Pool({ ...postgresLogin, database: byDrizzleKit, max: 2 });

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${byLatch}`);
    await admin.query(`CREATE DATABASE ${byDrizzleKit}`);
    await migratePg(latchPool);
    for (const statement of await generateMigration(generateDrizzleJson({}), generateDrizzleJson({ ...pgTables, ...pgOrganizationTables, ...pgTeamTables }))) await kitPool.query(statement);
  });
  afterAll(async () => {
    await latchPool.end();
    await kitPool.end();
    await admin.query(`DROP DATABASE IF EXISTS ${byLatch}`);
    await admin.query(`DROP DATABASE IF EXISTS ${byDrizzleKit}`);
    await admin.end();
  });

  test("the tables drizzle-kit makes are the ones @latch/pg's migrations make (columns, indexes, constraints)", async () => {
    expect(await pgCatalog(kitPool)).toEqual(await pgCatalog(latchPool));
  });
  test("on them, rows written by @latch/drizzle are read by @latch/pg, and the reverse", async () => {
    await servesLatch(DrizzleAdapter(drizzlePg({ client: kitPool })), PostgresAdapter(kitPool));
  });
});

describe.runIf(await needService(services.mariadb))("drizzle-kit on mysqlTables (MariaDB, two fresh databases)", () => {
  const byLatch = randomName();
  const byDrizzleKit = randomName();
  const latchSource = new DataSource({ type: "mariadb", ...mariadbLogin, username: mariadbLogin.user, database: byLatch });
  const kitSource = new DataSource({ type: "mariadb", ...mariadbLogin, username: mariadbLogin.user, database: byDrizzleKit, entities: Object.values(defaultEntities) });
  let admin: Connection;
  let latch: Connection;
  let kit: Connection;

  beforeAll(async () => {
    admin = await createConnection(mariadbLogin);
    await admin.query(`CREATE DATABASE \`${byLatch}\``);
    await admin.query(`CREATE DATABASE \`${byDrizzleKit}\``);
    await migrateTypeorm(latchSource);
    for (const statement of auditAndTeamTables(latchSource.options.type === "mariadb" ? "mariadb" : "sqlite")) await latchSource.query(statement);
    latch = await createConnection({ ...mariadbLogin, database: byLatch });
    kit = await createConnection({ ...mariadbLogin, database: byDrizzleKit });
    for (const statement of await generateMySQLMigration(await generateMySQLDrizzleJson({}), await generateMySQLDrizzleJson(mysqlTables))) await kit.query(statement);
  });
  afterAll(async () => {
    await latchSource.destroy();
    if (kitSource.isInitialized) await kitSource.destroy();
    await latch?.end();
    await kit?.end();
    await admin.query(`DROP DATABASE IF EXISTS \`${byLatch}\``);
    await admin.query(`DROP DATABASE IF EXISTS \`${byDrizzleKit}\``);
    await admin.end();
  });

  test("the tables drizzle-kit makes are the ones @latch/typeorm's MariaDB migrations make (email_key included)", async () => {
    expect(await mysqlCatalog(kit)).toEqual(await mysqlCatalog(latch));
  });
  test("on them, rows written by @latch/drizzle are read by @latch/typeorm, and the reverse", async () => {
    await kitSource.initialize();
    await servesLatch(DrizzleAdapter(drizzleMysql({ client: kit })), TypeORMAdapter(kitSource));
  });
});

describe("drizzle-kit on sqliteTables (SQLite, two temporary files)", () => {
  const folder = mkdtempSync(join(tmpdir(), "latch-drizzle-kit-"));
  const latchFile = join(folder, "latch.db");
  const kitFile = join(folder, "drizzle-kit.db");
  const latchSource = new DataSource({ type: "better-sqlite3", database: latchFile });
  const kitSource = new DataSource({ type: "better-sqlite3", database: kitFile, entities: Object.values(defaultEntities) });
  const kit = new Database(kitFile);

  beforeAll(async () => {
    await migrateTypeorm(latchSource);
    for (const statement of auditAndTeamTables(latchSource.options.type === "mariadb" ? "mariadb" : "sqlite")) await latchSource.query(statement);
    await latchSource.destroy();
    for (const statement of await generateSQLiteMigration(await generateSQLiteDrizzleJson({}), await generateSQLiteDrizzleJson(sqliteTables))) kit.exec(statement);
  });
  afterAll(async () => {
    if (kitSource.isInitialized) await kitSource.destroy();
    kit.close();
    rmSync(folder, { recursive: true, force: true });
  });

  test("the tables drizzle-kit makes are the ones @latch/typeorm's SQLite migrations make (by SQLite's catalog)", () => {
    const latch = new Database(latchFile, { readonly: true });
    try {
      expect(sqliteCatalog(kit)).toEqual(sqliteCatalog(latch));
    } finally {
      latch.close();
    }
  });
  test("drizzle-kit's command (generate, then migrate) on a schema file of the app's that re-exports the tables makes the same tables", async () => {
    const app = mkdtempSync(join(folder, "app-"));
    const source = fileURLToPath(new URL("../src/index.ts", import.meta.url));
    const tables = Object.keys(sqliteTables).map((key) => `sqlite${key[0]!.toUpperCase()}${key.slice(1)}`);
    writeFileSync(join(app, "schema.ts"), `export { ${tables.join(", ")} } from ${JSON.stringify(source)};\n`);
    const database = join(app, "app.db");
    writeFileSync(join(app, "drizzle.config.mjs"), `export default ${JSON.stringify({ dialect: "sqlite", schema: "./schema.ts", out: "./drizzle", dbCredentials: { url: database } })};\n`);
    // The package's `bin` (not in its exports), beside its main module.
    const bin = join(dirname(createRequire(import.meta.url).resolve("drizzle-kit")), "bin.cjs");
    for (const command of ["generate", "migrate"]) await run(process.execPath, [bin, command, "--config", "drizzle.config.mjs"], { cwd: app, timeout: 60_000 });
    const made = new Database(database, { readonly: true });
    const latch = new Database(latchFile, { readonly: true });
    try {
      expect(sqliteCatalog(made)).toEqual(sqliteCatalog(latch));
    } finally {
      made.close();
      latch.close();
    }
  });
  test("on them, rows written by @latch/drizzle are read by @latch/typeorm, and the reverse", async () => {
    await kitSource.initialize();
    await servesLatch(DrizzleAdapter(drizzleSqlite({ client: kit })), TypeORMAdapter(kitSource));
  });
});
