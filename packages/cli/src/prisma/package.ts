import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { CommandFailed, UsageError } from "../exit-codes.js";
import { parsePrismaSchema, type PrismaSchemaShape } from "./schema.js";

/** The providers `@latch/prisma` has a schema and migrations for, as Prisma names them. */
export const prismaProviders = ["postgresql", "mysql", "sqlite"] as const;

/** One of {@link prismaProviders}. */
export type PrismaProvider = (typeof prismaProviders)[number];

const aliases: Record<string, PrismaProvider> = { postgresql: "postgresql", postgres: "postgresql", mysql: "mysql", mariadb: "mysql", sqlite: "sqlite" };

/** The provider a flag's value names (Prisma's names, and `postgres`, `mariadb`). */
export function prismaProvider(value: string, flag: string): PrismaProvider {
  const provider = Object.hasOwn(aliases, value) ? aliases[value] : undefined;
  if (!provider) throw new UsageError(`${flag} takes postgresql (or postgres), mysql (or mariadb) or sqlite, not "${value}".`);
  return provider;
}

/** A migration folder of `@latch/prisma`: its name, its SQL, the SHA-256 Prisma records, and the tables and columns it makes. */
export interface PackagedMigration {
  name: string;
  sql: string;
  checksum: string;
  /** `Table` for a table it creates (with its columns as `Table.column`), `Table.column` for a column it adds. */
  makes: Set<string>;
}

/** The installed `@latch/prisma`: its folder (as the user's project shows it) and what it holds for one provider. */
export interface LatchPrismaPackage {
  /** The package folder, relative to the project when it is inside it (`node_modules/@latch/prisma`). */
  shownAs: string;
  schemaPath: string;
  schema: PrismaSchemaShape;
  migrationsPath: string;
  migrations: PackagedMigration[];
}

function packageFolder(cwd: string): string | undefined {
  for (const from of [pathToFileURL(join(cwd, "package.json")).href, import.meta.url]) {
    try {
      // The entry is dist/index.js; the schema and migrations are beside dist.
      return dirname(dirname(createRequire(from).resolve("@latch/prisma")));
    } catch {
      // not installed there
    }
  }
  return undefined;
}

const identifier = /^\s*["`](\w+)["`]/;

/** The tables and columns a migration.sql makes, read from its CREATE TABLE and ADD COLUMN statements. */
export function tablesAndColumnsMade(sql: string): Set<string> {
  const made = new Set<string>();
  const code = sql.split("\n").filter((line) => !line.trimStart().startsWith("--")).join("\n");
  for (const statement of code.split(/;\s*(?:\n|$)/)) {
    const created = /^\s*CREATE TABLE\s+["`](\w+)["`]\s*\(([\s\S]*)\)/i.exec(statement);
    if (created) {
      const [, table, body] = created;
      made.add(table!);
      for (const line of body!.split("\n")) {
        const column = identifier.exec(line);
        if (column) made.add(`${table}.${column[1]}`);
      }
      continue;
    }
    const altered = /^\s*ALTER TABLE\s+["`](\w+)["`]/i.exec(statement);
    if (altered) for (const [, column] of statement.matchAll(/ADD COLUMN\s+["`](\w+)["`]/gi)) made.add(`${altered[1]}.${column}`);
  }
  return made;
}

/** The SHA-256 of a migration file as `_prisma_migrations.checksum` holds it. */
export function migrationChecksum(sql: string): string {
  return createHash("sha256").update(sql).digest("hex");
}

/** `@latch/prisma`'s schema and migrations for `provider`, from the copy the project in `cwd` has installed. */
export function latchPrismaPackage(cwd: string, provider: PrismaProvider): LatchPrismaPackage {
  const folder = packageFolder(cwd);
  if (!folder) throw new CommandFailed(`--prisma needs the package "@latch/prisma": npm install @latch/prisma`);
  const schemaPath = join(folder, "prisma", provider, "schema.prisma");
  const migrationsPath = join(folder, "prisma", provider, "migrations");
  if (!existsSync(schemaPath)) throw new CommandFailed(`@latch/prisma has no schema for ${provider} at ${schemaPath}.`);
  const migrations = readdirSync(migrationsPath, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(join(migrationsPath, name, "migration.sql"), "utf8");
      return { name, sql, checksum: migrationChecksum(sql), makes: tablesAndColumnsMade(sql) };
    });
  const inside = relative(cwd, folder);
  return { shownAs: inside.startsWith("..") ? folder : inside, schemaPath, schema: parsePrismaSchema(readFileSync(schemaPath, "utf8")), migrationsPath, migrations };
}

/**
 * The migration folders of the app's `prisma/migrations` (or `folder`) by the checksum of their
 * file: where a copy of one of `@latch/prisma`'s migrations is, under whatever name.
 */
export function appMigrationsByChecksum(folder: string): Map<string, string> {
  const found = new Map<string, string>();
  if (!existsSync(folder)) return found;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const file = join(folder, entry.name, "migration.sql");
    if (entry.isDirectory() && existsSync(file)) found.set(migrationChecksum(readFileSync(file, "utf8")), entry.name);
  }
  return found;
}
