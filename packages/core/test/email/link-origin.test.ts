/**
 * Magic-link poisoning: a sign-in request whose request line is in absolute form
 * (`POST http://attacker.example/auth/signin/nodemailer HTTP/1.1`) or whose `Host` is forged must
 * still mail a link to the site. Express on a real socket, the Nodemailer provider delivering to
 * the real SMTP server of `@latch/testing`.
 */
import Nodemailer from "@latch/core/providers/nodemailer";
import { sendAttack, startSmtpServer, type SmtpTestServer } from "@latch/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { startEmailHarness, type EmailHarness } from "./harness.js";

let smtp: SmtpTestServer;
let h: EmailHarness;
const site = "https://app.example.test";

beforeAll(async () => {
  smtp = await startSmtpServer();
  h = await startEmailHarness([Nodemailer({ server: smtp.url, from: "no-reply@latch.test" })]);
});
afterAll(async () => {
  await h?.close();
  await smtp?.close();
});
beforeEach(() => {
  h.configure({});
  smtp.clear();
});

/**
 * GET /csrf, then POST /signin/nodemailer with `target` on the request line and `host` as the
 * `Host` header, over a raw socket. Returns the sign-in link of the mail that was sent.
 */
async function mailedLink(target: string, host: string, email: string): Promise<URL> {
  const server = { host: "127.0.0.1", port: Number(new URL(h.origin).port) };
  const csrf = await sendAttack({ method: "GET", target: "/auth/csrf", headers: { host: new URL(h.origin).host } }, server);
  const cookie = ([] as string[]).concat(csrf.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
  const { csrfToken } = JSON.parse(csrf.body) as { csrfToken: string };
  const response = await sendAttack(
    {
      method: "POST",
      target,
      headers: { host, cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, email }).toString(),
    },
    server,
  );
  expect(response.status, response.body).toBe(302);
  const mail = await smtp.waitForMail({ to: email });
  const links = mail.urls.filter((url) => url.includes("/auth/callback/nodemailer"));
  expect(links).toHaveLength(1);
  return new URL(links[0]!);
}

describe("the mailed link's origin", () => {
  test("an absolute-form request line does not move the link (trusted Host, no site URL)", async () => {
    const link = await mailedLink("http://attacker.example/auth/signin/nodemailer", new URL(h.origin).host, "ada@example.com");
    expect(link.origin).toBe(h.origin);
  });

  test("with a site URL, neither the request line nor a forged Host moves the link", async () => {
    h.configure({ siteUrl: site });
    const link = await mailedLink("http://attacker.example/auth/signin/nodemailer", "attacker.example", "grace@example.com");
    expect(link.origin).toBe(site);
    expect(new URL(link.searchParams.get("callbackUrl")!).origin).toBe(site);
  });

  test("with AUTH_URL in the environment, neither the request line nor a forged Host moves the link", async () => {
    const before = process.env.AUTH_URL;
    process.env.AUTH_URL = site;
    try {
      h.configure({}); // a new config object: the environment is read again
      const link = await mailedLink("http://attacker.example/auth/signin/nodemailer", "attacker.example", "linus@example.com");
      expect(link.origin).toBe(site);
    } finally {
      if (before === undefined) delete process.env.AUTH_URL;
      else process.env.AUTH_URL = before;
    }
  });
});
