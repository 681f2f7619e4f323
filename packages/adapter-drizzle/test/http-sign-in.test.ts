/**
 * `Password()` sign-in through `Auth()` with database sessions stored by @latch/drizzle on the real
 * PostgreSQL: the session row it writes, the session it reads back, and sign-out deleting the row.
 */
import { randomUUID } from "node:crypto";
import { Auth, type AuthConfig } from "@latch/core";
import { hashPassword } from "@latch/core/passwords";
import Password from "@latch/core/providers/password";
import { migrate } from "@latch/pg";
import { handlerClient, needService, schemaPool, services } from "@latch/testing";
import { drizzle } from "drizzle-orm/node-postgres";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DrizzleAdapter } from "../src/adapter.js";
import { randomName } from "./readers.js";

const origin = "http://localhost:3000";
const schema = randomName();

/** A browser of one, signing in with `Password()` on `Auth()` and out. */
function browser(config: AuthConfig) {
  const client = handlerClient((request) => Auth(request, config), { origin });
  return {
    signIn: (email: string, password: string) => client.post("/auth/callback/password", { callbackUrl: `${origin}/home`, email, password }),
    signOut: () => client.post("/auth/signout"),
    session: client.session,
  };
}

describe.runIf(await needService(services.postgres))("sign-in through Auth() with @latch/drizzle on PostgreSQL", () => {
  const pool = schemaPool(schema, 2);
  const adapter = DrizzleAdapter(drizzle({ client: pool }));
  const config: AuthConfig = {
    secret: "drizzle-sign-in-secret-0123456789abcdef",
    trustHost: true,
    adapter,
    providers: [Password()],
    session: { strategy: "database" },
    logger: { error: () => {}, warn: () => {}, debug: () => {} },
  };

  beforeAll(async () => {
    await pool.query(`CREATE SCHEMA ${schema}`);
    await migrate(pool);
  });
  afterAll(async () => {
    await pool.query(`DROP SCHEMA ${schema} CASCADE`);
    await pool.end();
  });

  test("the right password signs in with a session row; the wrong one is refused; sign-out deletes the row", async () => {
    const user = await adapter.createUser!({ id: randomUUID(), email: `drizzle-${randomUUID()}@example.com`, name: "Member", image: null, emailVerified: new Date() });
    await adapter.setPassword!({ userId: user.id, hash: await hashPassword("copper lantern 77"), updatedAt: new Date() });
    const sessionRows = async () => (await pool.query(`SELECT "userAgent", "createdAt" FROM sessions WHERE "userId" = $1`, [user.id])).rows;

    const refused = await browser(config).signIn(user.email, "copper lantern 78");
    expect(refused.headers.get("location")).toBe(`${origin}/auth/signin?error=CredentialsSignin&code=invalid_login`);
    expect(await sessionRows()).toHaveLength(0);

    const member = browser(config);
    expect((await member.signIn(user.email, "copper lantern 77")).headers.get("location")).toBe(`${origin}/home`);
    expect(await member.session()).toMatchObject({ user: { email: user.email, name: "Member" } });
    const rows = await sessionRows();
    expect(rows).toHaveLength(1);
    expect(rows[0].createdAt).toBeInstanceOf(Date);

    expect((await member.signOut()).status).toBe(302);
    expect(await sessionRows()).toHaveLength(0);
    expect(await member.session()).toBeNull();
  });
});
