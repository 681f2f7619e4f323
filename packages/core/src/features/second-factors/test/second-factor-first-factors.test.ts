/**
 * The step-up after each kind of first factor, over real HTTP (Express + Latch + `@latch/pg` on
 * PGlite): OpenID Connect against the real OpenID Provider (`oidc-provider` on 127.0.0.1), and the
 * email link delivered by Nodemailer to a real SMTP server, whose second factor here is a code
 * sent to the same server. No response before the second factor sets a session cookie.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { PGlite } from "@electric-sql/pglite";
import type { Account, AuthConfig, Profile } from "@latch/core";
import Nodemailer from "@latch/core/providers/nodemailer";
import { SecondFactors } from "@latch/core/second-factors";
import { ExpressAuth } from "@latch/express";
import { PostgresAdapter, migrate } from "@latch/pg";
import { createBrowser, startOpenIDProvider, startSmtpServer, type OpenIDProvider, type SmtpTestServer, type TestBrowser } from "@latch/testing";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { enrolTotp, totp, type JsonPost } from "../../../../test/second-factor-client.js";

const secret = "step-up-e2e-secret-0123456789-abcdefghijklmnopqrstuvwxyz";
let db: PGlite;
let op: OpenIDProvider;
let smtp: SmtpTestServer;
let server: Server;
let origin: string;
let config: AuthConfig;
const signIns: { account: Account | null; profile?: Profile }[] = [];

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
  await op.setClient({ client_id: "step-up", client_secret: "step-up-secret", redirect_uris: [`${origin}/auth/callback/op`] });
});
afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server?.closeAllConnections();
  await Promise.all([op?.close(), smtp?.close()]);
  await db?.close();
});

function configure(strategy: "jwt" | "database", required = false): void {
  config = {
    secret,
    trustHost: true,
    adapter: PostgresAdapter(db),
    session: { strategy },
    logger: { error: () => {}, warn: () => {}, debug: () => {} },
    providers: [
      { id: "op", name: "OP", type: "oidc", issuer: op.issuer, clientId: "step-up", clientSecret: "step-up-secret" },
      Nodemailer({ server: smtp.url, from: "Latch Test <no-reply@latch.test>" }),
    ],
    account: { linking: "verified-email", trustedProviders: ["op"] },
    secondFactor: SecondFactors({ factors: ["totp", "backup", "email"], required }),
    events: { signIn: ({ account, profile }) => void signIns.push({ account, profile }) },
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

/** Follows a flow from `start`, recording every response, until it leaves the redirects. */
async function run(browser: TestBrowser, responses: Response[], start: Response): Promise<URL> {
  responses.push(start);
  let location = start.headers.get("location");
  let url = new URL(start.url || origin);
  while (location) {
    url = new URL(location, url);
    const response = await browser.fetch(url);
    responses.push(response);
    location = response.status >= 300 && response.status < 400 ? response.headers.get("location") : null;
  }
  return url;
}

function setsSessionCookie(response: Response): boolean {
  return response.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token") && !/^[^=]+=;/.test(c));
}

