/**
 * What the address-change tests share: Express + Latch + `@latch/pg` on PGlite at 127.0.0.1, mail
 * read from a real SMTP server on loopback (Nodemailer), JWT sessions revoked through real Redis,
 * and the steps of a browser (sign-up, sign-in, asking for a change and reading its two links).
 */
import { randomUUID } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { PGlite } from "@electric-sql/pglite";
import type { AuthConfig } from "@latch/core";
import Nodemailer from "@latch/core/providers/nodemailer";
import Password from "@latch/core/providers/password";
import { JwtRevocation } from "@latch/core/revocation";
import { ExpressAuth } from "@latch/express";
import { PostgresAdapter, migrate } from "@latch/pg";
import { RedisRevocationStore } from "@latch/redis";
import { createBrowser, services, startSmtpServer, type SmtpTestServer, type TestBrowser } from "@latch/testing";
import express from "express";
import { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";

const secret = "email-change-secret-0123456789-abcdefghijklmnopqrstuvwxyz";
export const passphrase = "violet staircase 42";
export const db = new PGlite();
const redis = new Redis({ host: services.redis.host, port: services.redis.port, lazyConnect: true });
const prefix = `latch-email-change-${randomUUID().slice(0, 8)}:`;
export let smtp: SmtpTestServer;
let server: Server;
export let origin: string;
let config: AuthConfig;
export const changes: { userId: string; email: string; previousEmail: string }[] = [];

export type Strategy = "jwt" | "database";

/** The config the next requests use: `strategy`, `Password()` and Nodemailer, and `extra` over them. */
export function configure(strategy: Strategy, extra: Partial<AuthConfig> = {}): void {
  config = {
    secret,
    trustHost: true,
    adapter: PostgresAdapter(db),
    session: strategy === "jwt" ? { strategy, revocation: JwtRevocation({ store: RedisRevocationStore(redis, { prefix }), cacheSeconds: 0 }) } : { strategy },
    logger: { error: () => {}, warn: () => {}, debug: () => {} },
    providers: [Password(), Nodemailer({ server: smtp.url, from: "Latch <no-reply@example.com>" })],
    events: { emailChanged: ({ user, previousEmail }) => void changes.push({ userId: user.id!, email: user.email, previousEmail }) },
    ...extra,
  };
}

/** Starts the app, the SMTP server and the database for the test file, and stops them after it. */
export function useEmailChangeApp(): void {
beforeAll(async () => {
  await migrate(db);
  smtp = await startSmtpServer();
  const app = express();
  app.use("/auth", ExpressAuth(() => config));
  server = await new Promise((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  server.keepAliveTimeout = 120_000;
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
  await smtp.close();
  await db.close();
});
beforeEach(() => {
  changes.length = 0;
});
}

export const address = () => `change-${randomUUID()}@example.com`;

export async function csrf(browser: TestBrowser): Promise<string> {
  return ((await (await browser.fetch(`${origin}/auth/csrf`)).json()) as { csrfToken: string }).csrfToken;
}

export async function postForm(browser: TestBrowser, path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  const body = new URLSearchParams({ csrfToken: await csrf(browser), ...fields });
  return browser.fetch(`${origin}${path}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", ...headers }, body });
}

export const location = (response: Response) => response.headers.get("location");

export async function sessionEmail(browser: TestBrowser): Promise<string | null> {
  const session = (await (await browser.fetch(`${origin}/auth/session`)).json()) as { user?: { email?: string } } | null;
  return session?.user?.email ?? null;
}

export async function userRow(id: string): Promise<{ email: string; emailVerified: Date | null }> {
  const { rows } = await db.query<{ email: string; emailVerified: Date | null }>(`SELECT email, "emailVerified" FROM users WHERE id = $1`, [id]);
  return rows[0]!;
}

/** The link of the last mail to `to` that points at `path`. */
export async function linkIn(to: string, path: string): Promise<URL> {
  const mail = await smtp.waitForMail({ to });
  const url = mail.urls.find((u) => new URL(u).pathname === path);
  if (!url) throw new Error(`No ${path} link in "${mail.subject}"`);
  return new URL(url);
}

export async function signIn(browser: TestBrowser, email: string, password = passphrase): Promise<Response> {
  return postForm(browser, "/auth/callback/password", { email, password, callbackUrl: `${origin}/home` });
}

/** A verified account made through sign-up and its link; its browser is signed in. */
export async function account(): Promise<{ browser: TestBrowser; email: string; userId: string }> {
  const email = address();
  const browser = createBrowser();
  await postForm(browser, "/auth/signup", { email, password: passphrase });
  const link = await linkIn(email, "/auth/verify-email");
  expect((await browser.fetch(link)).status).toBe(302);
  const { rows } = await db.query<{ id: string }>(`SELECT id FROM users WHERE email = $1`, [email]);
  return { browser, email, userId: rows[0]!.id };
}

/** Asks for the change and returns the two links mailed. */
export async function requestChange(browser: TestBrowser, from: string, to: string, proof: Record<string, string> = { currentPassword: passphrase }): Promise<{ confirm: URL; cancel: URL }> {
  const answer = await postForm(browser, "/auth/email/change", { email: to, ...proof });
  expect(location(answer)).toBe(`${origin}/auth/verify-request?provider=password&type=email-change`);
  return { confirm: await linkIn(to, "/auth/email/change/confirm"), cancel: await linkIn(from, "/auth/email/change/cancel") };
}

export const verificationPage = () => `${origin}/auth/error?error=Verification`;
