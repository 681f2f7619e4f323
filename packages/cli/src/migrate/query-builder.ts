import { UsageError } from "../exit-codes.js";
import { loadOptional } from "../load.js";
import { pgTarget } from "./pg.js";
import { typeormTarget } from "./typeorm.js";
import type { MigrationTarget } from "./types.js";

/**
 * The dialects `--drizzle` and `--kysely` name, and whose migrations make the tables
 * `@latch/drizzle` and `@latch/kysely` use for them: `@latch/pg`'s on PostgreSQL, `@latch/typeorm`'s
 * (its MariaDB and SQLite migrations) on the others. `postgresql` is drizzle-kit's name.
 */
const madeBy = { postgres: "@latch/pg", postgresql: "@latch/pg", mysql: "@latch/typeorm", mariadb: "@latch/typeorm", sqlite: "@latch/typeorm" } as const;

/** A dialect `--drizzle` or `--kysely` accepts. */
export type QueryBuilderDialect = keyof typeof madeBy;

/** The adapters on a query builder, by the flag that names them: neither makes tables of its own. */
export type QueryBuilderAdapter = "drizzle" | "kysely";

/** Where the app's database is: its dialect, a URL (a file for SQLite) or a PGlite folder, and on PostgreSQL a schema. */
export interface QueryBuilderTargetOptions {
  dialect: string;
  url?: string;
  pglite?: string;
  schema?: string;
}

const labels: Record<QueryBuilderAdapter, string> = { drizzle: "Drizzle", kysely: "Kysely" };

function isDialect(dialect: string): dialect is QueryBuilderDialect {
  return Object.hasOwn(madeBy, dialect);
}

/**
 * The database of an app on `@latch/drizzle` or `@latch/kysely`, migrated with the migrations whose
 * tables the adapter uses on its dialect: `@latch/pg`'s on PostgreSQL (node-postgres or PGlite),
 * `@latch/typeorm`'s on MySQL/MariaDB and SQLite, which then need `typeorm` and `@latch/typeorm`
 * installed beside the app.
 */
export async function queryBuilderTarget(adapter: QueryBuilderAdapter, { dialect, url, pglite, schema }: QueryBuilderTargetOptions): Promise<MigrationTarget> {
  if (!isDialect(dialect)) throw new UsageError(`--${adapter} takes postgres (or postgresql), mysql, mariadb or sqlite, not "${dialect}".`);
  const flag = `--${adapter} ${dialect}`;
  if (madeBy[dialect] === "@latch/pg") {
    if (pglite !== undefined) return pgTarget({ pglite, schema });
    if (!url) throw new UsageError(`${flag} needs --url <postgres://…> (or DATABASE_URL) or --pglite <dir>.`);
    return pgTarget({ url, schema });
  }
  if (pglite !== undefined) throw new UsageError(`--pglite is a PostgreSQL database: use it with --${adapter} postgres.`);
  if (!url) throw new UsageError(`${flag} needs --url (or DATABASE_URL); for SQLite, the database file.`);
  // Named here, so that a missing package is reported against the flag the user typed.
  for (const name of ["typeorm", "reflect-metadata", madeBy[dialect]]) await loadOptional(name, `${flag} (the tables of ${madeBy[dialect]}'s migrations)`);
  const target = await typeormTarget({ engine: dialect, url, schema });
  return {
    ...target,
    async state() {
      const state = await target.state();
      return { ...state, target: `${state.target.replace(/^TypeORM /, `${labels[adapter]} `)} (${madeBy[dialect]}'s migrations)` };
    },
  };
}
