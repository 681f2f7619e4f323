import { PGlite } from "@electric-sql/pglite";
import type { Adapter } from "@latch/core/adapters";
import { PostgresAdapter, migrate } from "@latch/pg";
import { exampleUsers } from "./users.js";

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
    for (const user of exampleUsers) {
      if (!(await adapter.getUser!(user.id))) {
        await adapter.createUser!({ id: user.id, name: user.name, email: user.email, emailVerified: "proven" in user ? new Date() : null });
      }
    }
    return adapter;
  })();
  return opened;
}
