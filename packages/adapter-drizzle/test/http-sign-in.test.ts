/**
 * `Password()` sign-in through `Auth()` with database sessions stored by @latch/drizzle on the real
 * PostgreSQL: the session row it writes, the session it reads back, and sign-out deleting the row.
 */
import { randomUUID } from "node:crypto";
import { Auth, type AuthConfig } from "@latch/core";
import { hashPassword } from "@latch/core/passwords";
import Password from "@latch/core/providers/password";
import { migrate } from "@latch/pg";
import { needService, services } from "@latch/testing";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DrizzleAdapter } from "../src/adapter.js";
import { randomName } from "./readers.js";

const origin = "http://localhost:3000";
const schema = randomName();
const form = { "content-type": "application/x-www-form-urlencoded" };

/** A browser of one: cookies kept between requests to `Auth()`. */
function browser(config: AuthConfig) {
  const jar = new Map<string, string>();
  async function request(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set("cookie", [...jar].map(([name, value]) => `${name}=${value}`).join("; "));
    const response = await Auth(new Request(new URL(path, origin), { ...init, headers }), config);
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [name, value] = [pair!.slice(0, pair!.indexOf("=")), pair!.slice(pair!.indexOf("=") + 1)];
      if (value === "" || /max-age=0/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  }
  const csrf = async () => ((await (await request("/auth/csrf")).json()) as { csrfToken: string }).csrfToken;
  return {
    async signIn(email: string, password: string): Promise<Response> {
      const body = new URLSearchParams({ csrfToken: await csrf(), callbackUrl: `${origin}/home`, email, password });
      return request("/auth/callback/password", { method: "POST", headers: form, body });
    },
    async signOut(): Promise<Response> {
      return request("/auth/signout", { method: "POST", headers: form, body: new URLSearchParams({ csrfToken: await csrf() }) });
    },
    async session(): Promise<unknown> {
      return (await request("/auth/session")).json();
    },
  };
}

describe.runIf(await needService(services.postgres))("sign-in through Auth() with @latch/drizzle on PostgreSQL", () => {
  const pool = new pg.Pool({
    host: services.postgres.host,
    port: services.postgres.port,
    user: process.env.PGUSER ?? "postgres",
    database: process.env.PGDATABASE ?? "test",
    max: 2,
    options: `-c search_path=${schema}`,
  });
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
