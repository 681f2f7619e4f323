/**
 * The sign-in gate over real HTTP (Express + Latch + `@latch/pg` on PGlite, the real OpenID
 * Provider on 127.0.0.1, mail through a real SMTP server): every session records how it was
 * earned (`auth_time`, `mfa_time`, `amr`), visible to the `jwt` and `session` callbacks; a
 * password set through a mailed link never counts together with an emailed code; a first factor
 * given again in a browser that holds the user's session keeps that session's earned factors;
 * fresh proofs read `mfa_time`, never the session's age.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { PGlite } from "@electric-sql/pglite";
import type { AuthConfig, JWT } from "@latch/core";
import { AccountLinks } from "@latch/core/accounts";
import { hashPassword } from "@latch/core/passwords";
import Nodemailer from "@latch/core/providers/nodemailer";
import Password from "@latch/core/providers/password";
import { SecondFactors } from "@latch/core/second-factors";
import { ExpressAuth } from "@latch/express";
import { PostgresAdapter, migrate } from "@latch/pg";
import { createBrowser, startOpenIDProvider, startSmtpServer, type OpenIDProvider, type SmtpTestServer, type TestBrowser } from "@latch/testing";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { enrolTotp, stepNow, totp, type Enrolled, type JsonPost } from "./second-factor-client.js";

const secret = "session-gate-e2e-secret-0123456789-abcdefghijklmnopqrstuvwxyz";
const passphrase = "violet staircase 42";
let db: PGlite;
let op: OpenIDProvider;
let smtp: SmtpTestServer;
let server: Server;
let origin: string;
let config: AuthConfig;
/** What the callbacks saw: the `jwt` callback's token at sign-in, and the `session` callback's input. */
let seen: { jwt: JWT[]; session: Record<string, unknown>[] };

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
});
afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server?.closeAllConnections();
  await Promise.all([op?.close(), smtp?.close()]);
  await db?.close();
});
beforeEach(() => {
  seen = { jwt: [], session: [] };
});

function configure(strategy: "jwt" | "database", overrides: Partial<AuthConfig> = {}): void {
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

function poster(browser: TestBrowser): JsonPost {
  return async (path, body) => {
    const { csrfToken } = (await (await browser.fetch(`${origin}/auth/csrf`)).json()) as { csrfToken: string };
    return browser.fetch(`${origin}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ csrfToken, ...body }),
    });
  };
}

async function postForm(browser: TestBrowser, path: string, fields: Record<string, string>): Promise<Response> {
  const { csrfToken } = (await (await browser.fetch(`${origin}/auth/csrf`)).json()) as { csrfToken: string };
  return browser.fetch(`${origin}${path}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ csrfToken, ...fields }) });
}

/** Follows the redirects from `start` in the browser; the URL it ends at. */
async function run(browser: TestBrowser, start: Response): Promise<URL> {
  let location = start.headers.get("location");
  let url = new URL(start.url || origin);
  while (location) {
    url = new URL(location, url);
    const response = await browser.fetch(url);
    location = response.status >= 300 && response.status < 400 ? response.headers.get("location") : null;
  }
  return url;
}

async function sessionOf(browser: TestBrowser): Promise<{ user?: { email?: string } } | null> {
  return (await (await browser.fetch(`${origin}/auth/session`)).json()) as never;
}

let users = 0;
/** A stored user with a verified address and the password {@link passphrase}. */
async function newUser(): Promise<{ id: string; email: string }> {
  users += 1;
  const adapter = PostgresAdapter(db);
  const user = await adapter.createUser!({ id: crypto.randomUUID(), email: `gate-${users}@example.com`, emailVerified: new Date(), name: null, image: null });
  await adapter.setPassword!({ userId: user.id, hash: await hashPassword(passphrase), updatedAt: new Date() });
  return user;
}

function passwordSignIn(browser: TestBrowser, email: string, password = passphrase): Promise<Response> {
  return postForm(browser, "/auth/callback/password", { email, password, callbackUrl: `${origin}/done` });
}

/** A user with an authenticator app and backup codes, enrolled in a browser signed in by password. */
async function enrolledUser(): Promise<{ user: { id: string; email: string }; enrolled: Enrolled }> {
  const user = await newUser();
  const setup = createBrowser();
  expect((await run(setup, await passwordSignIn(setup, user.email))).pathname).toBe("/done");
  const intoStep = Date.now() % 30_000;
  if (intoStep > 27_000) await new Promise((resolve) => setTimeout(resolve, 30_100 - intoStep));
  return { user, enrolled: await enrolTotp(poster(setup)) };
}

