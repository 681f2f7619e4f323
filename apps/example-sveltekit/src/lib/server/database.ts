import { PGlite } from "@electric-sql/pglite";
import type { Adapter } from "@latch/core/adapters";
import { PostgresAdapter, migrate } from "@latch/pg";
import { exampleUser } from "./users.js";

let opened: Promise<Adapter> | undefined;

/**
 * The example's store: embedded PostgreSQL (PGlite) in `directory` (in memory when unset), the
 * Latch schema applied, and the credentials user present (database sessions belong to stored
 * users). Opened once per process.
 */
export function database(directory: string | undefined): Promise<Adapter> {
  opened ??= (async () => {
    const db = directory ? new PGlite(directory) : new PGlite();
    await migrate(db);
    const adapter = PostgresAdapter(db);
    if (!(await adapter.getUser!(exampleUser.id))) {
      await adapter.createUser!({ id: exampleUser.id, name: exampleUser.name, email: exampleUser.email, emailVerified: null });
    }
    return adapter;
  })();
  return opened;
}
