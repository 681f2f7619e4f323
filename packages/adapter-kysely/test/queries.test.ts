/**
 * What the adapter does beyond the conformance suite, on each engine: the session read and the
 * account lookup are one query each; the columns of an extended `users` table come back with the
 * user, and never into the session; a missing table or column is named with the command that
 * makes it, while other errors (a taken email) stay the driver's own; a deleted user leaves no
 * row behind where foreign keys do not cascade.
 */
import { newAccount, newSession, newUser } from "@latch/adapter-test";
import { needService, services } from "@latch/testing";
import { Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { KyselyAdapter } from "../src/adapter.js";
import { KyselySchemaMismatch } from "../src/schema-check.js";
import { mariadbEngine, postgresEngine, sqliteEngine } from "./engines.js";

const engines = [
  { name: "PostgreSQL", dialect: "postgres", make: postgresEngine, up: await needService(services.postgres), join: /inner join "users"/ },
  { name: "MariaDB", dialect: "mysql", make: mariadbEngine, up: await needService(services.mariadb), join: /inner join `users`/ },
  { name: "SQLite", dialect: "sqlite", make: sqliteEngine, up: true, join: /inner join "users"/ },
] as const;

for (const { name, dialect, make, up, join } of engines) {
  describe.runIf(up)(`KyselyAdapter on ${name}`, () => {
    const statements: string[] = [];
    const engine = make((event) => void statements.push(event.query.sql));
    const adapter = KyselyAdapter(engine.db);
    const a = adapter as Required<typeof adapter>;
    beforeAll(() => engine.setUp());
    afterAll(() => engine.tearDown());

    test("getSessionAndUser and getUserByAccount are one query each (a join)", async () => {
      const user = await a.createUser(newUser());
      const session = newSession(user.id);
      await a.createSession(session);
      const account = newAccount(user.id);
      await a.linkAccount(account);

      statements.length = 0;
      expect((await a.getSessionAndUser(session.sessionToken))?.user).toEqual(user);
      expect(statements).toHaveLength(1);
      expect(statements[0]).toMatch(join);

      // With an active organization, the membership and its organization come in the same query.
      const organization = { id: crypto.randomUUID(), name: "Acme", slug: `acme-${user.id.slice(0, 8)}`, metadata: null, createdAt: new Date() };
      await a.createOrganization(organization, { organizationId: organization.id, userId: user.id, role: "owner", createdAt: new Date() });
      await a.setActiveOrganization(session.sessionToken, organization.id);
      statements.length = 0;
      expect((await a.getSessionAndUser(session.sessionToken))?.session.activeOrganization).toEqual({ id: organization.id, slug: organization.slug, role: "owner" });
      expect(statements).toHaveLength(1);
      expect(statements[0]).toMatch(/left join .members./);

      statements.length = 0;
      expect(await a.getUserByAccount(account)).toEqual(user);
      expect(statements).toHaveLength(1);
      expect(statements[0]).toMatch(join);
    });

    test("an extended users table: its columns come back with the user, and one named like a session column stays the user's", async () => {
      await sql`ALTER TABLE users ADD COLUMN role varchar(32) NOT NULL DEFAULT 'member'`.execute(engine.db);
      await sql`ALTER TABLE users ADD COLUMN ${sql.ref("createdAt")} varchar(32)`.execute(engine.db);
      try {
        const user = await a.createUser(newUser());
        expect(user).toMatchObject({ role: "member", createdAt: null });
        expect(user).not.toHaveProperty("email_key");
        await engine.db.updateTable("users").set({ role: "admin", createdAt: "in the users table" }).where("id", "=", user.id).execute();
        const session = newSession(user.id);
        await a.createSession({ ...session, createdAt: new Date("2026-01-02T03:04:05.678Z") });
        const read = await a.getSessionAndUser(session.sessionToken);
        expect(read?.user).toMatchObject({ id: user.id, role: "admin", createdAt: "in the users table" });
        expect(read?.session.createdAt).toEqual(new Date("2026-01-02T03:04:05.678Z"));
        expect(await a.getUser(user.id)).toMatchObject({ role: "admin" });
      } finally {
        await sql`ALTER TABLE users DROP COLUMN role`.execute(engine.db);
        await sql`ALTER TABLE users DROP COLUMN ${sql.ref("createdAt")}`.execute(engine.db);
      }
    });

    test("a taken email is the driver's own error, not a schema mismatch", async () => {
      const user = await a.createUser(newUser());
      const again = a.createUser({ ...newUser(), email: user.email });
      await expect(again).rejects.toThrow();
      await expect(again).rejects.not.toBeInstanceOf(KyselySchemaMismatch);
    });

    test("a missing column, then a missing table too, are named with the command that makes them", async () => {
      const user = await a.createUser(newUser());
      await sql`ALTER TABLE sessions DROP COLUMN amr`.execute(engine.db);
      const where = dialect === "sqlite" ? "--url <database file>" : "--url <url>";
      const created = a.createSession(newSession(user.id));
      await expect(created).rejects.toBeInstanceOf(KyselySchemaMismatch);
      await expect(created).rejects.toThrow(`KyselyAdapter: the database lacks the column "sessions"."amr": run \`npx latch migrate apply --kysely ${dialect} ${where}\` on this database.`);
      // Every gap is named at once, whichever call met one.
      await sql`DROP TABLE second_factors`.execute(engine.db);
      await expect(a.listSecondFactors(user.id)).rejects.toThrow(`KyselyAdapter: the database lacks the column "sessions"."amr" and the table "second_factors": run`);
      await sql`DROP TABLE api_keys`.execute(engine.db);
      await expect(a.getApiKey("0123456789abcdef")).rejects.toThrow(`KyselyAdapter: the database lacks the column "sessions"."amr", the table "second_factors" and the table "api_keys": run`);
    });
  });
}

test("anything but a Kysely instance on a PostgreSQL, MySQL or SQLite dialect is refused at once", () => {
  const message = "KyselyAdapter: the database is not a Kysely instance on a PostgreSQL, MySQL/MariaDB or SQLite dialect.";
  expect(() => KyselyAdapter({} as Kysely<any>)).toThrow(message);
  const other = { getExecutor: () => ({ adapter: {} }) } as unknown as Kysely<any>;
  expect(() => KyselyAdapter(other)).toThrow(message);
});

test("deleteUser leaves no password or second factor behind on a SQLite connection whose foreign keys are off", async () => {
  const engine = sqliteEngine();
  await engine.setUp();
  try {
    await sql`PRAGMA foreign_keys = OFF`.execute(engine.db);
    const a = KyselyAdapter(engine.db) as Required<ReturnType<typeof KyselyAdapter>>;
    const user = await a.createUser(newUser());
    await a.setPassword({ userId: user.id, hash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA", updatedAt: new Date() });
    const factor = { id: crypto.randomUUID(), userId: user.id, kind: "backup", secret: "digest", lastUsedStep: null, attempts: 0, confirmedAt: null, expires: null, createdAt: new Date() };
    await a.replaceSecondFactors(user.id, "backup", [factor]);
    await a.deleteUser(user.id);
    const left = async (table: string) => (await engine.db.selectFrom(table).select("userId").where("userId", "=", user.id).execute()).length;
    expect(await left("passwords")).toBe(0);
    expect(await left("second_factors")).toBe(0);
  } finally {
    await engine.tearDown();
  }
});