/** A TOTP code of the app not used yet (each step works once). */
let lastStep = 0;
function nextCode(enrolled: Enrolled): string {
  lastStep = Math.max(lastStep + 1, enrolled.confirmedStep + 1, stepNow() - 1);
  return totp(enrolled.secret, Math.min(lastStep, stepNow() + 1));
}

async function offered(browser: TestBrowser): Promise<string[]> {
  const response = await browser.fetch(`${origin}/auth/second-factor`, { headers: { accept: "application/json" } });
  return ((await response.json()) as { factors: string[] }).factors;
}

/** Forgot → the mailed reset link → a new password, in `browser` (nothing but the mailbox needed). */
async function resetThroughMailbox(browser: TestBrowser, email: string, password: string): Promise<void> {
  await postForm(browser, "/auth/password/forgot", { email });
  const link = new URL((await smtp.waitForMail({ to: email })).urls.find((url) => url.includes("/auth/password/reset"))!);
  const reset = await postForm(browser, "/auth/password/reset", { token: link.searchParams.get("token")!, email, password });
  expect(reset.headers.get("location")).toBe(`${origin}/auth/signin?reset=1`);
}

describe.each(["jwt", "database"] as const)("the mailbox counts once (%s sessions)", (strategy) => {
  test("forgot → reset link → the new password: the challenge offers the app and backup codes, never an emailed code", async () => {
    configure(strategy);
    const { user, enrolled } = await enrolledUser();
    const attacker = createBrowser();
    await resetThroughMailbox(attacker, user.email, "a password from the mailbox");
    expect((await run(attacker, await passwordSignIn(attacker, user.email, "a password from the mailbox"))).pathname).toBe("/auth/second-factor");
    expect(await offered(attacker)).toEqual(["totp", "backup"]);
    // Asking for an emailed code anyway is refused, and nothing is mailed.
    smtp.clear();
    const asked = await poster(attacker)("/auth/second-factor", { send: "email" });
    expect(asked.status).toBe(400);
    expect(smtp.messages).toEqual([]);
    expect(await sessionOf(attacker)).toBeNull();

    // The app's code completes it: the session says the password came from the mailbox.
    const answered = await postForm(attacker, "/auth/second-factor", { code: nextCode(enrolled) });
    expect(answered.headers.get("location")).toBe(`${origin}/done`);
    const earned = seen.jwt.at(-1) ?? seen.session.at(-1)!;
    if (strategy === "database") await sessionOf(attacker);
    expect([...((strategy === "jwt" ? earned : seen.session.at(-1)!).amr as string[])].sort()).toEqual(["mbx", "mfa", "otp", "pwd"]);

    // That sign-in came from the app, not the mailbox: the password counts as the user's own again.
    const later = createBrowser();
    await run(later, await passwordSignIn(later, user.email, "a password from the mailbox"));
    expect(await offered(later)).toEqual(["totp", "backup", "email"]);
  });
});

