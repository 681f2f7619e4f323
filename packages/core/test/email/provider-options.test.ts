/**
 * The email provider's own options, end to end (real SMTP server, `@latch/pg` on PGlite):
 * `generateVerificationToken`, the provider's `secret` for hashing tokens, and `maxAge`.
 */
import Nodemailer from "@latch/core/providers/nodemailer";
import { startSmtpServer, type SmtpTestServer } from "@latch/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { authJsHash, createBrowser, oldSecret, startEmailHarness, type EmailHarness } from "./harness.js";

let smtp: SmtpTestServer;
let h: EmailHarness;

beforeAll(async () => {
  smtp = await startSmtpServer();
  h = await startEmailHarness([]);
});
afterAll(async () => {
  await h?.close();
  await smtp?.close();
});
beforeEach(async () => {
  smtp.clear();
  await h.db.query("DELETE FROM verification_token");
});

function use(options: Record<string, unknown>): void {
  h.configure({ providers: [Nodemailer({ server: smtp.url, from: "Latch Test <no-reply@latch.test>", ...options })] });
}

/** Asks for a link for `email`, opens it, and returns its token and whether the browser is signed in. */
async function signInByLink(email: string): Promise<{ token: string; signedIn: boolean }> {
  const browser = createBrowser();
  expect((await h.requestLink(browser, "nodemailer", email)).status).toBe(302);
  const mail = await smtp.waitForMail({ to: email });
  const link = mail.urls.find((url) => url.includes("/auth/callback/nodemailer"))!;
  const token = new URL(link).searchParams.get("token")!;
  await browser.fetch(link);
  return { token, signedIn: (await h.session(browser))?.user?.email === email };
}

describe("email provider options", { timeout: 60_000 }, () => {
  test("generateVerificationToken makes the link's token; the database keeps its hash", async () => {
    use({ generateVerificationToken: () => "app-made-token-0001" });
    const browser = createBrowser();
    await h.requestLink(browser, "nodemailer", "gen@example.com");
    const [row] = await h.tokens();
    expect(row!.token).toBe(authJsHash("app-made-token-0001", oldSecret));
    smtp.clear();
    await h.db.query("DELETE FROM verification_token");
    const { token, signedIn } = await signInByLink("gen@example.com");
    expect(token).toBe("app-made-token-0001");
    expect(signedIn).toBe(true);
  });

  test("a generator that gives an empty string falls back to 32 random bytes", async () => {
    use({ generateVerificationToken: async () => "" });
    const { token, signedIn } = await signInByLink("empty@example.com");
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(signedIn).toBe(true);
  });

  test("the provider's secret hashes its tokens instead of AUTH_SECRET", async () => {
    use({ secret: "provider-own-secret-0123456789" });
    const browser = createBrowser();
    await h.requestLink(browser, "nodemailer", "own@example.com");
    const mail = await smtp.waitForMail({ to: "own@example.com" });
    const link = mail.urls.find((url) => url.includes("/auth/callback/nodemailer"))!;
    const token = new URL(link).searchParams.get("token")!;
    const [row] = await h.tokens();
    expect(row!.token).toBe(authJsHash(token, "provider-own-secret-0123456789"));
    expect(row!.token).not.toBe(authJsHash(token, oldSecret));
    await browser.fetch(link);
    expect((await h.session(browser))?.user?.email).toBe("own@example.com");
  });

  test("maxAge sets when the link expires", async () => {
    use({ maxAge: 600 });
    const before = Date.now();
    await h.requestLink(createBrowser(), "nodemailer", "short@example.com");
    const [row] = await h.tokens();
    const lifetime = new Date(row!.expires).valueOf() - before;
    expect(lifetime).toBeGreaterThan(590_000);
    expect(lifetime).toBeLessThan(660_000);
  });
});

describe("pages.newUser", { timeout: 60_000 }, () => {
  test("the first sign-in of a new user goes to the newUser page with the callbackUrl; the next goes to the callbackUrl", async () => {
    h.configure({ providers: [Nodemailer({ server: smtp.url, from: "Latch Test <no-reply@latch.test>" })], pages: { newUser: "/welcome" } });
    const landings: string[] = [];
    for (let round = 0; round < 2; round++) {
      smtp.clear();
      const browser = createBrowser();
      await h.requestLink(browser, "nodemailer", "fresh@example.com");
      const mail = await smtp.waitForMail({ to: "fresh@example.com" });
      const response = await browser.fetch(mail.urls.find((url) => url.includes("/auth/callback/nodemailer"))!);
      landings.push(response.headers.get("location")!);
    }
    expect(landings).toEqual([`${h.origin}/welcome?callbackUrl=${encodeURIComponent(`${h.origin}/done`)}`, `${h.origin}/done`]);
  });
});
