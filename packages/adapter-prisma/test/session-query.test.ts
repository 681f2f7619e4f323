/**
 * `getSessionAndUser` reads the session, its user and the user's refused refresh in one SQL
 * statement on PostgreSQL, where the schema's generator enables Prisma's `relationJoins` (counted
 * here from the client's query events). Through the MariaDB driver adapter and on SQLite Prisma
 * loads included relations one statement per model (session, user, accounts), even with
 * `relationJoins`: three statements.
 */
import { needService, services } from "@latch/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PrismaAdapter } from "../src/adapter.js";
import { deployMigrations, openStore, type Provider, type TestStore } from "./clients.js";

const reachable: Record<Provider, boolean> = {
  postgresql: await needService(services.postgres),
  mysql: await needService(services.mariadb),
  sqlite: true,
};

describe.each(["postgresql", "mysql", "sqlite"] as const)("getSessionAndUser on %s", (provider) => {
  let store: TestStore;
  const statements: string[] = [];
  beforeAll(async () => {
    if (!reachable[provider]) return;
    store = await openStore(provider, { onQuery: (sql) => statements.push(sql) });
    await deployMigrations(store.prisma, provider);
  });
  afterAll(async () => {
    await store?.drop();
  });

  test.runIf(reachable[provider])(provider === "postgresql" ? "one statement, with the refused refresh of one of the user's accounts" : "one statement per model, with the refused refresh of one of the user's accounts", async () => {
    const adapter = PrismaAdapter(store.prisma);
    const user = await adapter.createUser!({ id: crypto.randomUUID(), email: "ada@example.com", emailVerified: null });
    await adapter.linkAccount!({ userId: user.id, type: "oauth", provider: "idp", providerAccountId: "1", refresh_token: "r" });
    await adapter.leaseAccount!({ provider: "idp", providerAccountId: "1" }, "me", new Date(Date.now() + 60_000));
    await adapter.releaseAccount!({ provider: "idp", providerAccountId: "1" }, "me", null, "invalid_grant");
    const { sessionToken } = await adapter.createSession!({ sessionToken: "token-1", userId: user.id, expires: new Date(Date.now() + 60_000) });

    statements.length = 0;
    const found = await adapter.getSessionAndUser!(sessionToken);
    expect(found?.user.email).toBe("ada@example.com");
    expect(found?.session.refreshError).toBe(true);
    expect(statements).toHaveLength(provider === "postgresql" ? 1 : 3);
  });
});
