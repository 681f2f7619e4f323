/**
 * `Password()`'s sign-up, confirmation link, reset and change through `Auth()` on TypeORM:
 * SQLite in memory and the real MariaDB (a database of its own); mails from a real SMTP mariadbLogin on
 * loopback.
 */
import { randomUUID } from "node:crypto";
import { Auth, type Adapter, type AuthConfig } from "@latch/core";
import Nodemailer from "@latch/core/providers/nodemailer";
import Password from "@latch/core/providers/password";
import { handlerClient, mariadbLogin, mariadbStatement, needService, services, startSmtpServer, type SmtpTestServer } from "@latch/testing";
import { DataSource } from "typeorm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { TypeORMAdapter } from "../src/adapter.js";
import { migrate } from "../src/migrations/index.js";
import { entities, randomName } from "./readers.js";

const origin = "http://localhost:3000";
let smtp: SmtpTestServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.close();
});

/** A browser of one: cookies kept between requests to `Auth()`. */
function browser(config: AuthConfig) {
  return handlerClient((request) => Auth(request, config), { origin });
}

async function link(to: string, path: string): Promise<URL> {
  const mail = await smtp.waitForMail({ to });
  const url = mail.urls.find((u) => new URL(u).pathname === path);
  if (!url) throw new Error(`no ${path} link`);
  return new URL(url);
}

async function passwordLife(adapter: Adapter): Promise<void> {
  const config: AuthConfig = {
    secret: "password-endpoints-secret-0123456789abcdef",
    trustHost: true,
    adapter,
    session: { strategy: "database" },
    providers: [Password(), Nodemailer({ server: smtp.url, from: "no-reply@example.com" })],
    logger: { error: () => {}, warn: () => {}, debug: () => {} },
  };
  const email = `typeorm-${randomUUID()}@example.com`;
  const first = browser(config);
  expect((await first.post("/auth/signup", { email, password: "violet staircase 42" })).headers.get("location")).toBe(`${origin}/auth/verify-request?provider=password&type=signup`);
  const confirm = await link(email, "/auth/verify-email");
  expect((await first.request(confirm.pathname + confirm.search)).status).toBe(302);
  expect(await first.session()).toMatchObject({ user: { email } });
  expect((await adapter.getUserByEmail!(email))!.emailVerified).toBeInstanceOf(Date);

  const second = browser(config);
  await second.post("/auth/password/forgot", { email });
  const reset = await link(email, "/auth/password/reset");
  const fields = { token: reset.searchParams.get("token")!, email };
  expect((await second.post("/auth/password/reset", { ...fields, password: "a brand new passphrase" })).headers.get("location")).toBe(`${origin}/auth/signin?reset=1`);
  expect(await first.session()).toBeNull();
  expect((await second.post("/auth/password/reset", { ...fields, password: "yet another passphrase" })).headers.get("location")).toBe(`${origin}/auth/password/forgot?error=Verification`);

  const signIn = (b: ReturnType<typeof browser>, password: string) => b.post("/auth/callback/password", { email, password, callbackUrl: `${origin}/home` });
  const here = browser(config);
  const there = browser(config);
  expect((await signIn(here, "a brand new passphrase")).headers.get("location")).toBe(`${origin}/home`);
  await signIn(there, "a brand new passphrase");
  const changed = await here.post("/auth/password/change", { currentPassword: "a brand new passphrase", newPassword: "the third passphrase", callbackUrl: `${origin}/account` });
  expect(changed.headers.get("location")).toBe(`${origin}/account`);
  expect(await here.session()).toMatchObject({ user: { email } });
  expect(await there.session()).toBeNull();
  expect((await signIn(browser(config), "the third passphrase")).headers.get("location")).toBe(`${origin}/home`);
}

describe("TypeORM on SQLite", () => {
  test("sign-up, confirmation, reset and change", async () => {
    await passwordLife(TypeORMAdapter({ type: "better-sqlite3", database: ":memory:", synchronize: true }));
  });
});

describe.runIf(await needService(services.mariadb))("TypeORM on MariaDB", () => {
  const database = randomName();
  const dataSource = new DataSource({ type: "mariadb", host: mariadbLogin.host, port: mariadbLogin.port, username: mariadbLogin.user, password: mariadbLogin.password, database, entities });
  beforeAll(async () => {
    await mariadbStatement(`CREATE DATABASE \`${database}\``);
    await dataSource.initialize();
    await migrate(dataSource);
  });
  afterAll(async () => {
    await dataSource.destroy();
    await mariadbStatement(`DROP DATABASE \`${database}\``);
  });

  test("sign-up, confirmation, reset and change", async () => {
    await passwordLife(TypeORMAdapter(dataSource));
  });
});
