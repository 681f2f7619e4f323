/**
 * Loads Auth.js's adapters from compat/authjs-adapters/node_modules (installed from this folder's
 * own lock, apart from the workspace), through computed paths, so that the workspace needs neither
 * them nor their types: the few signatures used are typed here.
 */
import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Adapter } from "@latch/core/adapters";

const folder = fileURLToPath(new URL("../", import.meta.url));

/** Why the Auth.js adapters cannot be loaded, or `undefined` when they can. */
export const notInstalled: string | undefined = ["pg-adapter", "drizzle-adapter", "typeorm-adapter", "prisma-adapter"].every((name) => existsSync(`${folder}node_modules/@auth/${name}/package.json`))
  ? undefined
  : "the Auth.js adapters are not installed: run `npm ci --prefix compat/authjs-adapters --legacy-peer-deps`";

async function load<T>(name: string): Promise<T> {
  return (await import(pathToFileURL(`${folder}node_modules/@auth/${name}/index.js`).href)) as T;
}

/** `@auth/pg-adapter`: `PostgresAdapter(pool)`. */
export const authjsPg = () => load<{ default: (pool: unknown) => Adapter }>("pg-adapter");
/** `@auth/drizzle-adapter`: `DrizzleAdapter(db, tables?)`. */
export const authjsDrizzle = () =>
  load<{ DrizzleAdapter: (db: unknown, tables?: Record<string, unknown>) => Adapter }>("drizzle-adapter");
/** `@auth/prisma-adapter`: `PrismaAdapter(prisma)`. */
export const authjsPrisma = () => load<{ PrismaAdapter: (prisma: unknown) => Adapter }>("prisma-adapter");
/** `@auth/typeorm-adapter`: `TypeORMAdapter(dataSourceOptions)`; one data source per process (a module-level singleton). */
export const authjsTypeorm = () => load<{ TypeORMAdapter: (options: Record<string, unknown>) => Adapter }>("typeorm-adapter");
