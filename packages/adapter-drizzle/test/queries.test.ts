import { PGlite } from "@electric-sql/pglite";
import { newAccount, newSession, newUser } from "@latch/adapter-test";
import { migrate } from "@latch/pg";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { pgSessions } from "../src/pg-schema.js";
import { pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { beforeAll, describe, expect, test } from "vitest";
import { DrizzleAdapter } from "../src/adapter.js";

describe("DrizzleAdapter queries (PGlite)", () => {
  const client = new PGlite();
  const statements: string[] = [];
  const adapter = DrizzleAdapter(drizzle({ client, logger: { logQuery: (query) => void statements.push(query) } }));
  beforeAll(() => migrate(client));

  test("getSessionAndUser and getUserByAccount are one query each (a join)", async () => {
    const user = await adapter.createUser!(newUser());
    const session = newSession(user.id);
    await adapter.createSession!(session);
    const account = newAccount(user.id);
    await adapter.linkAccount!(account);

    statements.length = 0;
    expect((await adapter.getSessionAndUser!(session.sessionToken))?.user).toEqual(user);
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/inner join "users"/);

    // With an active organization, the membership and its organization come in the same query;
    // making the organization with its owner is one statement.
    const organization = { id: crypto.randomUUID(), name: "Acme", slug: `acme-${user.id.slice(0, 8)}`, metadata: null, createdAt: new Date() };
    statements.length = 0;
    await adapter.createOrganization(organization, { organizationId: organization.id, userId: user.id, role: "owner", createdAt: new Date() });
    expect(statements).toHaveLength(1);
    await adapter.setActiveOrganization(session.sessionToken, organization.id);
    statements.length = 0;
    expect((await adapter.getSessionAndUser!(session.sessionToken))?.session.activeOrganization).toEqual({ id: organization.id, slug: organization.slug, role: "owner" });
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/left join "members"/);

    statements.length = 0;
    expect(await adapter.getUserByAccount!(account)).toEqual(user);
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/inner join "users"/);
  });

  test("a database of no dialect Latch has tables for is refused at once", () => {
    expect(() => DrizzleAdapter({} as never)).toThrow(/not a Drizzle PostgreSQL, MySQL\/MariaDB or SQLite database/);
  });

  test("a users table of the app's own, with an extra column, is used and its column comes back with the user", async () => {
    await client.query(`ALTER TABLE users ADD COLUMN role text NOT NULL DEFAULT 'member'`);
    const users = pgTable("users", {
      id: text("id").primaryKey(),
      name: text("name"),
      email: text("email"),
      emailVerified: timestamp("emailVerified", { withTimezone: true, mode: "date" }),
      image: text("image"),
      role: text("role").notNull().default("member"),
    });
    const extended = DrizzleAdapter(drizzle({ client }), { users });
    const user = await extended.createUser!(newUser());
    expect(user).toMatchObject({ role: "member" });
    await client.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [user.id]);
    const session = newSession(user.id);
    await extended.createSession!(session);
    expect((await extended.getSessionAndUser!(session.sessionToken))?.user).toMatchObject({ id: user.id, role: "admin" });
    expect(await extended.getUser!(user.id)).toMatchObject({ role: "admin" });
  });

  test("a sessions table of the app's own without the columns of how a session was earned is used; it declares and stores none of them", async () => {
    const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
    const sessions = pgTable("sessions", {
      id: serial("id").primaryKey(),
      userId: text("userId").notNull(),
      expires: at("expires").notNull(),
      sessionToken: text("sessionToken").notNull(),
      createdAt: at("createdAt"),
      lastSeenAt: at("lastSeenAt"),
      userAgent: text("userAgent"),
      ip: text("ip"),
    });
    // Defined as before these columns existed: DrizzleTables' type names them, the adapter does not need them.
    const plain = DrizzleAdapter(drizzle({ client }), { sessions } as never);
    expect(plain.sessionFields).toEqual(["createdAt", "lastSeenAt", "userAgent", "ip"]);
    expect(adapter.sessionFields).toEqual(["createdAt", "lastSeenAt", "userAgent", "ip", "auth_time", "mfa_time", "amr", "impersonatedBy"]);
    const user = await plain.createUser!(newUser());
    const session = { ...newSession(user.id), auth_time: 1_760_000_000, amr: ["pwd" as const] };
    const created = await plain.createSession!(session);
    expect(created).not.toHaveProperty("auth_time");
    const [row] = await drizzle({ client }).select().from(pgSessions).where(eq(pgSessions.sessionToken, session.sessionToken));
    expect(row).toMatchObject({ auth_time: null, mfa_time: null, amr: null });
  });

  test("a table of the app's own that lacks a column Latch needs is refused at once, naming it", () => {
    const db = drizzle({ client });
    const users = pgTable("users", { id: text("id").primaryKey(), email: text("email") });
    expect(() => DrizzleAdapter(db, { users } as never)).toThrow("DrizzleAdapter: tables.users lacks the columns name, emailVerified, image.");
    expect(() => DrizzleAdapter(db, { people: users } as never)).toThrow(/unknown table key "people"/);
    expect(() => DrizzleAdapter(db, { users: {} } as never)).toThrow("DrizzleAdapter: tables.users is not a Drizzle table.");
  });
});
