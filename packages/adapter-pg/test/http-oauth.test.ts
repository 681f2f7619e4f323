/**
 * OpenID Connect sign-in with database sessions over real HTTP: the real OpenID Provider
 * (oidc-provider) on loopback, Express + Latch, this adapter on the real PostgreSQL.
 */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Adapter } from "@latch/core/adapters";
import { ExpressAuth, type ExpressAuthConfig } from "@latch/express";
import { createBrowser, needService, randomDatabaseName, schemaPool, services, startOpenIDProvider, type OpenIDProvider } from "@latch/testing";
import { PostgresAdapter } from "../src/adapter.js";
import { migrate } from "../src/migrations.js";

const schema = randomDatabaseName();
const errorsSeen: string[] = [];
const account = { sub: "op-user-42", email: "grace@example.com", email_verified: true, name: "Grace Hopper" };

describe.runIf(await needService(services.postgres))("OpenID Connect sign-in with database sessions on PostgreSQL", () => {
  const pool = schemaPool(schema, 8);
  let op: OpenIDProvider;
  let server: Server;
  let origin: string;

  const config = (adapter: Adapter): ExpressAuthConfig => ({
    secret: "oidc-database-test-secret-0123456789abcdef",
    trustHost: true,
    adapter,
    logger: { error: (code) => void errorsSeen.push(code) },
    providers: [{ id: "op", name: "Test OP", type: "oidc", issuer: op.issuer, clientId: "latch", clientSecret: "latch-secret" }],
  });

  beforeAll(async () => {
    await pool.query(`CREATE SCHEMA ${schema}`);
    await migrate(pool);
    op = await startOpenIDProvider({ accounts: [account], signInAs: account.sub });
    const adapter = PostgresAdapter(pool);
    const brokenLink: Adapter = { ...adapter, linkAccount: async () => {
      throw new Error("constraint exploded");
    } };
    const app = express();
    app.use("/auth", ExpressAuth(config(adapter)));
    app.use("/broken/auth", ExpressAuth(config(brokenLink)));
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await op.setClient({
      client_id: "latch",
      client_secret: "latch-secret",
      redirect_uris: [`${origin}/auth/callback/op`, `${origin}/broken/auth/callback/op`],
    });
  });

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await op?.close();
    await pool.query(`DROP SCHEMA ${schema} CASCADE`);
    await pool.end();
  });

  const count = async (table: string) => (await pool.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n as number;

  /** Starts a sign-in in a fresh browser and stops where the provider sends it back to Latch. */
  async function reachCallback(base: string) {
    const browser = createBrowser();
    const csrf = await browser.fetch(`${base}/csrf`);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const { url } = await browser.follow(
      `${base}/signin/op`,
      { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ csrfToken, callbackUrl: `${origin}/home` }) },
      { stopAt: (u) => u.pathname.endsWith("/callback/op") },
    );
    return { browser, callbackUrl: url };
  }

  test("the broken adapter leaves no user without its account, and answers with the error page", async () => {
    const { browser, callbackUrl } = await reachCallback(`${origin}/broken/auth`);
    const res = await browser.fetch(callbackUrl.toString());
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`${origin}/broken/auth/error?error=Configuration`);
    expect(browser.cookie(`${origin}/`, "authjs.session-token")).toBeUndefined();
    expect({ users: await count("users"), accounts: await count("accounts"), sessions: await count("sessions") }).toEqual({ users: 0, accounts: 0, sessions: 0 });
  });

  test("a sign-in creates exactly one user, one account with the tokens, and one session", async () => {
    const { browser, callbackUrl } = await reachCallback(`${origin}/auth`);
    const res = await browser.fetch(callbackUrl.toString());
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`${origin}/home`);
    const session = (await (await browser.fetch(`${origin}/auth/session`)).json()) as { user: { email: string; name: string } };
    expect(session.user).toMatchObject({ email: account.email, name: account.name });

    expect({ users: await count("users"), accounts: await count("accounts"), sessions: await count("sessions") }).toEqual({ users: 1, accounts: 1, sessions: 1 });
    const { rows } = await pool.query(`SELECT * FROM accounts`);
    const row = rows[0];
    expect(row).toMatchObject({ provider: "op", type: "oidc", providerAccountId: account.sub, token_type: "bearer" });
    expect(row.access_token).toEqual(expect.any(String));
    expect(row.id_token.split(".")).toHaveLength(3);
    expect(Math.abs(Number(row.expires_at) - (Math.floor(Date.now() / 1000) + 3600))).toBeLessThan(120);
    const user = (await pool.query(`SELECT * FROM users`)).rows[0];
    expect(row.userId).toBe(user.id);
    // The provider asserted email_verified: true for this address, so it counts as proven.
    expect(user.emailVerified).toBeInstanceOf(Date);
  });

  test("two hundred concurrent first sign-ins of one user create exactly one user and one account", async () => {
    await pool.query(`DELETE FROM users`);
    errorsSeen.length = 0;
    const flows = [];
    for (let batch = 0; batch < 200; batch += 20) {
      flows.push(...(await Promise.all(Array.from({ length: 20 }, () => reachCallback(`${origin}/auth`)))));
    }
    const results = await Promise.all(flows.map(({ browser, callbackUrl }) => browser.fetch(callbackUrl.toString())));
    const locations = results.map((r) => r.headers.get("location"));
    expect(locations.filter((l) => l === `${origin}/home`)).toHaveLength(200);
    expect(errorsSeen).toEqual([]);
    expect({ users: await count("users"), accounts: await count("accounts"), sessions: await count("sessions") }).toEqual({ users: 1, accounts: 1, sessions: 200 });
  }, 180_000);
});
