import type { DataSource, QueryRunner } from "typeorm";
import { mariadbMigrations } from "./mariadb.js";
import { postgresMigrations } from "./postgres.js";
import { sqliteMigrations } from "./sqlite.js";
import { authjsUpgrades } from "./authjs.js";
import type { Dialect, Migration } from "./types.js";
import { emailCollisions, type MigrationReport } from "../email-collisions.js";

export { authjsUpgrades, type AuthjsUpgrade } from "./authjs.js";
export type { Dialect, Migration } from "./types.js";

/**
 * Every migration of the schema per dialect, oldest first. A released migration is never edited:
 * a change to the schema is a new entry at the end of each list.
 */
export const migrations: Readonly<Record<Dialect, readonly Migration[]>> = {
  postgres: postgresMigrations,
  mariadb: mariadbMigrations,
  sqlite: sqliteMigrations,
};

/**
 * What must exist before a step's statements run that the released step does not make itself:
 * on PostgreSQL, the extension behind the ids' default of step 1 (`uuid_generate_v4()`), which
 * TypeORM installs only when a data source with the entities connects. Each statement is
 * idempotent; {@link migrate} runs them before the step, and `latch migrate plan` shows them.
 *
 * @example
 * ```ts
 * prerequisitesOf("postgres", 1) // ['CREATE EXTENSION IF NOT EXISTS "uuid-ossp"']
 * ```
 */
export function prerequisitesOf(dialect: Dialect, version: number): readonly string[] {
  return dialect === "postgres" && version === 1 ? [`CREATE EXTENSION IF NOT EXISTS "uuid-ossp"`] : [];
}

const sqliteDrivers = new Set(["better-sqlite3", "sqlite", "sqljs", "capacitor", "cordova", "expo", "react-native", "nativescript"]);

function dialectOf(dataSource: DataSource): Dialect {
  const type = dataSource.options.type;
  if (type === "postgres") return "postgres";
  if (type === "mariadb" || type === "mysql") return "mariadb";
  if (sqliteDrivers.has(type)) return "sqlite";
  throw new Error(`migrate: Latch has no migrations for the TypeORM driver "${type}" (PostgreSQL, MariaDB/MySQL and SQLite have them).`);
}

/** How each dialect quotes a table name; on PostgreSQL qualified with the data source's `schema`. */
function tableNamer(dialect: Dialect, dataSource: DataSource): (name: string) => string {
  if (dialect === "mariadb") return (name) => `\`${name}\``;
  const schema = dialect === "postgres" ? (dataSource.options as { schema?: string }).schema : undefined;
  return (name) => (schema ? `"${schema}"."${name}"` : `"${name}"`);
}

