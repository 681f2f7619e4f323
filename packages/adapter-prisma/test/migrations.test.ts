/**
 * The committed migrations (written by hand: `prisma migrate diff` needs the native schema engine,
 * which is not on the npm registry) against the schema they stand for, on each provider: every
 * column of every model with its nullability, and nothing more. And the path of an Auth.js app:
 * a database at the Auth.js migration, with rows written by an Auth.js app, takes Latch's
 * migration as it is, keeps its rows, and Latch reads and extends them.
 */
import { readFileSync } from "node:fs";
import type { AdminAdapter, ApiKeyAdapter, AuditAdapter, OrganizationAdapter } from "@latch/core/adapters";
import { needService, services } from "@latch/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PrismaAdapter } from "../src/adapter.js";
import { deployMigrations, migrationFolders, openStore, type Provider, type TestStore } from "./clients.js";

const reachable: Record<Provider, boolean> = {
  postgresql: await needService(services.postgres),
  mysql: await needService(services.mariadb),
  sqlite: true,
};

/**
 * The schema's tables: each model's scalar fields, `true` when the field is optional. A scalar
 * list (PostgreSQL's `String[]`) is a column, which Prisma Migrate makes without NOT NULL.
 */
function schemaTables(provider: Provider): Record<string, Record<string, boolean>> {
  const text = readFileSync(new URL(`../prisma/${provider}/schema.prisma`, import.meta.url), "utf8");
  const models = [...text.matchAll(/^model (\w+) \{([\s\S]*?)^\}/gm)];
  const names = new Set(models.map(([, name]) => name));
  return Object.fromEntries(
    models.map(([, name, body]) => [
      name,
      Object.fromEntries(
        [...body!.matchAll(/^\s+(\w+)\s+(\w+)(\?|\[\])?/gm)]
          .filter(([, , type]) => !names.has(type!))
          .map(([, field, , suffix]) => [field, suffix !== undefined]),
      ),
    ]),
  );
}

