/**
 * Email sign-in end to end: Latch over real HTTP, the Nodemailer provider delivering to a real SMTP
 * server, tokens stored by `@latch/pg` on PGlite.
 */
import Nodemailer from "@latch/core/providers/nodemailer";
import { startSmtpServer, type SmtpTestServer } from "@latch/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { authJsHash, createBrowser, newSecret, oldSecret, startEmailHarness, type EmailHarness } from "./harness.js";

let smtp: SmtpTestServer;
let h: EmailHarness;

beforeAll(async () => {
  smtp = await startSmtpServer();
  h = await startEmailHarness([Nodemailer({ server: smtp.url, from: "Latch Test <no-reply@latch.test>" })]);
});
afterAll(async () => {
  await h?.close();
  await smtp?.close();
});
beforeEach(async () => {
  h.configure({});
  smtp.clear();
  await h.db.query("DELETE FROM verification_token");
});

/** The sign-in link in the one mail sent to `email`. */
async function linkFor(email: string): Promise<string> {
  const mail = await smtp.waitForMail({ to: email });
  const links = mail.urls.filter((url) => url.includes("/auth/callback/nodemailer"));
  expect(links).toHaveLength(1);
  return links[0]!;
}

describe("email sign-in", () => {
  test("one mail, a working link, signed in, emailVerified set, token gone; the link works once", async () => {
    const browser = createBrowser();
    const email = "ada@example.com";
    const response = await h.requestLink(browser, "nodemailer", email);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${h.base}/verify-request?provider=nodemailer&type=email`);

    const link = await linkFor(email);
    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.messages[0]!;
    expect(mail.to).toEqual([email]);
    expect(mail.headerTo).toEqual([email]);
    expect(mail.subject).toBe(`Sign in to ${new URL(h.origin).host}`);
    expect(mail.text).toContain(link);
    expect(mail.html).toContain("expires in 24 hours");

    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toBe(`${h.base}/callback/nodemailer`);
    expect(url.searchParams.get("email")).toBe(email);
    expect(url.searchParams.get("callbackUrl")).toBe(`${h.origin}/done`);
    const token = url.searchParams.get("token")!;
    expect(token).toMatch(/^[0-9a-f]{64}$/);

    // The adapter holds sha256(token + secret), never the token of the link.
    const [row] = await h.tokens();
    expect(row!.identifier).toBe(email);
    expect(row!.token).not.toBe(token);
    expect(row!.token).toBe(authJsHash(token, oldSecret));
    const lifetime = row!.expires.getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(86_390_000);
    expect(lifetime).toBeLessThanOrEqual(86_400_000);

    const callback = await browser.fetch(link);
    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).toBe(`${h.origin}/done`);
    expect((await h.session(browser))?.user?.email).toBe(email);
    expect((await h.user(email))?.emailVerified).toBeInstanceOf(Date);
    expect(await h.tokens()).toHaveLength(0);

    // Again, from a browser with no session: refused, no session.
    const other = createBrowser();
    const again = await other.follow(link);
    expect(again.url.pathname).toBe("/auth/error");
    expect(again.url.searchParams.get("error")).toBe("Verification");
    expect(again.response.status).toBe(403);
    expect(await h.session(other)).toBeNull();

    // No log line holds the token or the link.
    expect(h.logs.join("\n")).not.toContain(token);
  });

  test("emailVerified of an existing user is set once, on the first email sign-in", async () => {
    const email = "grace@example.com";
    await h.db.query(`INSERT INTO users (id, email, "emailVerified") VALUES ('u-grace', $1, NULL)`, [email]);
    const first = createBrowser();
    await h.requestLink(first, "nodemailer", email);
    await first.fetch(await linkFor(email));
    const verified = (await h.user(email))!.emailVerified!;
    expect(verified).toBeInstanceOf(Date);
    expect((await h.session(first))?.user?.email).toBe(email);

    const second = createBrowser();
    await h.requestLink(second, "nodemailer", email);
    await second.fetch(await linkFor(email));
    expect((await h.user(email))!.emailVerified!.getTime()).toBe(verified.getTime());
    expect((await h.user(email))!.id).toBe("u-grace");
  });

  test("a token written in the Auth.js format verifies", async () => {
    const email = "authjs@example.com";
    const token = "3f1c".repeat(16);
    await h.db.query("INSERT INTO verification_token (identifier, token, expires) VALUES ($1, $2, $3)", [
      email,
      authJsHash(token, oldSecret),
      new Date(Date.now() + 60_000),
    ]);
    const browser = createBrowser();
    const query = new URLSearchParams({ callbackUrl: `${h.origin}/done`, token, email });
    const response = await browser.fetch(`${h.base}/callback/nodemailer?${query}`);
    expect(response.headers.get("location")).toBe(`${h.origin}/done`);
    expect((await h.session(browser))?.user?.email).toBe(email);
  });

  test("an expired token is refused", async () => {
    const email = "late@example.com";
    const token = "ab".repeat(32);
    await h.db.query("INSERT INTO verification_token (identifier, token, expires) VALUES ($1, $2, $3)", [
      email,
      authJsHash(token, oldSecret),
      new Date(Date.now() - 1000),
    ]);
    const browser = createBrowser();
    const { url, response } = await browser.follow(`${h.base}/callback/nodemailer?${new URLSearchParams({ token, email })}`);
    expect(url.searchParams.get("error")).toBe("Verification");
    expect(response.status).toBe(403);
    expect(await h.session(browser)).toBeNull();
    expect(await h.user(email)).toBeNull();
  });

  test("a token used with another email is refused and the real link still works", async () => {
    const email = "owner@example.com";
    const browser = createBrowser();
    await h.requestLink(browser, "nodemailer", email);
    const link = new URL(await linkFor(email));

    const forged = new URL(link);
    forged.searchParams.set("email", "intruder@example.com");
    const attacker = createBrowser();
    const refused = await attacker.follow(forged);
    expect(refused.url.searchParams.get("error")).toBe("Verification");
    expect(await h.session(attacker)).toBeNull();
    expect(await h.user("intruder@example.com")).toBeNull();

    expect(await h.tokens()).toHaveLength(1);
    await browser.fetch(link);
    expect((await h.session(browser))?.user?.email).toBe(email);
  });

  test("a link without token or email is refused", async () => {
    const browser = createBrowser();
    for (const query of ["email=x%40example.com", "token=abc", ""]) {
      const { url } = await browser.follow(`${h.base}/callback/nodemailer?${query}`);
      expect(url.searchParams.get("error")).toBe("Verification");
    }
  });

  test("signIn returning false on the verification request sends nothing and stores nothing", async () => {
    const seen: unknown[] = [];
    h.configure({
      callbacks: {
        signIn: ({ email, account, user }) => {
          seen.push({ email, account, user });
          return false;
        },
      },
    });
    const browser = createBrowser();
    const response = await h.requestLink(browser, "nodemailer", "refused@example.com");
    expect(response.headers.get("location")).toBe(`${h.base}/error?error=AccessDenied`);
    expect(seen).toEqual([
      {
        email: { verificationRequest: true },
        account: expect.objectContaining({ type: "email", provider: "nodemailer", providerAccountId: "refused@example.com" }),
        user: expect.objectContaining({ email: "refused@example.com", emailVerified: null }),
      },
    ]);
    expect(smtp.messages).toHaveLength(0);
    expect(await h.tokens()).toHaveLength(0);
  });

  test("signIn returning a URL on the verification request redirects there (through the redirect callback)", async () => {
    h.configure({ callbacks: { signIn: ({ email }) => (email?.verificationRequest ? "/waitlist" : true) } });
    const response = await h.requestLink(createBrowser(), "nodemailer", "wait@example.com");
    expect(response.headers.get("location")).toBe(`${h.origin}/waitlist`);
    expect(smtp.messages).toHaveLength(0);
    expect(await h.tokens()).toHaveLength(0);
  });

  test("a link issued under the old secret works after a new secret is put first", async () => {
    const email = "rotate@example.com";
    const browser = createBrowser();
    await h.requestLink(browser, "nodemailer", email);
    const link = await linkFor(email);

    h.configure({ secret: [newSecret, oldSecret] });
    const response = await browser.fetch(link);
    expect(response.headers.get("location")).toBe(`${h.origin}/done`);
    expect((await h.session(browser))?.user?.email).toBe(email);

    // New links are hashed with the new secret.
    const next = createBrowser();
    await h.requestLink(next, "nodemailer", email);
    const token = new URL(await linkFor(email)).searchParams.get("token")!;
    expect((await h.tokens())[0]!.token).toBe(authJsHash(token, newSecret));
  });
});
