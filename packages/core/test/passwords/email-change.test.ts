/**
 * The address change (`email/change`, ASVS 5.0 §7.5.1) over real HTTP: Express + Latch + `@latch/pg`
 * on PGlite, mail read from a real SMTP server on loopback (Nodemailer), JWT sessions revoked
 * through real Redis. The whole flow, the links' refusals, the re-authentication rule, a taken
 * address, the cancel link, and the user's other sessions ended.
 */
import { randomUUID } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { PGlite } from "@electric-sql/pglite";
import type { AuthConfig } from "@latch/core";
import de from "@latch/core/languages/de";
import Nodemailer from "@latch/core/providers/nodemailer";
import Password from "@latch/core/providers/password";
import { RateLimit } from "@latch/core/rate-limit";
import { JwtRevocation } from "@latch/core/revocation";
import { SecondFactors } from "@latch/core/second-factors";
import { ExpressAuth } from "@latch/express";
import { PostgresAdapter, migrate } from "@latch/pg";
import { RedisRevocationStore } from "@latch/redis";
import { createBrowser, services, startSmtpServer, type SmtpTestServer, type TestBrowser } from "@latch/testing";
import express from "express";
import { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { enrolTotp, stepNow, totp, type JsonPost } from "../second-factor-client.js";

const secret = "email-change-secret-0123456789-abcdefghijklmnopqrstuvwxyz";
const passphrase = "violet staircase 42";
const db = new PGlite();
const redis = new Redis({ host: services.redis.host, port: services.redis.port, lazyConnect: true });
const prefix = `latch-email-change-${randomUUID().slice(0, 8)}:`;
let smtp: SmtpTestServer;
let server: Server;
let origin: string;
let config: AuthConfig;
const changes: { userId: string; email: string; previousEmail: string }[] = [];

type Strategy = "jwt" | "database";

function configure(strategy: Strategy, extra: Partial<AuthConfig> = {}): void {
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

const address = () => `change-${randomUUID()}@example.com`;

async function csrf(browser: TestBrowser): Promise<string> {
  return ((await (await browser.fetch(`${origin}/auth/csrf`)).json()) as { csrfToken: string }).csrfToken;
}

async function postForm(browser: TestBrowser, path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  const body = new URLSearchParams({ csrfToken: await csrf(browser), ...fields });
  return browser.fetch(`${origin}${path}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", ...headers }, body });
}

const location = (response: Response) => response.headers.get("location");

async function sessionEmail(browser: TestBrowser): Promise<string | null> {
  const session = (await (await browser.fetch(`${origin}/auth/session`)).json()) as { user?: { email?: string } } | null;
  return session?.user?.email ?? null;
}

async function userRow(id: string): Promise<{ email: string; emailVerified: Date | null }> {
  const { rows } = await db.query<{ email: string; emailVerified: Date | null }>(`SELECT email, "emailVerified" FROM users WHERE id = $1`, [id]);
  return rows[0]!;
}

/** The link of the last mail to `to` that points at `path`. */
async function linkIn(to: string, path: string): Promise<URL> {
  const mail = await smtp.waitForMail({ to });
  const url = mail.urls.find((u) => new URL(u).pathname === path);
  if (!url) throw new Error(`No ${path} link in "${mail.subject}"`);
  return new URL(url);
}

async function signIn(browser: TestBrowser, email: string, password = passphrase): Promise<Response> {
  return postForm(browser, "/auth/callback/password", { email, password, callbackUrl: `${origin}/home` });
}

/** A verified account made through sign-up and its link; its browser is signed in. */
async function account(): Promise<{ browser: TestBrowser; email: string; userId: string }> {
  const email = address();
  const browser = createBrowser();
  await postForm(browser, "/auth/signup", { email, password: passphrase });
  const link = await linkIn(email, "/auth/verify-email");
  expect((await browser.fetch(link)).status).toBe(302);
  const { rows } = await db.query<{ id: string }>(`SELECT id FROM users WHERE email = $1`, [email]);
  return { browser, email, userId: rows[0]!.id };
}

/** Asks for the change and returns the two links mailed. */
async function requestChange(browser: TestBrowser, from: string, to: string, proof: Record<string, string> = { currentPassword: passphrase }): Promise<{ confirm: URL; cancel: URL }> {
  const answer = await postForm(browser, "/auth/email/change", { email: to, ...proof });
  expect(location(answer)).toBe(`${origin}/auth/verify-request?provider=password&type=email-change`);
  return { confirm: await linkIn(to, "/auth/email/change/confirm"), cancel: await linkIn(from, "/auth/email/change/cancel") };
}

const verificationPage = () => `${origin}/auth/error?error=Verification`;

describe.each(["jwt", "database"] as const)("with %s sessions", (strategy) => {
  test("the link to the new address changes it, verified; the other sessions end, this one stays; the old address is told", async () => {
    configure(strategy);
    const { browser, email, userId } = await account();
    const other = createBrowser();
    await signIn(other, email);
    expect(await sessionEmail(other)).toBe(email);

    const page = await (await browser.fetch(`${origin}/auth/email/change`, { headers: { accept: "text/html" } })).text();
    expect(page).toContain('name="email"');
    expect(page).toContain('name="currentPassword"');
    const next = address();
    const answer = await postForm(browser, "/auth/email/change", { email: next.toUpperCase(), currentPassword: passphrase });
    expect(location(answer)).toBe(`${origin}/auth/verify-request?provider=password&type=email-change`);
    expect(await (await browser.fetch(location(answer)!)).text()).toContain("We sent a link to the new address.");
    const toNew = await smtp.waitForMail({ to: next });
    expect(toNew.subject).toBe(`Confirm your new email address for 127.0.0.1:${new URL(origin).port}`);
    expect(toNew.text).toContain("expires in 24 hours");
    const notice = await smtp.waitForMail({ to: email });
    expect(notice.subject).toContain("is being changed");
    const confirm = new URL(toNew.urls.find((u) => u.includes("/auth/email/change/confirm"))!);
    expect(notice.urls.some((u) => u.includes("/auth/email/change/cancel"))).toBe(true);
    // Nothing changes before the link is opened.
    expect((await userRow(userId)).email).toBe(email);

    const done = await browser.fetch(confirm);
    expect(location(done)).toBe(`${origin}/auth/signin?emailChanged=1`);
    expect(await (await browser.fetch(location(done)!)).text()).toContain("Your email address has been changed.");
    const row = await userRow(userId);
    expect(row.email).toBe(next);
    expect(row.emailVerified).toBeInstanceOf(Date);
    expect(await sessionEmail(other)).toBeNull();
    expect(await sessionEmail(browser)).not.toBeNull();
    if (strategy === "database") {
      const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM sessions WHERE "userId" = $1`, [userId]);
      expect(rows[0]!.n).toBe(1);
      expect(await sessionEmail(browser)).toBe(next);
    }
    expect(changes).toEqual([{ userId, email: next, previousEmail: email }]);
    // The new address signs in; the old one no longer does.
    expect(location(await signIn(createBrowser(), next))).toBe(`${origin}/home`);
    expect(location(await signIn(createBrowser(), email))).toContain("error=CredentialsSignin");
    // Single use.
    expect(location(await browser.fetch(confirm))).toBe(verificationPage());
  });
});

