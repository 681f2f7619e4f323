/**
 * The per-user cap on wrong second-factor codes through `Auth()`, on `@latch/pg` over PGlite,
 * with the notice mailed through a real SMTP server on loopback, counted in the memory store and
 * in real Redis: each first factor opens a new waiting sign-in with its own few answers, but the
 * user's count of wrong codes goes on across them; past it even the right code is refused
 * unchecked, and the user is told once.
 */
import { PGlite } from "@electric-sql/pglite";
import { type SmtpTestServer } from "@latch/testing";
import type { Adapter, AdapterUser, AuthConfig } from "@latch/core";
import fr from "@latch/core/languages/fr";
import Nodemailer from "@latch/core/providers/nodemailer";
import { RateLimit, type RateLimitStore } from "@latch/core/rate-limit";
import { SecondFactors } from "@latch/core/second-factors";
import { describe, expect, test } from "vitest";
import { Client, origin, secret } from "../../../../test/client.js";
import { clientPost, enrolTotp, rightPasswordCredentials, stepNow, totp, usePgliteAdapter, useSmtpServer, type JsonPost } from "../../../../test/second-factor-client.js";
import { recorder } from "../../../../test/rate-limit/harness.js";
import { stores } from "../../../../test/rate-limit/network-harness.js";

let adapter: Adapter;
let smtp: SmtpTestServer;
usePgliteAdapter((running) => ({ adapter } = running));
useSmtpServer((running) => (smtp = running));

function config(store: RateLimitStore, options: { mail?: boolean; logger?: AuthConfig["logger"] } = {}): AuthConfig {
  return {
    secret,
    trustHost: true,
    adapter,
    session: { strategy: "jwt" },
    languages: [fr],
    logger: options.logger ?? recorder().logger,
    providers: [
      rightPasswordCredentials(adapter),
      ...(options.mail === false ? [] : [Nodemailer({ server: smtp.url, from: "Latch <no-reply@example.com>" })]),
    ],
    // The routes' own limits are raised: this is about the per-user count.
    rateLimit: RateLimit({ store, routes: { secondFactor: { ip: 1000 }, credentials: { ip: 1000, account: 1000 } } }),
    secondFactor: SecondFactors({ factors: ["totp", "backup"] }),
  };
}

async function newUser(): Promise<AdapterUser> {
  return adapter.createUser!({ id: crypto.randomUUID(), email: `wrong-${crypto.randomUUID().slice(0, 8)}@example.com`, emailVerified: new Date(), name: null, image: null });
}

/** A new browser whose first factor for `email` waits for the second. */
async function waiting(cfg: AuthConfig, email: string): Promise<Client> {
  const browser = new Client(cfg);
  const first = await browser.post("/auth/callback/credentials", { csrfToken: await browser.csrfToken(), email, password: "right", callbackUrl: `${origin}/home` });
  expect(first.headers.get("location")).toBe(`${origin}/auth/second-factor`);
  return browser;
}

async function answer(browser: Client, code: string, kind: string): Promise<Response> {
  return browser.post("/auth/second-factor", { csrfToken: await browser.csrfToken(), code, kind }, { "accept-language": "fr" });
}

async function session(browser: Client): Promise<unknown> {
  return (await browser.fetch("/auth/session")).json();
}

describe.each(stores("wrong-answers"))("on the $name store", ({ make }) => {
  test("the 11th code, across several waiting sign-ins, is refused unchecked even when right; the user is told once", async () => {
    const cfg = config(make());
    const user = await newUser();
    const setup = new Client(cfg);
    await setup.signIn({ email: user.email, password: "right" });
    const enrolled = await enrolTotp(clientPost(setup));
    const wrongCode = totp(enrolled.secret, stepNow() + 7);

    // Two waiting sign-ins, five wrong answers each: each is checked and refused.
    for (let i = 0; i < 2; i++) {
      const browser = await waiting(cfg, user.email);
      for (let j = 0; j < 5; j++) {
        expect((await answer(browser, wrongCode, "totp")).headers.get("location")).toBe(`${origin}/auth/second-factor?error=SecondFactorInvalid`);
      }
    }
    const notice = await smtp.waitForMail({ to: user.email });
    expect(notice.subject).toBe("Codes de connexion erronés pour votre compte sur localhost:3000");
    expect(notice.text).toContain("10");

    // A third waiting sign-in: the right app code and a right backup code are not checked.
    const third = await waiting(cfg, user.email);
    const right = await answer(third, totp(enrolled.secret, enrolled.confirmedStep + 1), "totp");
    expect(right.status).toBe(429);
    expect(right.headers.get("retry-after")).toBe("3600");
    expect(await session(third)).toBeNull();
    const backup = await answer(third, enrolled.backupCodes[0]!, "backup");
    expect(backup.status).toBe(429);
    expect(await session(third)).toBeNull();
    expect(smtp.messages.filter((m) => m.to.includes(user.email))).toHaveLength(1);

    // Another user is not held back by it.
    const other = await newUser();
    const otherSetup = new Client(cfg);
    await otherSetup.signIn({ email: other.email, password: "right" });
    const otherEnrolled = await enrolTotp(clientPost(otherSetup));
    const otherBrowser = await waiting(cfg, other.email);
    expect((await answer(otherBrowser, otherEnrolled.backupCodes[0]!, "backup")).headers.get("location")).toBe(`${origin}/home`);
  });

  test("without an email provider, the notice is a warning in the log", async () => {
    const rec = recorder();
    const cfg = config(make(), { mail: false, logger: rec.logger });
    const user = await newUser();
    const setup = new Client(cfg);
    await setup.signIn({ email: user.email, password: "right" });
    await enrolTotp(clientPost(setup));
    for (let i = 0; i < 2; i++) {
      const browser = await waiting(cfg, user.email);
      for (let j = 0; j < 5; j++) await answer(browser, "aaaa-aaaa-aaaa", "backup");
    }
    expect(rec.lines.filter((line) => line.includes("No email provider"))).toHaveLength(1);
    expect(rec.lines.join("\n")).not.toContain(user.email);
  });
});
