/**
 * The whole password life through `Auth()` on the real stores: sign-up, the confirmation link,
 * forgot/reset, change, with database sessions, on PostgreSQL (`@latch/pg`, a schema of its own)
 * and Redis (`@latch/redis`, a key prefix of its own); mails from a real SMTP server on loopback.
 */
import { randomUUID } from "node:crypto";
import { PostgresAdapter, migrate } from "@latch/pg";
import { RedisAdapter } from "@latch/redis";
import { needService, schemaPool, services, startSmtpServer, type SmtpTestServer } from "@latch/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Adapter } from "@latch/core";
import Nodemailer from "@latch/core/providers/nodemailer";
import Password from "@latch/core/providers/password";
import { Client, baseConfig, origin } from "../../../../test/client.js";
import { prefixedRedis } from "../../../../test/redis-prefix.js";

let smtp: SmtpTestServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.close();
});

async function post(client: Client, path: string, fields: Record<string, string>): Promise<Response> {
  const csrfToken = await client.csrfToken();
  return client.post(path, { csrfToken, ...fields });
}

async function link(to: string, path: string): Promise<string> {
  const mail = await smtp.waitForMail({ to });
  const url = mail.urls.find((u) => new URL(u).pathname === path);
  if (!url) throw new Error(`no ${path} link`);
  return url.slice(origin.length);
}

/** Sign-up → link → reset from another browser (both sessions end) → sign-in → change (the other session ends). */
async function passwordLife(adapter: Adapter): Promise<void> {
  const config = baseConfig({ adapter, session: { strategy: "database" }, providers: [Password(), Nodemailer({ server: smtp.url, from: "no-reply@example.com" })] });
  const email = `store-${randomUUID()}@example.com`;
  const first = new Client(config);
  expect((await post(first, "/auth/signup", { email, password: "violet staircase 42" })).headers.get("location")).toBe(`${origin}/auth/verify-request?provider=password&type=signup`);
  expect((await first.fetch(await link(email, "/auth/verify-email"))).status).toBe(302);
  expect(await first.session()).toMatchObject({ user: { email } });
  const user = (await adapter.getUserByEmail!(email))!;
  expect(user.emailVerified).toBeInstanceOf(Date);

  const second = new Client(config);
  await post(second, "/auth/password/forgot", { email });
  const reset = new URL(await link(email, "/auth/password/reset"), origin);
  const fields = { token: reset.searchParams.get("token")!, email };
  expect((await post(second, "/auth/password/reset", { ...fields, password: "a brand new passphrase" })).headers.get("location")).toBe(`${origin}/auth/signin?reset=1`);
  expect(await first.session()).toBeNull();
  expect((await post(second, "/auth/password/reset", { ...fields, password: "yet another passphrase" })).headers.get("location")).toBe(`${origin}/auth/password/forgot?error=Verification`);

  const signIn = (client: Client, password: string) => post(client, "/auth/callback/password", { email, password, callbackUrl: `${origin}/home` });
  const here = new Client(config);
  const there = new Client(config);
  expect((await signIn(here, "a brand new passphrase")).headers.get("location")).toBe(`${origin}/home`);
  await signIn(there, "a brand new passphrase");
  expect(await there.session()).toMatchObject({ user: { email } });
  const changed = await post(here, "/auth/password/change", { currentPassword: "a brand new passphrase", newPassword: "the third passphrase", callbackUrl: `${origin}/account` });
  expect(changed.headers.get("location")).toBe(`${origin}/account`);
  expect(await here.session()).toMatchObject({ user: { email } });
  expect(await there.session()).toBeNull();
  expect((await signIn(new Client(config), "the third passphrase")).headers.get("location")).toBe(`${origin}/home`);
}

describe.runIf(await needService(services.postgres))("PostgreSQL", () => {
  const schema = `latch_pw_${randomUUID().slice(0, 8)}`;
  const pool = schemaPool(schema, 4);
  beforeAll(async () => {
    await pool.query(`CREATE SCHEMA ${schema}`);
    await migrate(pool);
  });
  afterAll(async () => {
    await pool.query(`DROP SCHEMA ${schema} CASCADE`);
    await pool.end();
  });

  test("sign-up, confirmation, reset and change", async () => {
    await passwordLife(PostgresAdapter(pool));
  });

  test("a sign-up whose email cannot be sent leaves no row", async () => {
    const config = baseConfig({ adapter: PostgresAdapter(pool), providers: [Password(), Nodemailer({ server: "smtp://127.0.0.1:9", from: "no-reply@example.com" })] });
    const email = `store-${randomUUID()}@example.com`;
    await post(new Client(config), "/auth/signup", { email, password: "violet staircase 42" });
    const { rows } = await pool.query(
      `SELECT (SELECT count(*) FROM users WHERE email = $1)::int AS users, (SELECT count(*) FROM verification_token WHERE identifier LIKE $2)::int AS tokens`,
      [email, `%${email}`],
    );
    expect(rows[0]).toEqual({ users: 0, tokens: 0 });
  });
});

describe.runIf(await needService(services.redis))("Redis", () => {
  const { redis, prefix } = prefixedRedis("latch-pw");

  test("sign-up, confirmation, reset and change", async () => {
    await passwordLife(RedisAdapter(redis, { prefix }));
  });
});
