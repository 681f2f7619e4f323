/**
 * `getSessionAndUser` reads the session, its user, the user's refused refresh and the session's
 * active organization (the membership of the session's user, and the roles the organization made)
 * in one SQL statement on PostgreSQL, where the schema's generator enables Prisma's
 * `relationJoins` (counted here from the client's query events). Through the MariaDB driver
 * adapter and on SQLite Prisma loads included relations one statement per model (session, user,
 * accounts, organization, members, made roles), even with `relationJoins`: six.
 */
import type { OrganizationAdapter } from "@latch/core/adapters";
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

  test.runIf(reachable[provider])(
    provider === "postgresql" ? "one statement, with the refused refresh of one of the user's accounts and the active organization" : "one statement per model, with the refused refresh of one of the user's accounts and the active organization",
    async () => {
      const adapter = PrismaAdapter(store.prisma);
      const organizations = adapter as typeof adapter & OrganizationAdapter;
      const user = await adapter.createUser!({ id: crypto.randomUUID(), email: "ada@example.com", emailVerified: null });
      await adapter.linkAccount!({ userId: user.id, type: "oauth", provider: "idp", providerAccountId: "1", refresh_token: "r" });
      await adapter.leaseAccount!({ provider: "idp", providerAccountId: "1" }, "me", new Date(Date.now() + 60_000));
      await adapter.releaseAccount!({ provider: "idp", providerAccountId: "1" }, "me", null, "invalid_grant");
      const { sessionToken } = await adapter.createSession!({ sessionToken: "token-1", userId: user.id, expires: new Date(Date.now() + 60_000) });
      const organization = { id: crypto.randomUUID(), name: "Acme", slug: "acme", metadata: null, createdAt: new Date() };
      await organizations.createOrganization(organization, { organizationId: organization.id, userId: user.id, role: "billing", createdAt: new Date() });
      await organizations.createOrganizationRole({ organizationId: organization.id, name: "billing", permissions: ["billing:read"], createdAt: new Date() });
      await organizations.createOrganizationRole({ organizationId: organization.id, name: "support", permissions: ["ticket:read"], createdAt: new Date() });
      await organizations.setActiveOrganization(sessionToken, organization.id);

      statements.length = 0;
      const found = await adapter.getSessionAndUser!(sessionToken);
      expect(found?.user.email).toBe("ada@example.com");
      expect(found?.session.refreshError).toBe(true);
      expect(found?.session.activeOrganization).toEqual({ id: organization.id, slug: "acme", role: "billing", permissions: ["billing:read"] });
      expect(statements).toHaveLength(provider === "postgresql" ? 1 : 6);
    },
  );
});
