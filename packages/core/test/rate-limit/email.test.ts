/**
 * Rate limits on email sign-in, through Express on a real socket, with real SMTP and PGlite: the
 * links sent to one address are limited (whatever its spelling), the links sent from one client
 * are limited, and an address whose links fail to verify again and again backs off.
 */
import Nodemailer from "@latch/core/providers/nodemailer";
import { RateLimit } from "@latch/core/rate-limit";
import { startSmtpServer, type SmtpTestServer } from "@latch/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { createBrowser, startEmailHarness, type EmailHarness } from "../email/harness.js";

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
beforeEach(() => smtp.clear());

describe("email sign-in", () => {
  test("links to one address: the account limit holds across its spellings, and nothing is sent past it", async () => {
    h.configure({ rateLimit: RateLimit({ routes: { email: { ip: 100, account: 3 } } }) });
    const statuses: number[] = [];
    for (const email of ["victim@example.com", "Victim@Example.com", " VICTIM@example.com", "victim@EXAMPLE.com", "victim@example.com"]) {
      statuses.push((await h.requestLink(createBrowser(), "nodemailer", email)).status);
    }
    expect(statuses).toEqual([302, 302, 302, 429, 429]);
    expect(smtp.messages).toHaveLength(3);
  });

  test("links from one client: the address limit holds across addresses", async () => {
    h.configure({ rateLimit: RateLimit({ routes: { email: { ip: 2, account: 100 } } }) });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await h.requestLink(createBrowser(), "nodemailer", `someone${i}@example.com`)).status);
    expect(statuses).toEqual([302, 302, 429, 429, 429]);
    expect(smtp.messages).toHaveLength(2);
  });

  test("an address whose links keep failing to verify backs off: no new link is sent for a while", async () => {
    h.configure({ rateLimit: RateLimit({ routes: { email: { ip: 100, account: 100 }, callback: { ip: 100, account: 100 } }, lockout: { freeFailures: 3 } }) });
    const browser = createBrowser();
    for (let i = 0; i < 3; i++) {
      const response = await browser.fetch(`${h.base}/callback/nodemailer?${new URLSearchParams({ token: `wrong${i}`, email: "target@example.com", callbackUrl: h.origin })}`);
      expect(new URL(response.headers.get("location")!).searchParams.get("error")).toBe("Verification");
    }
    const refused = await h.requestLink(createBrowser(), "nodemailer", "target@example.com");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(smtp.messages).toHaveLength(0);
    // Another address is served.
    expect((await h.requestLink(createBrowser(), "nodemailer", "bystander@example.com")).status).toBe(302);
    expect(smtp.messages).toHaveLength(1);
  });
});
