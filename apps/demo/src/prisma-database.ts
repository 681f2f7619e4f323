// The demo's store on Prisma: SQLite in one libSQL file, through @latch/prisma. Loaded only when
// LATCH_DEMO_DATABASE=prisma; `npm start` without it never imports this module or Prisma.
import { execFileSync } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PrismaAdapter, type PrismaClientLike } from "@latch/prisma";
import { PrismaLibSql } from "@prisma/adapter-libsql";
import type { DemoDatabase } from "./demo-database.js";
import { demoUser } from "./users.js";

/** @latch/prisma in this repository: its SQLite schema, migrations and the client generated from them. */
const prismaPackage = fileURLToPath(new URL("../../../packages/adapter-prisma/", import.meta.url));
const migrationsFolder = join(prismaPackage, "prisma/sqlite/migrations");
const generatedClient = join(prismaPackage, "generated/sqlite/client.ts");

/** What the demo uses of the generated client: the adapter's models, raw statements, disconnecting. */
interface Client extends PrismaClientLike {
  $executeRawUnsafe(sql: string, ...values: unknown[]): Promise<number>;
  $queryRawUnsafe(sql: string, ...values: unknown[]): Promise<unknown>;
  $disconnect(): Promise<void>;
}

/** The generated module, read by its shape (it lives outside the demo's sources). */
interface GeneratedModule {
  PrismaClient: new (options: { adapter: PrismaLibSql }) => Client;
}

/** The statements of a migration.sql: comments dropped, split at the semicolons that end a line. */
function statements(sql: string): string[] {
  const code = sql.split("\n").filter((line) => !line.trimStart().startsWith("--")).join("\n");
  return code.split(/;\s*(?:\n|$)/).map((statement) => statement.trim()).filter((statement) => statement !== "");
}

/**
 * Applies the package's SQLite migrations that the file has not had yet, each recorded in
 * `_prisma_migrations` as `prisma migrate deploy` records it (an app runs that command; here the
 * demo owns its file and needs no Prisma engine).
 */
async function deploy(prisma: Client): Promise<void> {
  await prisma.$executeRawUnsafe(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id" TEXT PRIMARY KEY NOT NULL, "checksum" TEXT NOT NULL, "finished_at" DATETIME, "migration_name" TEXT NOT NULL,
    "logs" TEXT, "rolled_back_at" DATETIME, "started_at" DATETIME NOT NULL DEFAULT current_timestamp,
    "applied_steps_count" INTEGER UNSIGNED NOT NULL DEFAULT 0)`);
  const rows = (await prisma.$queryRawUnsafe(`SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL`)) as { migration_name: string }[];
  const applied = new Set(rows.map((row) => row.migration_name));
  for (const name of readdirSync(migrationsFolder, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort()) {
    if (applied.has(name)) continue;
    const sql = readFileSync(join(migrationsFolder, name, "migration.sql"), "utf8");
    const started = new Date();
    await prisma.$transaction(async (tx: Client) => {
      for (const statement of statements(sql)) await tx.$executeRawUnsafe(statement);
      await tx.$executeRawUnsafe(
        `INSERT INTO _prisma_migrations (id, checksum, finished_at, migration_name, started_at, applied_steps_count) VALUES (?, ?, ?, ?, ?, 1)`,
        randomUUID(), createHash("sha256").update(sql).digest("hex"), new Date(), name, started,
      );
    });
  }
}

/**
 * Opens (creating on first start) `<directory>/prisma.db`, applies @latch/prisma's SQLite
 * migrations and makes sure the credentials demo user exists. The client is generated from the
 * package's schema on first use when the package's build has not generated it yet, or generated
 * it from an older schema.
 */
export async function openPrismaDemoDatabase(directory: string): Promise<DemoDatabase> {
  mkdirSync(directory, { recursive: true });
  if (!existsSync(generatedClient) || statSync(generatedClient).mtimeMs < statSync(join(prismaPackage, "prisma/sqlite/schema.prisma")).mtimeMs) {
    execFileSync(process.execPath, [join(prismaPackage, "scripts/generate.mjs"), "sqlite"], { stdio: ["ignore", "ignore", "inherit"] });
  }
  const { PrismaClient } = (await import(generatedClient)) as GeneratedModule;
  const prisma = new PrismaClient({ adapter: new PrismaLibSql({ url: `file:${join(directory, "prisma.db")}` }) });
  await deploy(prisma);
  const adapter = PrismaAdapter(prisma);
  if (!(await adapter.getUser!(demoUser.id))) {
    await adapter.createUser!({ id: demoUser.id, name: demoUser.name, email: demoUser.email, emailVerified: null });
  }
  return { adapter, close: () => prisma.$disconnect() };
}
