import { runAdapterTests } from "@latch/adapter-test";
import { PrismaAdapter } from "../src/adapter.js";
import { deployMigrations, openStore, type Provider } from "./clients.js";
import { modelReaders } from "./readers.js";

/** Runs the conformance suite on the provider's schema, its committed migrations applied to a new database. */
export async function runConformance(provider: Provider): Promise<void> {
  const store = await openStore(provider);
  runAdapterTests({
    adapter: PrismaAdapter(store.prisma),
    db: {
      connect: () => deployMigrations(store.prisma, provider),
      disconnect: () => store.drop(),
      ...modelReaders(store.prisma),
    },
    departures: {
      manyWithoutEmail: "Auth.js's Prisma schema keeps a plain unique index on User.email, so one user at most is stored without an address",
    },
  });
}