async function postForm(browser: TestBrowser, path: string, fields: Record<string, string>): Promise<Response> {
  const { csrfToken } = (await (await browser.fetch(`${origin}/auth/csrf`)).json()) as { csrfToken: string };
  return browser.fetch(`${origin}${path}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ csrfToken, ...fields }) });
}

async function sessionOf(browser: TestBrowser): Promise<{ user?: { email?: string } } | null> {
  return (await (await browser.fetch(`${origin}/auth/session`)).json()) as never;
}

describe.each(["jwt", "database"] as const)("OpenID Connect first factor, %s sessions", (strategy) => {
  test("the provider's sign-in waits for the app's code; the account's tokens and profile reach the session start", async () => {
    configure(strategy);
    op.setAccount({ sub: `oidc-${strategy}`, email: `oidc-${strategy}@example.com`, email_verified: true, name: "OIDC User" });
    op.signInAs(`oidc-${strategy}`);
    const setup = createBrowser();
    const first = await run(setup, [], await postForm(setup, "/auth/signin/op", { callbackUrl: `${origin}/done` }));
    expect(first.pathname).toBe("/done");
    const enrolled = await enrolTotp(poster(setup));

    signIns.length = 0;
    const browser = createBrowser();
    const responses: Response[] = [];
    const landed = await run(browser, responses, await postForm(browser, "/auth/signin/op", { callbackUrl: `${origin}/done` }));
    expect(landed.href).toBe(`${origin}/auth/second-factor`);
    expect(responses.some(setsSessionCookie)).toBe(false);
    expect(await sessionOf(browser)).toBeNull();
    expect(signIns).toEqual([]);

    const answer = await postForm(browser, "/auth/second-factor", { code: totp(enrolled.secret, enrolled.confirmedStep + 1) });
    expect(answer.headers.get("location")).toBe(`${origin}/done`);
    expect(setsSessionCookie(answer)).toBe(true);
    expect(await sessionOf(browser)).toMatchObject({ user: { email: `oidc-${strategy}@example.com` } });
    expect(signIns).toHaveLength(1);
    expect(signIns[0]!.account).toMatchObject({ provider: "op", type: "oidc", providerAccountId: `oidc-${strategy}` });
    expect(signIns[0]!.account!.access_token).toBeTruthy();
    expect(signIns[0]!.profile).toMatchObject({ sub: `oidc-${strategy}` });
  });
});

describe("email link first factor", () => {
  test("the link's sign-in waits for the app's code; a code to the same mailbox is not offered as the second factor", async () => {
    configure("database");
    const email = "linked@example.com";
    const linkIn = async (browser: TestBrowser, responses: Response[]) => {
      await postForm(browser, "/auth/signin/nodemailer", { email, callbackUrl: `${origin}/done` });
      const mail = await smtp.waitForMail({ to: email });
      const link = mail.urls.find((url) => url.includes("/auth/callback/nodemailer"))!;
      return run(browser, responses, await browser.fetch(link));
    };
    const setup = createBrowser();
    expect((await linkIn(setup, [])).pathname).toBe("/done");
    const enrolled = await enrolTotp(poster(setup));

    const browser = createBrowser();
    const responses: Response[] = [];
    expect((await linkIn(browser, responses)).href).toBe(`${origin}/auth/second-factor`);
    const page = await browser.fetch(`${origin}/auth/second-factor`, { headers: { accept: "text/html" } });
    expect(await page.text()).not.toContain("Email me a code");
    const kinds = await browser.fetch(`${origin}/auth/second-factor`, { headers: { accept: "application/json" } });
    expect(await kinds.json()).toEqual({ factors: ["totp", "backup"], remember: false });
    const before = smtp.messages.length;
    const sent = await postForm(browser, "/auth/second-factor", { send: "email" });
    expect(sent.status).toBe(400);
    expect(smtp.messages.length).toBe(before);
    expect(responses.some(setsSessionCookie)).toBe(false);
    expect(await sessionOf(browser)).toBeNull();

    const answer = await postForm(browser, "/auth/second-factor", { code: totp(enrolled.secret, enrolled.confirmedStep + 1) });
    expect(answer.headers.get("location")).toBe(`${origin}/done`);
    expect(await sessionOf(browser)).toMatchObject({ user: { email } });
  });
});

describe("an emailed code as the second factor after OpenID Connect", () => {
  test("required, no app: the provider's sign-in waits for a code by email, which works once", async () => {
    configure("jwt", true);
    const email = "required-by-mail@example.com";
    op.setAccount({ sub: "required-by-mail", email, email_verified: true, name: "Mail" });
    op.signInAs("required-by-mail");
    const signInWithOp = async (browser: TestBrowser, responses: Response[]) =>
      run(browser, responses, await postForm(browser, "/auth/signin/op", { callbackUrl: `${origin}/done` }));

    const browser = createBrowser();
    const responses: Response[] = [];
    expect((await signInWithOp(browser, responses)).href).toBe(`${origin}/auth/second-factor`);
    const kinds = await browser.fetch(`${origin}/auth/second-factor`, { headers: { accept: "application/json" } });
    expect(await kinds.json()).toEqual({ factors: ["email"], remember: false });
    const page = await browser.fetch(`${origin}/auth/second-factor`, { headers: { accept: "text/html" } });
    expect(await page.text()).toContain("Email me a code");

    const sent = await postForm(browser, "/auth/second-factor", { send: "email" });
    responses.push(sent);
    expect(sent.headers.get("location")).toBe(`${origin}/auth/second-factor?sent=email`);
    const code = /\b(\d{6})\b/.exec((await smtp.waitForMail({ to: email })).text)![1]!;
    expect(responses.some(setsSessionCookie)).toBe(false);
    expect(await sessionOf(browser)).toBeNull();
    expect((await postForm(browser, "/auth/second-factor", { code })).headers.get("location")).toBe(`${origin}/done`);
    expect(await sessionOf(browser)).toMatchObject({ user: { email } });

    // The same code in a new waiting sign-in: refused.
    const again = createBrowser();
    await signInWithOp(again, []);
    expect((await postForm(again, "/auth/second-factor", { code, kind: "email" })).headers.get("location")).toContain("error=SecondFactorInvalid");
    expect(await sessionOf(again)).toBeNull();
  });
});

describe("an emailed code as the first factor (no password, no link)", () => {
  const codeIn = async (email: string) => {
    const mail = await smtp.waitForMail({ to: email });
    return /\b(\d{6})\b/.exec(mail.text)![1]!;
  };

  test("a known user gets a code that signs in once, and the address counts as proven", async () => {
    configure("database");
    const email = "code-only@example.com";
    await PostgresAdapter(db).createUser!({ id: crypto.randomUUID(), email, emailVerified: null, name: null, image: null });
    const browser = createBrowser();
    const responses: Response[] = [];
    const page = await browser.fetch(`${origin}/auth/second-factor/email-sign-in`, { headers: { accept: "text/html" } });
    expect(await page.text()).toContain('name="email"');
    const asked = await postForm(browser, "/auth/second-factor/email-sign-in", { email: ` ${email.toUpperCase()} `, callbackUrl: `${origin}/done` });
    responses.push(asked);
    expect(asked.headers.get("location")).toBe(`${origin}/auth/second-factor/email-sign-in?sent=email`);
    const code = await codeIn(email);
    const form = await browser.fetch(`${origin}/auth/second-factor/email-sign-in?sent=email`, { headers: { accept: "text/html" } });
    expect(await form.text()).toContain('name="code"');

    const wrong = await postForm(browser, "/auth/second-factor/email-sign-in", { code: code === "000000" ? "111111" : "000000" });
    responses.push(wrong);
    expect(wrong.headers.get("location")).toBe(`${origin}/auth/second-factor/email-sign-in?error=SecondFactorInvalid`);
    expect(responses.some(setsSessionCookie)).toBe(false);

    const right = await postForm(browser, "/auth/second-factor/email-sign-in", { code });
    expect(right.headers.get("location")).toBe(`${origin}/done`);
    expect(await sessionOf(browser)).toMatchObject({ user: { email } });
    const row = (await db.query<{ emailVerified: Date | null }>(`SELECT "emailVerified" FROM users WHERE email = $1`, [email])).rows[0]!;
    expect(row.emailVerified).toBeInstanceOf(Date);

    // The same code again, from another browser that asked for that address: refused.
    const other = createBrowser();
    await postForm(other, "/auth/second-factor/email-sign-in", { email, callbackUrl: `${origin}/done` });
    await codeIn(email);
    const replay = await postForm(other, "/auth/second-factor/email-sign-in", { code });
    expect(replay.headers.get("location")).toContain("error=SecondFactorInvalid");
    expect(await sessionOf(other)).toBeNull();
  });

  test("an unknown address gets the same answer and no mail; no code works for it", async () => {
    configure("database");
    const browser = createBrowser();
    const before = smtp.messages.length;
    const asked = await postForm(browser, "/auth/second-factor/email-sign-in", { email: "nobody-here@example.com", callbackUrl: `${origin}/done` });
    expect(asked.headers.get("location")).toBe(`${origin}/auth/second-factor/email-sign-in?sent=email`);
    expect(smtp.messages.length).toBe(before);
    const answer = await postForm(browser, "/auth/second-factor/email-sign-in", { code: "123456" });
    expect(answer.headers.get("location")).toContain("error=SecondFactorInvalid");
    expect(await sessionOf(browser)).toBeNull();
  });

  test("after 5 wrong codes the right one is refused; a user with an app still answers the challenge", async () => {
    configure("jwt");
    const email = "code-then-app@example.com";
    await PostgresAdapter(db).createUser!({ id: crypto.randomUUID(), email, emailVerified: new Date(), name: null, image: null });
    const browser = createBrowser();
    await postForm(browser, "/auth/second-factor/email-sign-in", { email, callbackUrl: `${origin}/done` });
    const first = await codeIn(email);
    for (let i = 0; i < 5; i++) {
      const wrong = String((Number(first) + 1 + i) % 1_000_000).padStart(6, "0");
      expect((await postForm(browser, "/auth/second-factor/email-sign-in", { code: wrong })).headers.get("location")).toContain("error=SecondFactorInvalid");
    }
    expect((await postForm(browser, "/auth/second-factor/email-sign-in", { code: first })).headers.get("location")).toContain("error=SecondFactorInvalid");
    expect(await sessionOf(browser)).toBeNull();

    // A new code signs in; with an app enrolled, the code is the first factor and the app the second.
    await postForm(browser, "/auth/second-factor/email-sign-in", { email, callbackUrl: `${origin}/done` });
    const second = await codeIn(email);
    expect((await postForm(browser, "/auth/second-factor/email-sign-in", { code: second })).headers.get("location")).toBe(`${origin}/done`);
    const enrolled = await enrolTotp(poster(browser));
    await postForm(browser, "/auth/signout", {});
    expect(await sessionOf(browser)).toBeNull();
    await postForm(browser, "/auth/second-factor/email-sign-in", { email, callbackUrl: `${origin}/done` });
    const third = await codeIn(email);
    const held = await postForm(browser, "/auth/second-factor/email-sign-in", { code: third });
    expect(held.headers.get("location")).toBe(`${origin}/auth/second-factor`);
    expect(setsSessionCookie(held)).toBe(false);
    const answer = await postForm(browser, "/auth/second-factor", { code: totp(enrolled.secret, enrolled.confirmedStep + 1) });
    expect(answer.headers.get("location")).toBe(`${origin}/done`);
    expect(await sessionOf(browser)).toMatchObject({ user: { email } });
  });
});

test("required, no app, first factor an emailed code: nothing usable is left, so on to enrolment, still without a session", async () => {
  configure("database", true);
  const email = "required-code-only@example.com";
  await PostgresAdapter(db).createUser!({ id: crypto.randomUUID(), email, emailVerified: new Date(), name: null, image: null });
  const browser = createBrowser();
  await postForm(browser, "/auth/second-factor/email-sign-in", { email, callbackUrl: `${origin}/done` });
  const signInCode = /\b(\d{6})\b/.exec((await smtp.waitForMail({ to: email })).text)![1]!;
  const answered = await postForm(browser, "/auth/second-factor/email-sign-in", { code: signInCode });
  expect(answered.headers.get("location")).toBe(`${origin}/auth/second-factor/enrol?callbackUrl=${encodeURIComponent(`${origin}/auth/second-factor`)}`);
  expect(setsSessionCookie(answered)).toBe(false);
  expect(await sessionOf(browser)).toBeNull();
});
