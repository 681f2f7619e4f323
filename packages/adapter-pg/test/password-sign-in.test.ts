/**
 * `Password()` sign-in through `Auth()` on the real PostgreSQL: JWT and database sessions, the
 * same refusal for a wrong password and an unknown address, and the hash upgraded in the table.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Auth, type AuthConfig } from "@latch/core";
import { hashPassword, verifyPassword } from "@latch/core/passwords";
import Password from "@latch/core/providers/password";
import { handlerClient, needService, randomDatabaseName, schemaPool, services } from "@latch/testing";
import { PostgresAdapter } from "../src/adapter.js";
import { migrate } from "../src/migrations.js";

const origin = "http://localhost:3000";
const schema = randomDatabaseName();

/** A browser of one, signing in with `Password()` on `Auth()`. */
function browser(config: AuthConfig) {
  const client = handlerClient((request) => Auth(request, config), { origin });
  return {
    signIn: (email: string, password: string) => client.post("/auth/callback/password", { callbackUrl: `${origin}/home`, email, password }),
    session: client.session,
  };
}

describe.runIf(await needService(services.postgres))("Password() on PostgreSQL", () => {
  const pool = schemaPool(schema);
  const adapter = PostgresAdapter(pool);
  const base = { secret: "password-sign-in-secret-0123456789abcdef", trustHost: true, adapter, providers: [Password()], logger: { error: () => {}, warn: () => {}, debug: () => {} } };

  beforeAll(async () => {
    await pool.query(`CREATE SCHEMA ${schema}`);
    await migrate(pool);
  });
  afterAll(async () => {
    await pool.query(`DROP SCHEMA ${schema} CASCADE`);
    await pool.end();
  });

  async function member(hash?: string) {
    const user = { id: randomUUID(), email: `pg-${randomUUID()}@example.com`, name: "Member", image: null, emailVerified: new Date() };
    await adapter.createUser!(user);
    await adapter.setPassword!({ userId: user.id, hash: hash ?? (await hashPassword("violet staircase 42")), updatedAt: new Date() });
    return user;
  }

  test.each(["jwt", "database"] as const)("%s sessions: the right password signs in, a wrong one is refused like an unknown address", async (strategy) => {
    const user = await member();
    const config = { ...base, session: { strategy } };
    const ok = browser(config);
    expect((await ok.signIn(user.email, "violet staircase 42")).headers.get("location")).toBe(`${origin}/home`);
    expect(await ok.session()).toMatchObject({ user: { email: user.email } });
    const { rows } = await pool.query(`SELECT count(*)::int AS n FROM sessions WHERE "userId" = $1`, [user.id]);
    expect(rows[0].n).toBe(strategy === "database" ? 1 : 0);

    const wrong = await browser(config).signIn(user.email, "violet staircase 43");
    const unknown = await browser(config).signIn(`nobody-${randomUUID()}@example.com`, "violet staircase 43");
    expect(wrong.status).toBe(302);
    expect(wrong.headers.get("location")).toBe(`${origin}/auth/signin?error=CredentialsSignin&code=invalid_login`);
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.headers.get("location")).toBe(wrong.headers.get("location"));
  });

  test("a hash with old parameters is replaced in the table at the next sign-in", async () => {
    const old = await hashPassword("violet staircase 42", { memoryCost: 4096, timeCost: 3, parallelism: 1 });
    const user = await member(old);
    const b = browser({ ...base, session: { strategy: "database" } });
    await b.signIn(user.email, "violet staircase 42");
    expect(await b.session()).toMatchObject({ user: { email: user.email } });
    const { rows } = await pool.query(`SELECT hash FROM passwords WHERE "userId" = $1`, [user.id]);
    expect(rows[0].hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    await expect(verifyPassword("violet staircase 42", rows[0].hash)).resolves.toBe(true);
  });
});
