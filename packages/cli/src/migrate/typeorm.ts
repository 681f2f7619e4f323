import type { DataSource, DataSourceOptions } from "typeorm";
import { CommandFailed, UsageError } from "../exit-codes.js";
import { loadOptional } from "../load.js";
import type { MigrationState, MigrationTarget } from "./types.js";

type TypeormAdapterModule = typeof import("@latch/typeorm");

/** The engines `--typeorm` names, and the `@latch/typeorm` migration list each uses. */
const dialects = { postgres: "postgres", mysql: "mariadb", mariadb: "mariadb", sqlite: "sqlite" } as const;

/** An engine name `--typeorm` accepts. */
export type TypeormEngine = keyof typeof dialects;

/** Where the TypeORM database is: an engine, its URL (a file path for SQLite) and, on PostgreSQL, a schema. */
export interface TypeormTargetOptions {
  engine: string;
  url: string;
  schema?: string;
}

function isEngine(engine: string): engine is TypeormEngine {
  return Object.hasOwn(dialects, engine);
}

function dataSourceOptions({ engine, url, schema }: TypeormTargetOptions & { engine: TypeormEngine }): DataSourceOptions {
  if (engine === "sqlite") return { type: "better-sqlite3", database: url.replace(/^(?:sqlite|file):(?:\/\/)?/, "") };
  if (engine === "postgres") return { type: "postgres", url, ...(schema && { schema }) };
  return { type: engine, url };
}

/** A table name as `@latch/typeorm`'s migrations quote it (schema-qualified on PostgreSQL). */
function tableNamer(engine: TypeormEngine, schema: string | undefined): (name: string) => string {
  if (dialects[engine] === "mariadb") return (name) => `\`${name}\``;
  return (name) => (engine === "postgres" && schema ? `"${schema}"."${name}"` : `"${name}"`);
}

/** `@latch/typeorm`'s schema through a TypeORM data source built from the command line. */
export async function typeormTarget(options: TypeormTargetOptions): Promise<MigrationTarget> {
  const engine = options.engine;
  if (!isEngine(engine)) throw new UsageError(`--typeorm takes postgres, mysql, mariadb or sqlite, not "${engine}".`);
  await loadOptional("reflect-metadata", "--typeorm");
  const typeorm = await loadOptional<typeof import("typeorm")>("typeorm", "--typeorm");
  const module = await loadOptional<TypeormAdapterModule>("@latch/typeorm", "--typeorm");
  const dataSource: DataSource = new typeorm.DataSource(dataSourceOptions({ ...options, engine }));
  try {
    await dataSource.initialize();
  } catch (error) {
    throw new CommandFailed(`Could not connect (${engine}): ${(error as Error).message}`);
  }
  const table = tableNamer(engine, options.schema);
  const list = module.migrations[dialects[engine]];
  const qualified = (name: string) => (options.schema ? `${options.schema}.${name}` : name);
  return {
    close: () => dataSource.destroy(),
    async state() {
      const runner = dataSource.createQueryRunner();
      try {
        const versioned = await runner.hasTable(qualified("latch_migrations"));
        const hasUsers = await runner.hasTable(qualified("users"));
        // Tables made before migrations were recorded: Latch's first release had authenticators, Auth.js's entities have none.
        const authjs = !versioned && hasUsers && !(await runner.hasTable(qualified("authenticators")));
        let applied: MigrationState["applied"] = [];
        if (versioned) {
          const rows = (await runner.query(`SELECT version, name, applied_at FROM ${table("latch_migrations")} ORDER BY version`)) as { version: number | string; name: string; applied_at: Date | string }[];
          applied = rows.map((row) => ({ version: Number(row.version), name: row.name, appliedAt: new Date(row.applied_at).toISOString() }));
        }
        const kind: MigrationState["kind"] = versioned ? "latch" : authjs ? "authjs" : hasUsers ? "unversioned" : "empty";
        const upgrade = authjs ? module.authjsUpgrades[dialects[engine]] : undefined;
        const recordedOnly = new Map<number, string>(kind === "unversioned" ? [[1, "the tables exist: recorded only"]] : []);
        for (const version of upgrade?.covers ?? []) recordedOnly.set(version, "recorded only: the Auth.js upgrade above does its work");
        const done = new Set(applied.map((row) => row.version));
        const pending = list
          .filter((migration) => !done.has(migration.version))
          .map((migration) =>
            recordedOnly.has(migration.version)
              ? { version: migration.version, name: migration.name, statements: [], note: recordedOnly.get(migration.version) }
              : { version: migration.version, name: migration.name, statements: [...module.prerequisitesOf(dialects[engine], migration.version), ...migration.statements(table)] },
          );
        const prelude = upgrade ? [{ title: "Auth.js upgrade, in place of the migrations recorded only below (every row kept; dates stay millisecond text, as Auth.js reads them)", statements: upgrade.statements(table) }] : [];
        const where = engine === "sqlite" ? `SQLite ${options.url}` : `${engine}${options.schema ? `, schema "${options.schema}"` : ""}`;
        const emailCollisions = hasUsers ? await module.emailCollisions(dataSource, table("users")) : [];
        return { target: `TypeORM ${where}`, kind, applied, pending, prelude, emailCollisions };
      } finally {
        await runner.release();
      }
    },
    async apply() {
      await module.migrate(dataSource);
    },
  };
}
