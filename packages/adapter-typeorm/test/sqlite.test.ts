import { newAccount, newSession, newUser, runAdapterTests } from "@latch/adapter-test";
import { DataSource, type Logger } from "typeorm";
import { describe, expect, test } from "vitest";
import { TypeORMAdapter } from "../src/adapter.js";
import { migrate } from "../src/migrations/index.js";
import { entities, tableReaders } from "./readers.js";

describe("TypeORMAdapter on SQLite (better-sqlite3, in memory)", () => {
  const dataSource = new DataSource({ type: "better-sqlite3", database: ":memory:", entities });

  runAdapterTests({
    adapter: TypeORMAdapter(dataSource),
    db: {
      connect: () => migrate(dataSource),
      disconnect: () => dataSource.destroy(),
      ...tableReaders(dataSource),
    },
  });
});

describe("TypeORMAdapter queries (SQLite)", () => {
  const statements: string[] = [];
  const logger: Logger = {
    logQuery: (query) => void statements.push(query),
    logQueryError: () => {},
    logQuerySlow: () => {},
    logSchemaBuild: () => {},
    logMigration: () => {},
    log: () => {},
  };
  const adapter = TypeORMAdapter({ type: "better-sqlite3", database: ":memory:", entities, synchronize: true, logging: ["query"], logger });

  test("getSessionAndUser and getUserByAccount are one query each", async () => {
    const user = newUser();
    await adapter.createUser!(user);
    const session = newSession(user.id);
    await adapter.createSession!(session);
    const account = newAccount(user.id);
    await adapter.linkAccount!(account);

    statements.length = 0;
    expect((await adapter.getSessionAndUser!(session.sessionToken))?.user).toMatchObject(user);
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/JOIN "users"/);

    // With an active organization, the membership comes in the same query.
    const organization = { id: crypto.randomUUID(), name: "Acme", slug: `acme-${user.id.slice(0, 8)}`, metadata: null, createdAt: new Date() };
    await adapter.createOrganization(organization, { organizationId: organization.id, userId: user.id, role: "owner", createdAt: new Date() });
    await adapter.setActiveOrganization(session.sessionToken, organization.id);
    statements.length = 0;
    expect((await adapter.getSessionAndUser!(session.sessionToken))?.session.activeOrganization).toEqual({ id: organization.id, slug: organization.slug, role: "owner" });
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/JOIN "members"/);

    statements.length = 0;
    expect(await adapter.getUserByAccount!(account)).toMatchObject(user);
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/JOIN "users"/);
  });
});
