/**
 * Migration 9 on SQLite, the real PostgreSQL and the real MariaDB: addresses written in another
 * spelling (by an older release, or another program) are rewritten to the stored one, and users
 * whose addresses are spellings of one address are reported, not merged.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { mariadbLogin, mariadbStatement, needService, services } from "@latch/testing";
import { DataSource, type DataSourceOptions } from "typeorm";
import { afterAll, describe, expect, test } from "vitest";
import { TypeORMAdapter } from "../src/adapter.js";
import { emailCollisions } from "../src/email-collisions.js";
import { migrate, type Dialect } from "../src/migrations/index.js";
import { entities, postgresOptions, randomName } from "./readers.js";

const directory = mkdtempSync(join(tmpdir(), "latch-typeorm-addresses-"));
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  rmSync(directory, { recursive: true, force: true });
});

/** A new empty database on the engine, as DataSource options. */
const fresh: Record<Dialect, () => Promise<DataSourceOptions>> = {
  async sqlite() {
    return { type: "better-sqlite3", database: join(directory, `${randomName()}.sqlite`), entities } as DataSourceOptions;
  },
  async postgres() {
    const schema = randomName();
    const admin = await new DataSource(postgresOptions).initialize();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.destroy();
    cleanups.push(async () => {
      const again = await new DataSource(postgresOptions).initialize();
      await again.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await again.destroy();
    });
    return { ...postgresOptions, schema, entities } as DataSourceOptions;
  },
  async mariadb() {
    const database = randomName();
    await mariadbStatement(`CREATE DATABASE \`${database}\``);
    cleanups.push(() => mariadbStatement(`DROP DATABASE IF EXISTS \`${database}\``));
    const { host, port, user: username, password } = mariadbLogin;
    return { type: "mariadb", host, port, username, password, database, entities } as DataSourceOptions;
  },
};

const available: Record<Dialect, boolean> = {
  sqlite: true,
  postgres: await needService(services.postgres),
  mariadb: await needService(services.mariadb),
};

describe.each(["sqlite", "postgres", "mariadb"] as const)("stored spelling on %s", (dialect) => {
  test.runIf(available[dialect])("migration 9 rewrites addresses and reports, without merging, the users whose addresses collide", async () => {
    const dataSource = await new DataSource(await fresh[dialect]()).initialize();
    try {
      await migrate(dataSource);
      const schema = (dataSource.options as { schema?: string }).schema;
      const table = (name: string) => (dialect === "mariadb" ? `\`${name}\`` : schema ? `"${schema}"."${name}"` : `"${name}"`);
      await dataSource.query(`DELETE FROM ${table("latch_migrations")} WHERE version = 9`);
      // Rows as an older release wrote them. The twins differ by a leading space, which every
      // engine's unique index tells apart (MariaDB's collation ignores case and trailing spaces).
      await dataSource.query(
        `INSERT INTO ${table("users")} (id, email) VALUES ('mixed', 'Grace@Example.COM'), ('spaced', '  linus@example.com'),
          ('twin-a', 'twin@example.com'), ('twin-b', '  TWIN@example.com'), ('none', '')`,
      );
      const report = await migrate(dataSource);
      const rows = (await dataSource.query(`SELECT id, email FROM ${table("users")}`)) as { id: string; email: string }[];
      expect(Object.fromEntries(rows.map((row) => [row.id, row.email]))).toEqual({
        mixed: "grace@example.com",
        spaced: "linus@example.com",
        "twin-a": "twin@example.com",
        "twin-b": "  TWIN@example.com",
        none: "",
      });
      const twins = [{ email: "twin@example.com", users: [{ id: "twin-a", email: "twin@example.com" }, { id: "twin-b", email: "  TWIN@example.com" }] }];
      expect(report.emailCollisions).toEqual(twins);
      // Reported once by migrate; emailCollisions() finds them until the operator resolves them.
      expect((await migrate(dataSource)).emailCollisions).toEqual([]);
      expect(await emailCollisions(dataSource)).toEqual(twins);
      // The adapter finds the rewritten users by the address as a person types it.
      expect((await TypeORMAdapter(dataSource).getUserByEmail!("GRACE@example.com"))?.id).toBe("mixed");
      await dataSource.query(`DELETE FROM ${table("users")} WHERE id = 'twin-b'`);
      expect(await emailCollisions(dataSource)).toEqual([]);
    } finally {
      await dataSource.destroy();
    }
  });
});
