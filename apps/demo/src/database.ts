import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { Adapter } from "@latch/core/adapters";
import { PostgresAdapter, migrate } from "@latch/pg";
import { demoUser } from "./users.js";

/** The demo's store: embedded PostgreSQL (PGlite) and the Latch adapter over it. */
export interface DemoDatabase {
  db: PGlite;
  adapter: Adapter;
  close(): Promise<void>;
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
  return { db, adapter, close: () => db.close() };
}
