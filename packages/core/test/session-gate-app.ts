/**
 * What the sign-in gate tests share: Express + Latch + `@latch/pg` on PGlite, the real OpenID
 * Provider on 127.0.0.1 and a real SMTP server; callbacks that record what they see; users with a
 * password and an authenticator app.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { PGlite } from "@electric-sql/pglite";
import type { AuthConfig, JWT } from "@latch/core";
import { hashPassword } from "@latch/core/passwords";
import Nodemailer from "@latch/core/providers/nodemailer";
import Password from "@latch/core/providers/password";
import { SecondFactors } from "@latch/core/second-factors";
import { ExpressAuth } from "@latch/express";
import { PostgresAdapter, migrate } from "@latch/pg";
import { createBrowser, startOpenIDProvider, startSmtpServer, type OpenIDProvider, type SmtpTestServer, type TestBrowser } from "@latch/testing";
import express from "express";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import { enrolTotp, stepNow, totp, type Enrolled, type JsonPost } from "./second-factor-client.js";

export const secret = "session-gate-e2e-secret-0123456789-abcdefghijklmnopqrstuvwxyz";
export const passphrase = "violet staircase 42";
export let db: PGlite;
export let op: OpenIDProvider;
export let smtp: SmtpTestServer;
let server: Server;
export let origin: string;
export let config: AuthConfig;

/** Replaces the config from now on. */
export function setConfig(next: AuthConfig): void {
  config = next;
}

/** What the callbacks saw: the `jwt` callback's token at sign-in, and the `session` callback's input. */
export let seen: { jwt: JWT[]; session: Record<string, unknown>[] };

/** Starts the app, the OpenID Provider and the SMTP server for the calling test file. */
export function useGateApp(): void {
  beforeAll(async () => {
    db = new PGlite();
    await migrate(db);
    [op, smtp] = await Promise.all([startOpenIDProvider(), startSmtpServer()]);
    const app = express();
    app.use("/auth", ExpressAuth(() => config));
    app.get("/done", (_req, res) => void res.send("done"));
    server = await new Promise((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await op.setClient({ client_id: "gate", client_secret: "gate-secret", redirect_uris: [`${origin}/auth/callback/op`] });
  }, 120_000);
  afterAll(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server?.closeAllConnections();
    await Promise.all([op?.close(), smtp?.close()]);
    await db?.close();
  });
  beforeEach(() => {
    seen = { jwt: [], session: [] };
  });
}

export function configure(strategy: "jwt" | "database", overrides: Partial<AuthConfig> = {}): void {
  config = {
    secret,
    trustHost: true,
    adapter: PostgresAdapter(db),
    session: { strategy },
    logger: { error: () => {}, warn: () => {}, debug: () => {} },
    providers: [
      { id: "op", name: "OP", type: "oidc", issuer: op.issuer, clientId: "gate", clientSecret: "gate-secret" },
      Nodemailer({ server: smtp.url, from: "Latch Test <no-reply@latch.test>" }),
      Password(),
    ],
    secondFactor: SecondFactors({ factors: ["totp", "backup", "email"] }),
    callbacks: {
      jwt: ({ token, account }) => {
        if (account) seen.jwt.push({ ...token });
        return token;
      },
      session: ({ session, token }) => {
        seen.session.push({ ...(token ?? session) });
        return session;
      },
    },
    ...overrides,
  };
}

export function poster(browser: TestBrowser): JsonPost {
  return async (path, body) => {
    const { csrfToken } = (await (await browser.fetch(`${origin}/auth/csrf`)).json()) as { csrfToken: string };
    return browser.fetch(`${origin}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ csrfToken, ...body }),
    });
  };
}

export async function postForm(browser: TestBrowser, path: string, fields: Record<string, string>): Promise<Response> {
  const { csrfToken } = (await (await browser.fetch(`${origin}/auth/csrf`)).json()) as { csrfToken: string };
  return browser.fetch(`${origin}${path}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ csrfToken, ...fields }) });
}

/** Follows the redirects from `start` in the browser; the URL it ends at. */
export async function run(browser: TestBrowser, start: Response): Promise<URL> {
  let location = start.headers.get("location");
  let url = new URL(start.url || origin);
  while (location) {
    url = new URL(location, url);
    const response = await browser.fetch(url);
    location = response.status >= 300 && response.status < 400 ? response.headers.get("location") : null;
  }
  return url;
}

export async function sessionOf(browser: TestBrowser): Promise<{ user?: { email?: string } } | null> {
  return (await (await browser.fetch(`${origin}/auth/session`)).json()) as never;
}

let users = 0;
/** A stored user with a verified address and the password {@link passphrase}. */
export async function newUser(): Promise<{ id: string; email: string }> {
  users += 1;
  const adapter = PostgresAdapter(db);
  const user = await adapter.createUser!({ id: crypto.randomUUID(), email: `gate-${users}@example.com`, emailVerified: new Date(), name: null, image: null });
  await adapter.setPassword!({ userId: user.id, hash: await hashPassword(passphrase), updatedAt: new Date() });
  return user;
}

export function passwordSignIn(browser: TestBrowser, email: string, password = passphrase): Promise<Response> {
  return postForm(browser, "/auth/callback/password", { email, password, callbackUrl: `${origin}/done` });
}

/** A user with an authenticator app and backup codes, enrolled in a browser signed in by password. */
export async function enrolledUser(): Promise<{ user: { id: string; email: string }; enrolled: Enrolled }> {
  const user = await newUser();
  const setup = createBrowser();
  expect((await run(setup, await passwordSignIn(setup, user.email))).pathname).toBe("/done");
  return { user, enrolled: await enrolTotp(poster(setup)) };
}

/** A TOTP code of the app not used yet (each step works once). */
let lastStep = 0;
export function nextCode(enrolled: Enrolled): string {
  lastStep = Math.max(lastStep + 1, enrolled.confirmedStep + 1, stepNow() - 1);
  return totp(enrolled.secret, Math.min(lastStep, stepNow() + 1));
}

export async function offered(browser: TestBrowser): Promise<string[]> {
  const response = await browser.fetch(`${origin}/auth/second-factor`, { headers: { accept: "application/json" } });
  return ((await response.json()) as { factors: string[] }).factors;
}

/** Forgot → the mailed reset link → a new password, in `browser` (nothing but the mailbox needed). */
export async function resetThroughMailbox(browser: TestBrowser, email: string, password: string): Promise<void> {
  await postForm(browser, "/auth/password/forgot", { email });
  const link = new URL((await smtp.waitForMail({ to: email })).urls.find((url) => url.includes("/auth/password/reset"))!);
  const reset = await postForm(browser, "/auth/password/reset", { token: link.searchParams.get("token")!, email, password });
  expect(reset.headers.get("location")).toBe(`${origin}/auth/signin?reset=1`);
}
