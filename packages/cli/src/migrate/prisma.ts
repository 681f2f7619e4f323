import { isAbsolute, join } from "node:path";
import { CommandFailed } from "../exit-codes.js";
import { exitCodes, type ExitCode } from "../exit-codes.js";
import { loadOptional } from "../load.js";
import type { Io } from "../output.js";
import { appMigrationsByChecksum, latchPrismaPackage, type LatchPrismaPackage, type PackagedMigration, type PrismaProvider } from "../prisma/package.js";
import { findAppSchema, parsePrismaSchema, type PrismaSchemaShape } from "../prisma/schema.js";

/** Where a Prisma app's database is, as `--prisma <provider> --url <url> [--schema <name>]` name it. */
export interface PrismaTargetOptions {
  provider: PrismaProvider;
  url: string;
  schema?: string;
  /** The app's folder: its `prisma/migrations` and schema are looked for there. */
  cwd: string;
  /** The app's migrations folder, when not `prisma/migrations`. */
  migrations?: string;
}

/** The database's tables, each with its columns; and where it is, for the user. */
interface StoredTables {
  where: string;
  tables: Map<string, Set<string>>;
}

function collect(rows: { t: string; c: string }[]): Map<string, Set<string>> {
  const tables = new Map<string, Set<string>>();
  for (const { t, c } of rows) {
    if (!tables.has(t)) tables.set(t, new Set());
    tables.get(t)!.add(c);
  }
  return tables;
}

async function postgresTables(url: string, schema: string | undefined): Promise<StoredTables> {
  const pg = await loadOptional<typeof import("pg")>("pg", "--prisma postgresql");
  // Prisma's URLs name the schema in `?schema=`, which PostgreSQL itself does not know.
  const parsed = new URL(url);
  const named = schema ?? parsed.searchParams.get("schema") ?? "public";
  parsed.searchParams.delete("schema");
  const client = new pg.default.Client({ connectionString: parsed.href });
  client.on("error", () => {});
  try {
    await client.connect();
  } catch (error) {
    throw new CommandFailed(`Could not connect to PostgreSQL: ${(error as Error).message}`);
  }
  try {
    const { rows } = await client.query(`SELECT table_name AS t, column_name AS c FROM information_schema.columns WHERE table_schema = $1`, [named]);
    return { where: `PostgreSQL ${parsed.hostname}${parsed.port ? `:${parsed.port}` : ""}${parsed.pathname}, schema "${named}"`, tables: collect(rows) };
  } finally {
    await client.end();
  }
}

async function mysqlTables(url: string): Promise<StoredTables> {
  const mariadb = await loadOptional<typeof import("mariadb")>("mariadb", "--prisma mysql");
  const parsed = new URL(url);
  let connection: Awaited<ReturnType<typeof mariadb.createConnection>>;
  try {
    connection = await mariadb.createConnection({
      host: parsed.hostname, port: Number(parsed.port || 3306), user: decodeURIComponent(parsed.username), password: decodeURIComponent(parsed.password), database: parsed.pathname.slice(1),
    });
  } catch (error) {
    throw new CommandFailed(`Could not connect to MySQL/MariaDB: ${(error as Error).message}`);
  }
  try {
    const rows = (await connection.query(`SELECT table_name AS t, column_name AS c FROM information_schema.columns WHERE table_schema = DATABASE()`)) as { t: string; c: string }[];
    return { where: `MySQL ${parsed.hostname}${parsed.port ? `:${parsed.port}` : ""}${parsed.pathname}`, tables: collect(rows) };
  } finally {
    await connection.end();
  }
}

async function sqliteTables(url: string, cwd: string): Promise<StoredTables> {
  const { createClient } = await loadOptional<typeof import("@libsql/client")>("@libsql/client", "--prisma sqlite");
  const file = url.replace(/^file:/, "");
  const path = isAbsolute(file) ? file : join(cwd, file);
  const client = createClient({ url: `file:${path}` });
  try {
    const { rows } = await client.execute(`SELECT m.name AS t, p.name AS c FROM sqlite_master m JOIN pragma_table_info(m.name) p WHERE m.type = 'table'`);
    return { where: `SQLite ${file}`, tables: collect(rows as unknown as { t: string; c: string }[]) };
  } finally {
    client.close();
  }
}

/** A table or column `@latch/prisma`'s models need that the database lacks, by model and field and by table and column. */
export interface MissingInDatabase {
  model: string;
  field?: string;
  table: string;
  column?: string;
}

/**
 * What the database lacks of `@latch/prisma`'s models. Tables and columns are named as the app's
 * schema maps them (`@@map`, `@map`) when it declares the model, as Prisma names them otherwise.
 */
