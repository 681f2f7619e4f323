import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { PostgresAdapter, migrate } from "@latch/pg";
import type { DemoDatabase } from "./demo-database.js";
import { demoUser } from "./users.js";

export type { DemoDatabase } from "./demo-database.js";

/** The stores `LATCH_DEMO_DATABASE` chooses from: embedded PostgreSQL (the default) or SQLite through Prisma. */
export type DemoStore = "pglite" | "prisma";

/** The store `LATCH_DEMO_DATABASE` names: `pglite` when unset, `prisma` for SQLite through `@latch/prisma`. */
export function demoStore(env: NodeJS.ProcessEnv): DemoStore {
  const named = env.LATCH_DEMO_DATABASE || "pglite";
  if (named !== "pglite" && named !== "prisma") throw new Error(`LATCH_DEMO_DATABASE is "${named}": use pglite (the default) or prisma.`);
  return named;
}

/**
 * Where `npm start` keeps its data (database, development secret): `.latch-data/` at the
 * repository root, or `LATCH_DEMO_DATA` when set.
 */
export const dataDir = process.env.LATCH_DEMO_DATA || fileURLToPath(new URL("../../../.latch-data", import.meta.url));

/**
 * Opens (creating on first start) the demo database, applies the schema and makes sure the
 * credentials demo user exists, since database sessions belong to stored users.
 * `directory: null` keeps everything in memory (tests).
 */
export async function openDemoDatabase(directory: string | null): Promise<DemoDatabase> {
  if (directory) mkdirSync(directory, { recursive: true });
  const db = directory ? new PGlite(directory) : new PGlite();
  await migrate(db);
  const adapter = PostgresAdapter(db);
  if (!(await adapter.getUser!(demoUser.id))) {
    await adapter.createUser!({ id: demoUser.id, name: demoUser.name, email: demoUser.email, emailVerified: null });
  }
  return { adapter, close: () => db.close() };
}

/**
 * The store `npm start` uses under `dataDir`: PGlite in `pglite/`, or with `prisma` SQLite in
 * `prisma.db` through `@latch/prisma`, whose module (and Prisma) is imported only then.
 */
export async function openStartDatabase(store: DemoStore, directory: string): Promise<DemoDatabase> {
  if (store === "pglite") return openDemoDatabase(join(directory, "pglite"));
  const { openPrismaDemoDatabase } = await import("./prisma-database.js");
  return openPrismaDemoDatabase(directory);
}
