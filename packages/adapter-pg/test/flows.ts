/**
 * Whole sign-in flows over real HTTP on the real PostgreSQL, for the fault and race suites:
 * Express + Latch with this adapter (wrapped by `probeAdapter`, which records calls and can make
 * one fail), the real OpenID Provider, a real SMTP server, credentials with database sessions.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import type { AuthConfig } from "@latch/core";
import Credentials from "@latch/core/providers/credentials";
import Nodemailer from "@latch/core/providers/nodemailer";
import { ExpressAuth } from "@latch/express";
import { createBrowser, probeAdapter, randomDatabaseName, schemaPool, startOpenIDProvider, startSmtpServer, type AdapterProbe, type OpenIDProvider, type SmtpTestServer, type TestBrowser } from "@latch/testing";
import type pg from "pg";
import { PostgresAdapter } from "../src/adapter.js";
import { migrate } from "../src/migrations.js";

export const secret = "flows-test-secret-0123456789-abcdefghijklmnop";
export const opAccount = { sub: "op-user-7", email: "grace@example.com", email_verified: true, name: "Grace Hopper" };
export const password = { username: "carol", password: "correct horse" };

export interface FlowApp {
  origin: string;
  base: string;
  pool: pg.Pool;
  probe: AdapterProbe;
  smtp: SmtpTestServer;
  op: OpenIDProvider;
  /** Error codes Latch logged. */
  errors: string[];
  /** Row counts of every table. */
  counts(): Promise<Record<"users" | "accounts" | "sessions" | "tokens" | "authenticators", number>>;
  /**
   * Rows that no finished sign-in explains: a user with neither an account nor a proven address,
   * an account or session of no user, an authenticator without its account.
   */
  orphans(): Promise<string[]>;
  /** Empties every table (keeps the credentials user when `keepCarol`). */
  clear(): Promise<void>;
  /** Starts an OIDC sign-in (in a fresh browser unless one is given) and stops where the provider sends it back. */
  reachOidcCallback(browser?: TestBrowser): Promise<{ browser: TestBrowser; callbackUrl: URL }>;
  /** POST /signin/nodemailer for `email` in a fresh browser; the response is not followed. */
  requestLink(email: string): Promise<{ browser: TestBrowser; response: Response }>;
  /** POST /callback/credentials as carol in a fresh browser. */
  credentialsSignIn(): Promise<{ browser: TestBrowser; response: Response }>;
  close(): Promise<void>;
}

export async function startFlowApp(): Promise<FlowApp> {
  const schema = randomDatabaseName();
  const pool = schemaPool(schema, 10);
  await pool.query(`CREATE SCHEMA ${schema}`);
  await migrate(pool);
  const probe = probeAdapter(PostgresAdapter(pool));
  const [op, smtp] = await Promise.all([startOpenIDProvider({ accounts: [opAccount], signInAs: opAccount.sub }), startSmtpServer()]);
  const errors: string[] = [];
  let carolId = "";
  const config: AuthConfig = {
    secret,
    trustHost: true,
    adapter: probe.adapter,
    session: { strategy: "database" },
    logger: { error: (code) => void errors.push(code), warn: () => {}, debug: () => {} },
    providers: [
      { id: "op", name: "Test OP", type: "oidc", issuer: op.issuer, clientId: "latch", clientSecret: "latch-secret" },
      Nodemailer({ server: smtp.url, from: "Latch <no-reply@latch.test>" }),
      Credentials({
        credentials: { username: {}, password: {} },
        authorize: ({ username, password: given }) => (username === password.username && given === password.password ? { id: carolId, email: "carol@example.com" } : null),
      }),
    ],
  };
  const app = express();
  app.set("env", "test");
  app.use("/auth", ExpressAuth(config));
  app.get("/home", (_req, res) => void res.send("home"));
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const base = `${origin}/auth`;
  await op.setClient({ client_id: "latch", client_secret: "latch-secret", redirect_uris: [`${base}/callback/op`] });

  const one = async (sql: string) => Number((await pool.query(sql)).rows[0].n);
  const addCarol = async () => {
    carolId = crypto.randomUUID();
    await pool.query(`INSERT INTO users (id, email, "emailVerified") VALUES ($1, 'carol@example.com', now())`, [carolId]);
  };
  await addCarol();

  async function csrf(browser: TestBrowser): Promise<string> {
    return ((await (await browser.fetch(`${base}/csrf`)).json()) as { csrfToken: string }).csrfToken;
  }
  const form = (fields: Record<string, string>) => ({
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ callbackUrl: `${origin}/home`, ...fields }),
  });

  return {
    origin,
    base,
    pool,
    probe,
    smtp,
    op,
    errors,
    async counts() {
      return {
        users: await one(`SELECT count(*)::int AS n FROM users`),
        accounts: await one(`SELECT count(*)::int AS n FROM accounts`),
        sessions: await one(`SELECT count(*)::int AS n FROM sessions`),
        tokens: await one(`SELECT count(*)::int AS n FROM verification_token`),
        authenticators: await one(`SELECT count(*)::int AS n FROM authenticators`),
      };
    },
    async orphans() {
      const found: string[] = [];
      const check = async (what: string, sql: string) => {
        const n = await one(sql);
        if (n) found.push(`${n} ${what}`);
      };
      await check("user(s) with no account and no proven address", `SELECT count(*)::int AS n FROM users u WHERE u."emailVerified" IS NULL AND NOT EXISTS (SELECT 1 FROM accounts a WHERE a."userId" = u.id)`);
      await check("account(s) of no user", `SELECT count(*)::int AS n FROM accounts a WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = a."userId")`);
      await check("session(s) of no user", `SELECT count(*)::int AS n FROM sessions s WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = s."userId")`);
      await check(
        "authenticator(s) without their account",
        `SELECT count(*)::int AS n FROM authenticators t WHERE NOT EXISTS (SELECT 1 FROM accounts a WHERE a."providerAccountId" = t."providerAccountId" AND a."userId" = t."userId")`,
      );
      return found;
    },
    async clear() {
      await pool.query(`DELETE FROM sessions; DELETE FROM accounts; DELETE FROM authenticators; DELETE FROM verification_token; DELETE FROM users`);
      await addCarol();
      smtp.clear();
      errors.length = 0;
    },
    async reachOidcCallback(browser = createBrowser()) {
      const { url } = await browser.follow(`${base}/signin/op`, form({ csrfToken: await csrf(browser) }), { stopAt: (u) => u.pathname.endsWith("/callback/op") });
      return { browser, callbackUrl: url };
    },
    async requestLink(email) {
      const browser = createBrowser();
      const response = await browser.fetch(`${base}/signin/nodemailer`, form({ csrfToken: await csrf(browser), email }));
      return { browser, response };
    },
    async credentialsSignIn() {
      const browser = createBrowser();
      const response = await browser.fetch(`${base}/callback/credentials`, form({ csrfToken: await csrf(browser), ...password }));
      return { browser, response };
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await Promise.all([op.close(), smtp.close()]);
      await pool.query(`DROP SCHEMA ${schema} CASCADE`);
      await pool.end();
    },
  };
}

/** The sign-in link of the latest mail to `email`. */
export async function linkIn(smtp: SmtpTestServer, email: string, base: string): Promise<string> {
  const mail = await smtp.waitForMail({ to: email });
  const link = mail.urls.find((url) => url.startsWith(`${base}/callback/nodemailer`));
  if (!link) throw new Error("no sign-in link in the mail");
  return link;
}
