/**
 * The sign-in email speaks the request's language, as the pages do: Latch over real HTTP, the
 * Nodemailer provider delivering to a real SMTP server, tokens in `@latch/pg` on PGlite.
 */
import { ar, fr } from "@latch/core/languages";
import Nodemailer from "@latch/core/providers/nodemailer";
import { startSmtpServer, type SmtpTestServer } from "@latch/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { createBrowser, startEmailHarness, type EmailHarness } from "./harness.js";

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
  smtp.clear();
  await h.db.query("DELETE FROM verification_token");
});

/** Asks for a link the way the sign-in page's form does, with the browser's Accept-Language. */
async function requestLink(email: string, acceptLanguage: string): Promise<Response> {
  const browser = createBrowser();
  const { csrfToken } = (await (await browser.fetch(`${h.base}/csrf`)).json()) as { csrfToken: string };
  return browser.fetch(`${h.base}/signin/nodemailer`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "accept-language": acceptLanguage },
    body: new URLSearchParams({ csrfToken, email, callbackUrl: `${h.origin}/done` }),
  });
}

describe("the sign-in email's language", () => {
  test("follows Accept-Language among the configured languages: subject, text, HTML and the lifetime", async () => {
    h.configure({ languages: [fr, ar] });
    expect((await requestLink("claude@example.com", "fr-CA,fr;q=0.9,en;q=0.5")).status).toBe(302);
    const mail = await smtp.waitForMail({ to: "claude@example.com" });
    const host = new URL(h.origin).host;
    expect(mail.subject).toBe(`Connexion à ${host}`);
    expect(mail.text).toContain("Ouvrez ce lien pour vous connecter :");
    // Intl joins the number and its unit with a no-break space.
    expect(mail.text).toMatch(/expire dans 24\sheures\./);
    expect(mail.html).toMatch(/<html lang="fr" dir="ltr">/);
    expect(mail.html).toContain(">Se connecter</a>");
  });

  test("a right-to-left language marks the HTML as such; an app's override reaches the email", async () => {
    h.configure({ languages: [fr, ar], messages: { ar: { emailButton: "ادخل الآن" } } });
    expect((await requestLink("layla@example.com", "ar")).status).toBe(302);
    const mail = await smtp.waitForMail({ to: "layla@example.com" });
    expect(mail.subject).toBe(`${ar.messages.emailSubject.replace("{host}", new URL(h.origin).host)}`);
    expect(mail.html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(mail.html).toContain(">ادخل الآن</a>");
  });

  test("is English without configured languages", async () => {
    h.configure({});
    expect((await requestLink("ada@example.com", "fr")).status).toBe(302);
    const mail = await smtp.waitForMail({ to: "ada@example.com" });
    expect(mail.subject).toBe(`Sign in to ${new URL(h.origin).host}`);
    expect(mail.text).toContain("expires in 24 hours");
  });

  test("a locale function that throws is logged, and the email goes out in the Accept-Language's language", async () => {
    h.configure({ languages: [fr], locale: () => { throw new Error("locale lookup failed"); } });
    const response = await requestLink("grace@example.com", "fr");
    expect(response.headers.get("location")).toContain("/verify-request");
    const mail = await smtp.waitForMail({ to: "grace@example.com" });
    expect(mail.subject).toBe(`Connexion à ${new URL(h.origin).host}`);
    expect(h.logs.filter((line) => line.startsWith("error LocaleError"))).toHaveLength(1);
  });
});