export function missingInDatabase(latch: PrismaSchemaShape, app: PrismaSchemaShape | undefined, tables: Map<string, Set<string>>): MissingInDatabase[] {
  const missing: MissingInDatabase[] = [];
  for (const model of latch.models.values()) {
    const own = app?.models.get(model.name);
    const table = own?.table ?? model.table;
    const columns = tables.get(table);
    if (!columns) {
      missing.push({ model: model.name, table });
      continue;
    }
    for (const field of model.fields) {
      const column = own?.fields.find((f) => f.name === field.name)?.column ?? field.column;
      if (!columns.has(column)) missing.push({ model: model.name, field: field.name, table, column });
    }
  }
  return missing;
}

/** The package's migrations that make something missing (all of them when the database has none of Auth.js's tables). */
function neededMigrations(pkg: LatchPrismaPackage, missing: MissingInDatabase[]): PackagedMigration[] {
  return pkg.migrations.filter((migration) => missing.some((part) => migration.makes.has(part.column ? `${part.table}.${part.column}` : part.table)));
}

function describe(part: MissingInDatabase): string {
  if (!part.field) return `table ${part.table} (model ${part.model})`;
  return `column ${part.table}.${part.column}${part.column !== part.field || part.table !== part.model ? ` (${part.model}.${part.field})` : ""}`;
}

/** The steps that add what is missing: the package's migration folders, copied into the app's and deployed by Prisma Migrate. */
function fixSteps(pkg: LatchPrismaPackage, provider: PrismaProvider, needed: PackagedMigration[], appFolder: string, shownFolder: string, io: Io): void {
  const copied = appMigrationsByChecksum(appFolder);
  const toCopy = needed.filter((migration) => !copied.has(migration.checksum));
  io.out.line();
  io.out.line("To add them:");
  let step = 1;
  if (toCopy.length) {
    io.out.line(`  ${step++}. Add the models and fields above to your schema.prisma as ${pkg.shownAs}/prisma/${provider}/schema.prisma declares them.`);
    for (const migration of toCopy) {
      io.out.line(`  ${step++}. Copy ${pkg.shownAs}/prisma/${provider}/migrations/${migration.name} into ${shownFolder}/ (rename it to sort after your last migration; keep its migration.sql as it is).`);
    }
  }
  for (const migration of needed.filter((m) => copied.has(m.checksum))) {
    io.out.line(`  ${io.out.style("dim", "·")} ${shownFolder}/${copied.get(migration.checksum)} is @latch/prisma's ${migration.name}, not applied yet.`);
  }
  io.out.line(`  ${step++}. npx prisma migrate deploy`);
  io.out.line(`  ${step}. npx prisma generate`);
}

/**
 * `latch migrate plan|status|apply --prisma <provider> --url <url>`: compares the database with
 * `@latch/prisma`'s models and names each missing table and column, with the migration folders of
 * the package that add them and the Prisma Migrate command that applies them. It does not write
 * to the database: Prisma Migrate keeps the app's migration history (its `prisma/migrations`
 * folder and the `_prisma_migrations` table), and a migration recorded there that the app's folder
 * lacks would be reported as drift by `prisma migrate dev` and `status`.
 */
export async function prismaMigrate(action: string, options: PrismaTargetOptions, io: Io): Promise<ExitCode> {
  const { provider, url, cwd } = options;
  const pkg = latchPrismaPackage(cwd, provider);
  const found = findAppSchema(cwd);
  const app = found ? parsePrismaSchema(found.text) : undefined;
  const stored = provider === "postgresql" ? await postgresTables(url, options.schema) : provider === "mysql" ? await mysqlTables(url) : await sqliteTables(url, cwd);
  const missing = missingInDatabase(pkg.schema, app, stored.tables);
  const shownFolder = options.migrations ?? "prisma/migrations";
  const appFolder = isAbsolute(shownFolder) ? shownFolder : join(cwd, shownFolder);
  const needed = neededMigrations(pkg, missing);

  io.out.line(`${stored.where}: compared with the ${provider} models of @latch/prisma`);
  if (!missing.length) {
    io.out.line(`${io.out.style("green", "✓")} Every model and field @latch/prisma uses is there.`);
    return exitCodes.ok;
  }
  for (const part of missing) io.out.line(`  ${io.out.style("yellow", "missing")}  ${describe(part)}`);
  io.out.line(`${missing.length} missing.`);
  if (action === "plan") {
    for (const migration of needed) {
      io.out.line();
      io.out.line(`-- ${pkg.shownAs}/prisma/${provider}/migrations/${migration.name}/migration.sql`);
      io.out.line(migration.sql.trimEnd());
    }
  }
  fixSteps(pkg, provider, needed, appFolder, shownFolder, io);
  if (action === "apply") {
    io.err.line(
      `${io.err.style("red", "✗")} latch migrate apply does not migrate a Prisma app's database: Prisma Migrate keeps its history (prisma/migrations and _prisma_migrations). Run the steps above.`,
    );
  }
  return exitCodes.found;
}