describe("the links", () => {
  test("a wrong, reused or expired confirmation link goes to the error page (Verification, 403) and changes nothing", async () => {
    configure("database");
    const { browser, email, userId } = await account();
    const next = address();
    const { confirm } = await requestChange(browser, email, next);
    const wrong = new URL(confirm);
    wrong.searchParams.set("token", "0".repeat(64));
    expect(location(await browser.fetch(wrong))).toBe(verificationPage());
    const otherUser = new URL(confirm);
    otherUser.searchParams.set("user", randomUUID());
    expect(location(await browser.fetch(otherUser))).toBe(verificationPage());
    const otherAddress = new URL(confirm);
    otherAddress.searchParams.set("email", address());
    expect(location(await browser.fetch(otherAddress))).toBe(verificationPage());
    expect((await browser.fetch(verificationPage())).status).toBe(403);
    expect((await userRow(userId)).email).toBe(email);

    await db.query(`UPDATE verification_token SET expires = now() - interval '1 second' WHERE identifier = $1`, [`latch:email-change:${userId}:${next}`]);
    expect(location(await browser.fetch(confirm))).toBe(verificationPage());
    expect((await userRow(userId)).email).toBe(email);
  });

  test("of two changes asked for from one address, the second's link fails once the first changed it", async () => {
    configure("database");
    const { browser, email, userId } = await account();
    const [first, second] = [address(), address()];
    const one = await requestChange(browser, email, first);
    const two = await requestChange(browser, email, second);
    expect(location(await browser.fetch(one.confirm))).toBe(`${origin}/auth/signin?emailChanged=1`);
    // The notice of the second went to an address that is no longer the account's.
    expect(location(await browser.fetch(two.confirm))).toBe(verificationPage());
    expect((await userRow(userId)).email).toBe(first);
  });

  test("the cancel link from the old address ends the pending change, and cannot itself confirm it", async () => {
    configure("database");
    const { browser, email, userId } = await account();
    const next = address();
    const { confirm, cancel } = await requestChange(browser, email, next);
    // The cancel token in the confirmation link's place does nothing.
    const swapped = new URL(confirm);
    swapped.searchParams.set("token", cancel.searchParams.get("token")!);
    expect(location(await createBrowser().fetch(swapped))).toBe(verificationPage());
    const cancelled = await createBrowser().fetch(cancel);
    expect(location(cancelled)).toBe(`${origin}/auth/signin?emailChangeCancelled=1`);
    expect(location(await browser.fetch(confirm))).toBe(verificationPage());
    expect((await userRow(userId)).email).toBe(email);
    expect(changes).toEqual([]);
    expect(location(await createBrowser().fetch(cancel))).toBe(verificationPage());
  });
});