describe("re-authenticating in a browser that holds the user's session keeps what it earned", () => {
  /** A database session, signed in with the app's code, whose second factor was an hour ago. */
  async function stolenSession(overrides: Partial<AuthConfig> = {}): Promise<{ user: { id: string; email: string }; enrolled: Enrolled; browser: TestBrowser }> {
    configure("database", overrides);
    const { user, enrolled } = await enrolledUser();
    const browser = createBrowser();
    await run(browser, await passwordSignIn(browser, user.email));
    expect((await run(browser, await postForm(browser, "/auth/second-factor", { code: nextCode(enrolled) }))).pathname).toBe("/done");
    await db.query(`UPDATE sessions SET "createdAt" = now() - interval '1 hour', mfa_time = mfa_time - 3600, auth_time = auth_time - 3600 WHERE "userId" = $1`, [user.id]);
    const refused = await poster(browser)("/auth/second-factor/remove", { kind: "backup" });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: "SecondFactorFreshProof" });
    return { user, enrolled, browser };
  }

  async function stored(userId: string): Promise<{ mfa_time: number; amr: string[] }[]> {
    const { rows } = await db.query<{ mfa_time: string; amr: string[] }>(`SELECT mfa_time, amr FROM sessions WHERE "userId" = $1 AND mfa_time IS NOT NULL`, [userId]);
    return rows.map((row) => ({ mfa_time: Number(row.mfa_time), amr: row.amr }));
  }

  test("the password posted again starts no challenge, and the new session is no fresh proof", async () => {
    const { user, browser } = await stolenSession();
    const before = await stored(user.id);
    expect((await run(browser, await passwordSignIn(browser, user.email))).pathname).toBe("/done");
    const removal = await poster(browser)("/auth/second-factor/remove", { kind: "backup" });
    expect(removal.status).toBe(403);
    expect(await removal.json()).toMatchObject({ error: "SecondFactorFreshProof" });
    expect((await db.query(`SELECT 1 FROM second_factors WHERE "userId" = $1 AND kind = 'backup'`, [user.id])).rows).toHaveLength(10);
    // The new session carries the old second factor's time, not a new one.
    expect((await stored(user.id)).map((row) => row.mfa_time)).toContain(before[0]!.mfa_time);
    expect(Math.max(...(await stored(user.id)).map((row) => row.mfa_time))).toBe(before[0]!.mfa_time);
  });

  test("POST link/<id> through the provider starts a session that is no fresh proof either", async () => {
    const { user, browser } = await stolenSession({ account: { links: AccountLinks() } });
    op.setAccount({ sub: `linked-${user.id}`, email: `elsewhere-${user.id}@example.com`, email_verified: true, name: "Linked" });
    op.signInAs(`linked-${user.id}`);
    const { csrfToken } = (await (await browser.fetch(`${origin}/auth/csrf`)).json()) as { csrfToken: string };
    const link = await browser.fetch(`${origin}/auth/link/op`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, callbackUrl: `${origin}/done` }),
    });
    expect((await run(browser, link)).pathname).toBe("/done");
    expect((await db.query(`SELECT 1 FROM accounts WHERE "userId" = $1 AND provider = 'op'`, [user.id])).rows).toHaveLength(1);
    expect((await poster(browser)("/auth/second-factor/remove", { kind: "backup" })).status).toBe(403);
  });

  test("a second factor of the last 5 minutes is a fresh proof; the same session 6 minutes later is not", async () => {
    configure("database");
    const { user, enrolled } = await enrolledUser();
    const browser = createBrowser();
    await run(browser, await passwordSignIn(browser, user.email));
    await run(browser, await postForm(browser, "/auth/second-factor", { code: nextCode(enrolled) }));
    await db.query(`UPDATE sessions SET mfa_time = mfa_time - 360 WHERE "userId" = $1`, [user.id]);
    expect((await poster(browser)("/auth/second-factor/remove", { kind: "backup" })).status).toBe(403);
    await db.query(`UPDATE sessions SET mfa_time = mfa_time + 300 WHERE "userId" = $1`, [user.id]);
    const removal = await poster(browser)("/auth/second-factor/remove", { kind: "backup" });
    expect(removal.status).toBe(200);
    expect(await removal.json()).toEqual({ removed: ["backup"] });
  });

  test("JWT: what a jwt callback writes into mfa_time or amr is not what the session earned", async () => {
    configure("jwt", { secondFactor: SecondFactors({ factors: ["totp", "backup", "email"], rememberDevice: { maxAge: 3600 } }) });
    const { user, enrolled } = await enrolledUser();
    const browser = createBrowser();
    await run(browser, await passwordSignIn(browser, user.email));
    await run(browser, await postForm(browser, "/auth/second-factor", { code: nextCode(enrolled), remember: "true" }));
    await postForm(browser, "/auth/signout", {});
    // The remembered browser skips the challenge: this session earned a first factor only, and a
    // callback that claims a second factor on every call does not change that.
    const claimed = Math.floor(Date.now() / 1000);
    config = { ...config, callbacks: { ...config.callbacks, jwt: ({ token }) => ({ ...token, mfa_time: claimed, amr: ["otp", "mfa"] }) } };
    expect((await run(browser, await passwordSignIn(browser, user.email))).pathname).toBe("/done");
    expect(await sessionOf(browser)).toMatchObject({ user: { email: user.email } });
    const removal = await poster(browser)("/auth/second-factor/remove", { kind: "backup" });
    expect(removal.status).toBe(403);
  });
});