const migrationsTable: Record<Dialect, (table: string) => string> = {
  postgres: (t) => `CREATE TABLE IF NOT EXISTS ${t} (version integer PRIMARY KEY, name varchar(255) NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
  mariadb: (t) => `CREATE TABLE IF NOT EXISTS ${t} (version int NOT NULL PRIMARY KEY, name varchar(255) NOT NULL, applied_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3)) ENGINE=InnoDB`,
  sqlite: (t) => `CREATE TABLE IF NOT EXISTS ${t} (version integer PRIMARY KEY NOT NULL, name varchar(255) NOT NULL, applied_at datetime NOT NULL DEFAULT (strftime('%Y-%m-%d %H:%M:%f', 'now')))`,
};

function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/**
 * Applies the migrations not yet recorded, in order. When `users` exists without
 * `latch_migrations`, the tables were made before migrations were recorded: by `synchronize` from
 * the entities as first released (migration 1 is only recorded), or by `@auth/typeorm-adapter`
 * (no `authenticators`: its upgrade runs instead of the migrations it covers, which are recorded).
 */
async function applyMissing(runner: QueryRunner, dialect: Dialect, table: (name: string) => string, schema?: string): Promise<Set<number>> {
  const name = (table: string) => (schema ? `${schema}.${table}` : table);
  const unrecorded = (await runner.hasTable(name("users"))) && !(await runner.hasTable(name("latch_migrations")));
  const authjs = unrecorded && !(await runner.hasTable(name("authenticators")));
  const covered = new Set(unrecorded ? [1] : []);
  if (authjs) {
    const upgrade = authjsUpgrades[dialect];
    for (const statement of upgrade.statements(table)) await runner.query(statement);
    for (const version of upgrade.covers) covered.add(version);
  }
  await runner.query(migrationsTable[dialect](table("latch_migrations")));
  const rows = (await runner.query(`SELECT version FROM ${table("latch_migrations")}`)) as { version: number | string }[];
  const applied = new Set(rows.map((row) => Number(row.version)));
  const now = new Set<number>();
  for (const migration of migrations[dialect]) {
    if (applied.has(migration.version)) continue;
    if (!covered.has(migration.version)) {
      for (const statement of [...prerequisitesOf(dialect, migration.version), ...migration.statements(table)]) await runner.query(statement);
    }
    await runner.query(`INSERT INTO ${table("latch_migrations")} (version, name) VALUES (${migration.version}, ${literal(migration.name)})`);
    now.add(migration.version);
  }
  return now;
}

/** PostgreSQL: one transaction (DDL included) under a transaction-level advisory lock. */
async function migratePostgres(runner: QueryRunner, table: (name: string) => string, schema?: string): Promise<Set<number>> {
  await runner.startTransaction();
  try {
    await runner.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`latch_migrations ${schema ?? ""}`]);
    const applied = await applyMissing(runner, "postgres", table, schema);
    await runner.commitTransaction();
    return applied;
  } catch (error) {
    await runner.rollbackTransaction();
    throw error;
  }
}

/** MariaDB: DDL commits by itself, so the steps are serialised with a named lock (GET_LOCK) instead. */
async function migrateMariadb(runner: QueryRunner, table: (name: string) => string): Promise<Set<number>> {
  const lock = `CONCAT('latch_migrations.', DATABASE())`;
  const [row] = (await runner.query(`SELECT GET_LOCK(${lock}, 60) AS locked`)) as { locked: number | string | null }[];
  if (Number(row?.locked) !== 1) throw new Error("migrate: another process held the migration lock for 60 seconds.");
  try {
    return await applyMissing(runner, "mariadb", table);
  } finally {
    await runner.query(`SELECT RELEASE_LOCK(${lock})`);
  }
}

/**
 * SQLite: one write transaction taken up front (BEGIN IMMEDIATE), with foreign keys off so that a
 * table rebuild deletes nothing; their integrity is checked before the commit.
 */
async function migrateSqlite(runner: QueryRunner, table: (name: string) => string): Promise<Set<number>> {
  await runner.query(`PRAGMA foreign_keys = OFF`);
  try {
    await runner.query(`BEGIN IMMEDIATE`);
    try {
      const applied = await applyMissing(runner, "sqlite", table);
      const broken = (await runner.query(`PRAGMA foreign_key_check`)) as unknown[];
      if (broken.length > 0) throw new Error("migrate: a migration left rows whose foreign key points nowhere.");
      await runner.query(`COMMIT`);
      return applied;
    } catch (error) {
      await runner.query(`ROLLBACK`);
      throw error;
    }
  } finally {
    await runner.query(`PRAGMA foreign_keys = ON`);
  }
}

/**
 * Brings the database of `dataSource` up to the latest migration of its dialect (PostgreSQL,
 * MariaDB/MySQL or SQLite): creates the tables on an empty database, applies what is missing on an
 * older one, does nothing on an up-to-date one. Each applied migration is recorded in
 * `latch_migrations` (`version`, `name`, `applied_at`). Safe on every start, from several app
 * instances at once (an advisory lock on PostgreSQL, `GET_LOCK` on MariaDB, a write transaction on
 * SQLite). Initialises the data source when it is not yet. When it applies migration 9, the
 * report names the users whose addresses are spellings of one address, which that migration
 * leaves as they are rather than merging them: resolve them by hand ({@link emailCollisions}
 * looks again at any time; `latch migrate` prints them).
 *
 * @example
 * ```ts
 * import { DataSource } from "typeorm"
 * import { TypeORMAdapter, defaultEntities, migrate } from "@latch/typeorm"
 *
 * const dataSource = new DataSource({ type: "postgres", url: process.env.DATABASE_URL, entities: Object.values(defaultEntities) })
 * const { emailCollisions } = await migrate(dataSource)
 * if (emailCollisions.length) console.warn("Users share an address:", emailCollisions)
 * const adapter = TypeORMAdapter(dataSource)
 * ```
 */
export async function migrate(dataSource: DataSource): Promise<MigrationReport> {
  if (!dataSource.isInitialized) await dataSource.initialize();
  const dialect = dialectOf(dataSource);
  const table = tableNamer(dialect, dataSource);
  const runner = dataSource.createQueryRunner();
  let applied: Set<number>;
  try {
    await runner.connect();
    if (dialect === "postgres") applied = await migratePostgres(runner, table, (dataSource.options as { schema?: string }).schema);
    else if (dialect === "mariadb") applied = await migrateMariadb(runner, table);
    else applied = await migrateSqlite(runner, table);
  } finally {
    await runner.release();
  }
  // Looked for once, when migration 9 runs; emailCollisions() looks again at any time.
  return { emailCollisions: applied.has(storedSpellingVersion) ? await emailCollisions(dataSource, table("users")) : [] };
}

/** The migration that rewrites addresses to the stored spelling. */
const storedSpellingVersion = 9;