describe("re-authentication", () => {
  test("a password user must give the current password: wrong or none goes back to the page, and nothing is mailed", async () => {
    configure("database");
    const { browser, userId } = await account();
    for (const proof of [{ currentPassword: "not my password" }, {}] as Record<string, string>[]) {
      const next = address();
      const refused = await postForm(browser, "/auth/email/change", { email: next, ...proof });
      expect(location(refused)).toBe(`${origin}/auth/email/change?error=CredentialsSignin&code=invalid_login`);
      expect(smtp.messages.some((m) => m.to.includes(next))).toBe(false);
    }
    const json = await postForm(browser, "/auth/email/change", { email: address(), currentPassword: "not my password" }, { "x-auth-return-redirect": "1" });
    expect(await json.json()).toEqual({ url: `${origin}/auth/email/change?error=CredentialsSignin&code=invalid_login` });
    const page = await (await browser.fetch(`${origin}/auth/email/change?error=CredentialsSignin`, { headers: { accept: "text/html" } })).text();
    expect(page).toContain("That is not your current password.");
    expect(await db.query(`SELECT 1 FROM verification_token WHERE identifier LIKE $1`, [`latch:email-change:${userId}:%`])).toMatchObject({ rows: [] });
  });

  test("a user with an authenticator app must give a current code; the password alone is refused", async () => {
    configure("jwt", { secondFactor: SecondFactors({ factors: ["totp", "backup"] }) });
    const { browser, email } = await account();
    const post: JsonPost = async (path, body) =>
      browser.fetch(`${origin}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ csrfToken: await csrf(browser), ...body }),
      });
    const { secret: appSecret } = await enrolTotp(post);
    const page = await (await browser.fetch(`${origin}/auth/email/change`, { headers: { accept: "text/html" } })).text();
    expect(page).toContain('name="code"');
    const next = address();
    const refused = await postForm(browser, "/auth/email/change", { email: next, currentPassword: passphrase });
    expect(location(refused)).toBe(`${origin}/auth/email/change?error=SecondFactorFreshProof`);
    expect(await (await browser.fetch(location(refused)!, { headers: { accept: "text/html" } })).text()).toContain("Confirm that it is you");
    expect(smtp.messages.some((m) => m.to.includes(next))).toBe(false);
    const wrongCode = await postForm(browser, "/auth/email/change", { email: next, code: "000000" });
    expect(location(wrongCode)).toBe(`${origin}/auth/email/change?error=SecondFactorFreshProof`);
    const { confirm } = await requestChange(browser, email, next, { code: totp(appSecret, stepNow() + 1) });
    expect(location(await browser.fetch(confirm))).toBe(`${origin}/auth/signin?emailChanged=1`);
  });

  test("a user with neither password nor factors needs a sign-in of the last five minutes", async () => {
    configure("database");
    const email = address();
    const browser = createBrowser();
    await postForm(browser, "/auth/signin/nodemailer", { email, callbackUrl: `${origin}/home` });
    expect((await browser.fetch(await linkIn(email, "/auth/callback/nodemailer"))).status).toBe(302);
    const { rows } = await db.query<{ id: string }>(`SELECT id FROM users WHERE email = $1`, [email]);
    const userId = rows[0]!.id;
    const page = await (await browser.fetch(`${origin}/auth/email/change`, { headers: { accept: "text/html" } })).text();
    expect(page).not.toContain('name="currentPassword"');
    await db.query(`UPDATE sessions SET "createdAt" = now() - interval '10 minutes' WHERE "userId" = $1`, [userId]);
    const next = address();
    expect(location(await postForm(browser, "/auth/email/change", { email: next }))).toBe(`${origin}/auth/email/change?error=SecondFactorFreshProof`);
    await db.query(`UPDATE sessions SET "createdAt" = now() WHERE "userId" = $1`, [userId]);
    const { confirm } = await requestChange(browser, email, next, {});
    expect(location(await browser.fetch(confirm))).toBe(`${origin}/auth/signin?emailChanged=1`);
    expect((await userRow(userId)).email).toBe(next);
  });

  test("signed out: the page and the POST send the browser to sign in", async () => {
    configure("database");
    const browser = createBrowser();
    expect(location(await browser.fetch(`${origin}/auth/email/change`))).toBe(`${origin}/auth/signin?callbackUrl=${encodeURIComponent(`${origin}/auth/email/change`)}`);
    expect(location(await postForm(browser, "/auth/email/change", { email: address() }))).toContain("/auth/signin?callbackUrl=");
  });
});

describe("taken addresses", () => {
  test("an address another account has gets the same answer, and nothing is mailed or stored", async () => {
    configure("database");
    const { browser, email, userId } = await account();
    const { email: taken } = await account();
    const before = smtp.messages.length;
    const answer = await postForm(browser, "/auth/email/change", { email: taken, currentPassword: passphrase });
    expect(location(answer)).toBe(`${origin}/auth/verify-request?provider=password&type=email-change`);
    expect(smtp.messages.length).toBe(before);
    expect(await db.query(`SELECT 1 FROM verification_token WHERE identifier LIKE $1`, [`latch:email-change:${userId}:%`])).toMatchObject({ rows: [] });
    expect((await userRow(userId)).email).toBe(email);
  });

  test("an address taken between the request and the link: the link is refused and nothing changes", async () => {
    configure("database");
    const { browser, email, userId } = await account();
    const next = address();
    const { confirm } = await requestChange(browser, email, next);
    await postForm(createBrowser(), "/auth/signup", { email: next, password: "someone else's passphrase" });
    expect(location(await browser.fetch(confirm))).toBe(verificationPage());
    expect((await userRow(userId)).email).toBe(email);
    expect(changes).toEqual([]);
  });
});

test("the page speaks the reader's language", async () => {
  configure("database", { languages: [de] });
  const { browser } = await account();
  const page = await (await browser.fetch(`${origin}/auth/email/change`, { headers: { accept: "text/html", "accept-language": "de" } })).text();
  expect(page).toContain("E-Mail-Adresse ändern");
  expect(page).toContain("Neue E-Mail-Adresse");
});

test("a fourth change request to one new address within 10 minutes is refused with 429", async () => {
  configure("database", { rateLimit: RateLimit({ routes: { emailChange: { ip: 100 } } }) });
  const { browser } = await account();
  const next = address();
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) statuses.push((await postForm(browser, "/auth/email/change", { email: next, currentPassword: "not my password" })).status);
  expect(statuses).toEqual([302, 302, 302, 429]);
});
