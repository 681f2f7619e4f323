/**
 * Latch behind Express on 127.0.0.1 as it runs behind a proxy: the proxy (this test, on
 * loopback) is trusted and names each client's network in `X-Forwarded-For`, so one test drives
 * browsers on several networks. `@latch/pg` on PGlite, passwords, and mail through a real SMTP
 * server on loopback. The rate limits count in memory or in real Redis.
 */
import { randomUUID } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { PGlite } from "@electric-sql/pglite";
import type { AdapterUser, AuthConfig } from "@latch/core";
import Nodemailer from "@latch/core/providers/nodemailer";
import Password from "@latch/core/providers/password";
import { MemoryRateLimitStore, RateLimit, type RateLimitOptions, type RateLimitStore } from "@latch/core/rate-limit";
import { ExpressAuth } from "@latch/express";
import { PostgresAdapter, migrate } from "@latch/pg";
import { RedisRateLimitStore } from "@latch/redis";
import { createBrowser, startSmtpServer, type SmtpTestServer, type TestBrowser } from "@latch/testing";
import express from "express";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { checkPassword, hashPassword } from "../../src/features/passwords/index.js";
import { prefixedRedis } from "../redis-prefix.js";

export const passphrase = "violet staircase 42";

/** The stores the suites run on: memory, and Redis under a prefix of the file's own. */
export function stores(name: string): { name: string; make: () => RateLimitStore }[] {
  const { redis, prefix } = prefixedRedis(name);
  return [
    { name: "memory", make: () => new MemoryRateLimitStore() },
    { name: "redis", make: () => RedisRateLimitStore(redis, { prefix: `${prefix}${randomUUID().slice(0, 8)}:` }) },
  ];
}

export interface NetworkHarness {
  origin: string;
  base: string;
  adapter: ReturnType<typeof PostgresAdapter>;
  logs: string[];
  /** Replaces the config: these rate limits (the proxy on loopback trusted) and overrides. */
  configure(limits: RateLimitOptions, overrides?: Partial<AuthConfig>): void;
  /** A browser on the network `ip`. */
  browser(ip: string, headers?: Record<string, string>): TestBrowser;
  /** A stored, verified user with {@link passphrase}. */
  member(): Promise<AdapterUser>;
  /** GET csrf, then a form POST of `fields` to `path` (under `/auth`); not followed. */
  post(browser: TestBrowser, path: string, fields: Record<string, string>): Promise<Response>;
  /** A password sign-in; the answer's `Location`. */
  signIn(browser: TestBrowser, email: string, password: string): Promise<Response>;
  session(browser: TestBrowser): Promise<{ user?: { email?: string } } | null>;
  close(): Promise<void>;
}

/** Starts Express with `Password()` and Nodemailer sending through `smtp`. */
export async function startNetworkHarness(smtp: SmtpTestServer): Promise<NetworkHarness> {
  const db = new PGlite();
  await migrate(db);
  const adapter = PostgresAdapter(db);
  const logs: string[] = [];
  const log = (level: string) => (code: string, ...rest: unknown[]) => void logs.push(`${level} ${code} ${rest.map((r) => (r instanceof Error ? r.message : String(r))).join(" ")}`);
  const defaults: AuthConfig = {
    secret: "network-harness-secret-0123456789-abcdefghijklmnop",
    trustHost: true,
    adapter,
    session: { strategy: "database" },
    providers: [Password(), Nodemailer({ server: smtp.url, from: "Latch <no-reply@example.com>" })],
    logger: { error: log("error"), warn: log("warn"), debug: () => {} },
  };
  let config: AuthConfig = defaults;
  const app = express();
  app.use("/auth", ExpressAuth(() => config));
  app.get("/home", (_req, res) => void res.send("home"));
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const base = `${origin}/auth`;

  const post = async (browser: TestBrowser, path: string, fields: Record<string, string>) => {
    const { csrfToken } = (await (await browser.fetch(`${base}/csrf`)).json()) as { csrfToken: string };
    return browser.fetch(`${base}${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, callbackUrl: `${origin}/home`, ...fields }),
    });
  };

  return {
    origin,
    base,
    adapter,
    logs,
    configure(limits, overrides = {}) {
      const clientAddress = { trustedProxies: ["127.0.0.1", "::1", "::ffff:127.0.0.1"] };
      config = { ...defaults, rateLimit: RateLimit({ clientAddress, ...limits }), ...overrides };
    },
    browser: (ip, headers = {}) => createBrowser({ headers: { "x-forwarded-for": ip, ...headers } }),
    async member() {
      const user = { id: randomUUID(), email: `member-${randomUUID().slice(0, 8)}@example.com`, name: null, image: null, emailVerified: new Date() };
      await adapter.createUser!(user);
      await adapter.setPassword!({ userId: user.id, hash: await hashPassword(await checkPassword(passphrase)), updatedAt: new Date() });
      return user;
    },
    post,
    signIn: (browser, email, password) => post(browser, "/callback/password", { email, password }),
    async session(browser) {
      return (await (await browser.fetch(`${base}/session`)).json()) as { user?: { email?: string } } | null;
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
    },
  };
}

/**
 * The file's harness: an SMTP server and {@link startNetworkHarness} started before its tests and
 * handed to `started`, the mailbox emptied before each test, both closed after the last.
 */
export function useNetworkHarness(started: (running: { smtp: SmtpTestServer; harness: NetworkHarness }) => void): void {
  let smtp: SmtpTestServer | undefined;
  let harness: NetworkHarness | undefined;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    harness = await startNetworkHarness(smtp);
    started({ smtp, harness });
  });
  afterAll(async () => {
    await harness?.close();
    await smtp?.close();
  });
  beforeEach(() => smtp!.clear());
}