/** The database's tables as the migrations left them: each column, `true` when it takes NULL. */
async function storedTables(store: TestStore, provider: Provider): Promise<Record<string, Record<string, boolean>>> {
  const tables: Record<string, Record<string, boolean>> = {};
  const add = (table: string, column: string, nullable: boolean) => ((tables[table] ??= {})[column] = nullable);
  if (provider === "sqlite") {
    const names = (await store.prisma.$queryRawUnsafe(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '_prisma_migrations'`)) as { name: string }[];
    for (const { name } of names) {
      const columns = (await store.prisma.$queryRawUnsafe(`SELECT name, "notnull" AS required FROM pragma_table_info('${name}')`)) as { name: string; required: number | bigint }[];
      for (const column of columns) add(name, column.name, Number(column.required) === 0);
    }
    return tables;
  }
  const scope = provider === "postgresql" ? "current_schema()" : "DATABASE()";
  const columns = (await store.prisma.$queryRawUnsafe(
    `SELECT table_name AS t, column_name AS c, is_nullable AS n FROM information_schema.columns WHERE table_schema = ${scope} AND table_name <> '_prisma_migrations'`,
  )) as { t: string; c: string; n: string }[];
  for (const { t, c, n } of columns) add(t, c, n === "YES");
  return tables;
}

describe.each(["postgresql", "mysql", "sqlite"] as const)("the committed %s migrations", (provider) => {
  const run = reachable[provider];
  let store: TestStore;
  beforeAll(async () => {
    if (run) store = await openStore(provider);
  });
  afterAll(async () => {
    await store?.drop();
  });

  test.runIf(run)("an Auth.js app's database takes Latch's migration and keeps its rows; Latch reads and extends them", async () => {
    const [authjs, ...latch] = migrationFolders(provider).map(({ name }) => name);
    expect(await deployMigrations(store.prisma, provider, 1)).toEqual([authjs]);
    // Rows as an Auth.js app on this schema writes them (Auth.js's own Prisma adapter, no Latch columns yet).
    const q = provider === "mysql" ? "`" : '"';
    const now = new Date();
    await store.prisma.$executeRawUnsafe(`INSERT INTO ${q}User${q} (id, email, ${q}updatedAt${q}) VALUES ('u1', 'ada@example.com', ?)`.replace("?", provider === "postgresql" ? "$1" : "?"), now);
    // Auth.js's SQLite models give accounts and sessions a row id of their own.
    const rowId = (id: string) => (provider === "sqlite" ? [`id, `, `'${id}', `] : ["", ""]);
    await store.prisma.$executeRawUnsafe(
      `INSERT INTO ${q}Account${q} (${rowId("a1")[0]}${q}userId${q}, type, provider, ${q}providerAccountId${q}, refresh_token, ${q}updatedAt${q}) VALUES (${rowId("a1")[1]}'u1', 'oidc', 'idp', 'sub-1', 'r1', ${provider === "postgresql" ? "$1" : "?"})`,
      now,
    );
    await store.prisma.$executeRawUnsafe(
      `INSERT INTO ${q}Session${q} (${rowId("s1")[0]}${q}sessionToken${q}, ${q}userId${q}, expires, ${q}updatedAt${q}) VALUES (${rowId("s1")[1]}'t1', 'u1', ${provider === "postgresql" ? "$1, $2" : "?, ?"})`,
      new Date(Date.now() + 3_600_000),
      now,
    );

    expect(latch).toEqual(["20260101000001_latch", "20260101000002_signing_keys", "20260101000003_api_keys", "20260101000004_organizations_and_standings", "20260101000005_impersonation", "20260101000006_audit_events", "20260101000007_teams", "20260101000008_audit_append_only"]);
    expect(await deployMigrations(store.prisma, provider)).toEqual(latch);
    expect(await deployMigrations(store.prisma, provider)).toEqual([]);
    const recorded = (await store.prisma.$queryRawUnsafe(`SELECT migration_name, checksum, applied_steps_count FROM _prisma_migrations ORDER BY migration_name`)) as {
      migration_name: string; checksum: string; applied_steps_count: number | bigint;
    }[];
    expect(recorded.map((row) => [row.migration_name, row.checksum.length, Number(row.applied_steps_count)])).toEqual([authjs, ...latch].map((name) => [name, 64, 1]));

    const adapter = PrismaAdapter(store.prisma);
    const found = await adapter.getSessionAndUser!("t1");
    expect(found?.user).toMatchObject({ id: "u1", email: "ada@example.com" });
    expect(found?.session).toMatchObject({ sessionToken: "t1", userId: "u1", auth_time: null, amr: null });
    expect(await adapter.getUserByAccount!({ provider: "idp", providerAccountId: "sub-1" })).toMatchObject({ id: "u1" });
    await adapter.setPassword!({ userId: "u1", hash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA", updatedAt: now });
    expect(await adapter.getPassword!("u1")).toMatchObject({ userId: "u1" });
    expect(await adapter.leaseAccount!({ provider: "idp", providerAccountId: "sub-1" }, "me", new Date(Date.now() + 60_000))).toBe(true);
    const key = { id: "kid-1", generation: 1, algorithm: "RS256", publicKey: JSON.stringify({ kty: "RSA", n: "n".repeat(342), e: "AQAB" }), privateKey: "sealed.".repeat(400), createdAt: new Date(Math.floor(now.getTime() / 1000) * 1000) };
    expect(await adapter.createSigningKey!(key)).toBe(true);
    expect(await adapter.listSigningKeys!()).toEqual([key]);
    // An API key of the Auth.js app's user: scopes a list on PostgreSQL, the JSON text of one elsewhere; it goes with the user.
    const keys = adapter as typeof adapter & ApiKeyAdapter;
    const apiKey = { id: "0123456789abcdef", ownerType: "user", ownerId: "u1", name: "CI", scopes: ["deploy", "orders:read"], hash: "ab".repeat(32), createdAt: key.createdAt, expires: null, lastUsedAt: null };
    expect(await keys.createApiKey(apiKey)).toEqual(apiKey);
    const [stored] = (await store.prisma.$queryRawUnsafe(`SELECT scopes, ${q}userId${q} AS owner FROM ${q}ApiKey${q}`)) as { scopes: unknown; owner: string }[];
    expect(stored).toEqual({ scopes: provider === "postgresql" ? apiKey.scopes : JSON.stringify(apiKey.scopes), owner: "u1" });
    expect(await keys.updateApiKey(apiKey.id, { scopes: ["deploy"] })).toEqual({ ...apiKey, scopes: ["deploy"] });
    // The Auth.js app's user and session in an organization: a made role's permissions a list on
    // PostgreSQL, JSON text elsewhere; the session acts for it; a standing of the user.
    const organizations = adapter as typeof adapter & OrganizationAdapter & AdminAdapter;
    const organization = { id: "o1", name: "Acme", slug: "acme", metadata: { plan: "pro" }, createdAt: key.createdAt };
    expect(await organizations.createOrganization(organization, { organizationId: "o1", userId: "u1", role: "billing", createdAt: key.createdAt })).toEqual(organization);
    const role = { organizationId: "o1", name: "billing", permissions: ["billing:read"], createdAt: key.createdAt };
    expect(await organizations.createOrganizationRole(role)).toEqual(role);
    const [permissions] = (await store.prisma.$queryRawUnsafe(`SELECT permissions FROM ${q}OrganizationRole${q}`)) as { permissions: unknown }[];
    expect(permissions).toEqual({ permissions: provider === "postgresql" ? role.permissions : JSON.stringify(role.permissions) });
    await organizations.setActiveOrganization("t1", "o1");
    expect((await adapter.getSessionAndUser!("t1"))?.session.activeOrganization).toEqual({ id: "o1", slug: "acme", role: "billing", permissions: ["billing:read"] });
    expect(await organizations.updateUserStanding("u1", { role: "admin" })).toEqual({ role: "admin", banned: false, banReason: null, banExpires: null });
    await adapter.deleteUser!("u1");
    expect(await keys.getApiKey(apiKey.id)).toBeNull();
    expect(await organizations.listMembers("o1")).toEqual([]);
    expect(await organizations.getUserStanding("u1")).toBeNull();
  });

  test.runIf(run)("keep the audit trail append-only: events are appended and listed, and an UPDATE or DELETE of one is refused by the database", async () => {
    const adapter = PrismaAdapter(store.prisma) as ReturnType<typeof PrismaAdapter> & AuditAdapter;
    const event = { id: "0190b1c2-0000-7000-8000-000000000001", at: new Date("2026-01-02T03:04:05.000Z"), action: "signIn", outcome: "success" as const, actorUserId: "u9", subjectUserId: "u9", organizationId: null, network: null, userAgent: null, details: null };
    await adapter.appendAuditEvent(event);
    expect((await adapter.listAuditEvents({ userId: "u9", limit: 10 })).map((e) => e.id)).toEqual([event.id]);
    const q = provider === "mysql" ? "`" : '"';
    await expect(store.prisma.$executeRawUnsafe(`UPDATE ${q}AuditEvent${q} SET action = 'signOut'`)).rejects.toThrow(/append-only/);
    await expect(store.prisma.$executeRawUnsafe(`DELETE FROM ${q}AuditEvent${q}`)).rejects.toThrow(/append-only/);
    expect((await adapter.listAuditEvents({ userId: "u9", limit: 10 })).map((e) => [e.id, e.action])).toEqual([[event.id, "signIn"]]);
  });

  test.runIf(run)("hold every field of the schema's models with its nullability, and nothing else", async () => {
    const expected = schemaTables(provider);
    expect(Object.keys(expected).sort()).toEqual([
      "Account", "ApiKey", "AuditEvent", "Authenticator", "Invitation", "Member", "Organization", "OrganizationRole", "Password", "SecondFactor", "Session", "SigningKey", "Team", "TeamMember", "User", "UserStanding", "VerificationToken",
    ]);
    expect(await storedTables(store, provider)).toEqual(expected);
  });
});
