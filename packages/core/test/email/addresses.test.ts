/**
 * Addresses built to confuse mail parsers are refused before anything is stored or sent: no mail
 * reaches the SMTP server, no token row, no user. Ordinary spellings of an address are normalized.
 */
import Nodemailer from "@latch/core/providers/nodemailer";
import { startSmtpServer, type SmtpTestServer } from "@latch/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { createBrowser, startEmailHarness, type EmailHarness } from "./harness.js";

let smtp: SmtpTestServer;
let h: EmailHarness;

beforeAll(async () => {
  smtp = await startSmtpServer();
  h = await startEmailHarness([Nodemailer({ server: smtp.url, from: "no-reply@latch.test" })]);
});
afterAll(async () => {
  await h?.close();
  await smtp?.close();
});
beforeEach(async () => {
  smtp.clear();
  await h.db.query("DELETE FROM verification_token");
});

const hostile = [
  `"a@evil.com"@good.com`,
  "a@good.com,b@evil.com",
  "a@good.com\r\nBcc: x@evil.com",
  "a@good.com\nBcc: x@evil.com",
  "a@good.com (comment)",
  "a@good.com(comment)",
  "Good <a@good.com>",
  "<a@evil.com>a@good.com",
  "a@good.com;b@evil.com",
  "group:a@evil.com;",
  "a@good.com b@evil.com",
  "a\\@evil.com@good.com",
  "a@[127.0.0.1]",
  "a@evil.com@good.com",
  "a＠evil.com@good.com", // a fullwidth @ that NFKC turns into a second @
  "a@good.com\u2028b@evil.com",
  "@good.com",
  "a@",
  "no-at-sign",
  "",
];

describe("confusing addresses", () => {
  test.each(hostile)("%j is refused before anything is sent or stored", async (email) => {
    const browser = createBrowser();
    const response = await h.requestLink(browser, "nodemailer", email);
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location")!);
    expect(location.pathname).toBe("/auth/signin");
    expect(location.searchParams.get("error")).toBe("EmailSignInError");
    expect(smtp.messages).toHaveLength(0);
    expect(await h.tokens()).toHaveLength(0);
    expect((await h.db.query("SELECT 1 FROM users")).rows).toHaveLength(0);
  });

  test("a request without an email field is refused", async () => {
    const browser = createBrowser();
    const { csrfToken } = (await (await browser.fetch(`${h.base}/csrf`)).json()) as { csrfToken: string };
    const response = await browser.fetch(`${h.base}/signin/nodemailer`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken }),
    });
    expect(new URL(response.headers.get("location")!).pathname).toBe("/auth/signin");
    expect(smtp.messages).toHaveLength(0);
  });

  test("the link request needs the CSRF token", async () => {
    const response = await createBrowser().fetch(`${h.base}/signin/nodemailer`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "ada@example.com" }),
    });
    expect(new URL(response.headers.get("location")!).searchParams.get("error")).toBe("MissingCSRF");
    expect(smtp.messages).toHaveLength(0);
    expect(await h.tokens()).toHaveLength(0);
  });

  test("case, surrounding space and compatibility forms are normalized to one address", async () => {
    const browser = createBrowser();
    await h.requestLink(browser, "nodemailer", "  Ａda@Example.COM ");
    const mail = await smtp.waitForMail();
    expect(mail.to).toEqual(["ada@example.com"]);
    expect((await h.tokens()).map((t) => t.identifier)).toEqual(["ada@example.com"]);
  });

  test("a provider's normalizeIdentifier replaces the default, but still cannot return a line break", async () => {
    h.configure({
      providers: [
        Nodemailer({
          server: smtp.url,
          normalizeIdentifier: (id) => (id.startsWith("raw:") ? id.slice(4) : id.trim().toLowerCase().replace(/\+.*@/, "@")),
        }),
      ],
    });
    try {
      await h.requestLink(createBrowser(), "nodemailer", "Ada+news@Example.com");
      expect((await smtp.waitForMail()).to).toEqual(["ada@example.com"]);

      smtp.clear();
      await h.db.query("DELETE FROM verification_token");
      const response = await h.requestLink(createBrowser(), "nodemailer", "raw:a@good.com\r\nBcc: x@evil.com");
      expect(new URL(response.headers.get("location")!).pathname).toBe("/auth/signin");
      expect(smtp.messages).toHaveLength(0);
      expect(await h.tokens()).toHaveLength(0);
    } finally {
      h.configure({});
    }
  });
});
