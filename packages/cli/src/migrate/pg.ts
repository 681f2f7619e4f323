import type { Migration, Queryable } from "@latch/pg";
import { CommandFailed } from "../exit-codes.js";
import { loadOptional } from "../load.js";
import type { MigrationState, MigrationTarget, PlannedMigration } from "./types.js";

type PgModule = typeof import("@latch/pg");

/** Where to find the PostgreSQL database: a `pg` URL or a PGlite data directory, and a schema. */
export interface PgTargetOptions {
  url?: string;
  pglite?: string;
  schema?: string;
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

async function connect(options: PgTargetOptions): Promise<{ client: Queryable; close: () => Promise<void>; where: string }> {
  if (options.pglite !== undefined) {
    const { PGlite } = await loadOptional<typeof import("@electric-sql/pglite")>("@electric-sql/pglite", "--pglite");
    const db = new PGlite(options.pglite);
    await db.waitReady;
    return { client: db, close: () => db.close(), where: `PGlite ${options.pglite}` };
  }
  const pg = await loadOptional<typeof import("pg")>("pg", "--url");
  const client = new pg.default.Client({ connectionString: options.url });
  client.on("error", () => {});
  try {
    await client.connect();
  } catch (error) {
    throw new CommandFailed(`Could not connect to PostgreSQL: ${(error as Error).message}`);
  }
  const host = (() => {
    try {
      const url = new URL(options.url!);
      return `${url.hostname}${url.port ? `:${url.port}` : ""}${url.pathname}`;
    } catch {
      return "PostgreSQL";
    }
  })();
  return { client, close: () => client.end(), where: `PostgreSQL ${host}` };
}

async function scalar<T>(client: Queryable, sql: string): Promise<T> {
  const { rows } = await client.query(sql);
  return Object.values(rows[0] as Record<string, T>)[0] as T;
}

const regclass = (table: string) => `to_regclass(quote_ident(current_schema()) || '.${table}') IS NOT NULL`;

/**
 * What `apply` runs on each kind of schema, with `@latch/pg`'s own lists: every migration on an
 * empty schema; on tables made before migrations were recorded, migration 1 recorded only; on an
 * Auth.js schema, `upgradeAuthjsSchema`'s steps (user ids to text, migration 1's missing parts
 * without the full email index) and then migrations 2 onwards; on a recorded one, what is missing.
 */
export function planPg(module: Pick<PgModule, "migrations" | "schemaStatements" | "authjsUpgradeStatements">, kind: MigrationState["kind"], applied: Set<number>): Pick<MigrationState, "pending" | "prelude"> {
  const pending: PlannedMigration[] = module.migrations
    .filter((migration: Migration) => !applied.has(migration.version))
    .map((migration: Migration) => ({ version: migration.version, name: migration.name, statements: migration.statements }));
  const first = pending.find((migration) => migration.version === 1);
  if (kind === "unversioned" && first) Object.assign(first, { statements: [], note: "the tables exist: recorded only" });
  if (kind !== "authjs") return { pending, prelude: [] };
  if (first) Object.assign(first, { statements: [], note: "recorded only: its statements run in the Auth.js upgrade above" });
  const initial = module.schemaStatements.filter((statement) => !statement.includes("users_email_key"));
  return {
    pending,
    prelude: [
      { title: "Auth.js upgrade: user ids become text (each keeps its value)", statements: module.authjsUpgradeStatements },
      { title: "Auth.js upgrade: the tables and indexes Auth.js lacks (the unique email index comes with migration 2)", statements: initial },
    ],
  };
}

/** `@latch/pg`'s schema on PostgreSQL (`pg`) or PGlite. */
export async function pgTarget(options: PgTargetOptions): Promise<MigrationTarget> {
  const module = await loadOptional<PgModule>("@latch/pg", "migrate for PostgreSQL");
  const { client, close, where } = await connect(options);
  try {
    if (options.schema) await client.query(`SET search_path TO ${quoteIdent(options.schema)}`);
  } catch (error) {
    await close();
    throw error;
  }
  return {
    close,
    async state() {
      const schema = await scalar<string>(client, "SELECT current_schema()");
      if (!schema) throw new CommandFailed(`The schema ${options.schema ?? "of the search_path"} does not exist; create it first.`);
      const versioned = await scalar<boolean>(client, `SELECT ${regclass("latch_migrations")}`);
      const hasUsers = await scalar<boolean>(client, `SELECT ${regclass("users")}`);
      let kind: MigrationState["kind"] = "empty";
      let applied: MigrationState["applied"] = [];
      if (versioned) {
        kind = "latch";
        const { rows } = await client.query(`SELECT version, name, applied_at FROM latch_migrations ORDER BY version`);
        applied = (rows as { version: number; name: string; applied_at: Date }[]).map((row) => ({
          version: Number(row.version),
          name: row.name,
          appliedAt: new Date(row.applied_at).toISOString(),
        }));
      } else if (hasUsers) {
        const idType = await scalar<string>(client, `SELECT data_type FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'users' AND column_name = 'id'`);
        kind = idType === "text" ? "unversioned" : "authjs";
      }
      const plan = planPg(module, kind, new Set(applied.map((row) => row.version)));
      const emailCollisions = kind === "empty" ? [] : await module.emailCollisions(client);
      return { target: `${where}, schema ${quoteIdent(schema)}`, kind, applied, ...plan, emailCollisions };
    },
    async apply(state) {
      if (state.kind === "authjs") await module.upgradeAuthjsSchema(client);
      else await module.migrate(client);
    },
  };
}
