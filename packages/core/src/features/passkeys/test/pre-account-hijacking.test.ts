/**
 * Pre-account hijacking (PROTOCOL §6), end to end: in real Chromium an attacker registers a passkey
 * under the victim's address while signed out; the victim proves the address through the link that
 * the Nodemailer provider delivers to a real SMTP server; the attacker's passkey and session stop
 * working. `@latch/pg` on PGlite, database sessions.
 */
import Nodemailer from "@latch/core/providers/nodemailer";
import Passkey from "@latch/core/providers/passkey";
import { addVirtualAuthenticator, chromiumAvailable, launchChromium, startSmtpServer, type SmtpTestServer } from "@latch/testing";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startPasskeyHarness, type PasskeyHarness } from "../../../../test/webauthn/harness.js";

const run = await chromiumAvailable();

describe.runIf(run)("a passkey registered before the address was proven", { timeout: 120_000 }, () => {
  let browser: Browser;
  let app: PasskeyHarness;
  let smtp: SmtpTestServer;
  const events: { name: string; message: any }[] = [];

  beforeAll(async () => {
    [browser, app, smtp] = await Promise.all([launchChromium(), startPasskeyHarness(), startSmtpServer()]);
    const passkey = { enableConditionalUI: false };
    app.configure(passkey, {
      providers: [Passkey(passkey), Nodemailer({ server: smtp.url, from: "Latch Test <no-reply@latch.test>" })],
      session: { strategy: "database" },
      events: {
        authenticatorRemoved: (message) => void events.push({ name: "authenticatorRemoved", message }),
        sessionsEnded: (message) => void events.push({ name: "sessionsEnded", message }),
      },
    });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await smtp?.close();
  });

  async function who(page: Page): Promise<string> {
    await page.waitForURL((url) => url.pathname === "/" || url.pathname.startsWith("/auth/error") || (url.pathname === "/auth/signin" && url.searchParams.has("error")));
    if (new URL(page.url()).pathname !== "/") return `error:${new URL(page.url()).searchParams.get("error")}`;
    return (await page.locator("#who").textContent()) ?? "";
  }

  async function usePasskeyForm(page: Page, email?: string): Promise<void> {
    await page.goto(`${app.base}/signin?callbackUrl=${encodeURIComponent(`${app.origin}/`)}`);
    const form = page.locator("form[data-latch-webauthn=passkey]");
    if (email) await form.locator("input[name=email]").fill(email);
    await form.locator("button[type=submit]").click();
  }

  const rows = async (sql: string) => (await app.db.query<Record<string, unknown>>(sql)).rows;

  test("the victim's email sign-in removes the attacker's passkey and ends the attacker's session", async () => {
    const victim = "victim@example.com";

    // The attacker, signed out, registers a passkey under the victim's address: signed in as a new
    // user whose address nobody proved.
    const attacker = await browser.newContext();
    const attackerPage = await attacker.newPage();
    await addVirtualAuthenticator(attackerPage);
    await usePasskeyForm(attackerPage, victim);
    expect(await who(attackerPage)).toBe(victim);
    const [user] = await rows(`SELECT id, "emailVerified" FROM users WHERE email = '${victim}'`);
    expect(user!.emailVerified).toBeNull();
    const [credential] = await app.authenticators();
    expect(credential!.userId).toBe(user!.id);
    expect(await rows(`SELECT "userId" FROM sessions`)).toEqual([{ userId: user!.id }]);

    // The victim asks for a sign-in link on the sign-in page and opens it from the mail.
    const owner = await browser.newContext();
    const ownerPage = await owner.newPage();
    await ownerPage.goto(`${app.base}/signin?callbackUrl=${encodeURIComponent(`${app.origin}/`)}`);
    const emailForm = ownerPage.locator(`form[action$="/signin/nodemailer"]`);
    await emailForm.locator("input[name=email]").fill(victim);
    await emailForm.locator("button[type=submit]").click();
    await ownerPage.waitForURL((url) => url.pathname === "/auth/verify-request");
    const mail = await smtp.waitForMail({ to: victim });
    const link = mail.urls.find((url) => url.includes("/auth/callback/nodemailer"))!;
    await ownerPage.goto(link);
    expect(await who(ownerPage)).toBe(victim);

    // The same user, now proven; the passkey and its webauthn account are gone, and only the
    // owner's new session is left.
    const [proven] = await rows(`SELECT id, "emailVerified" FROM users WHERE email = '${victim}'`);
    expect(proven!.id).toBe(user!.id);
    expect(proven!.emailVerified).toBeInstanceOf(Date);
    expect(await app.authenticators()).toEqual([]);
    expect(await rows(`SELECT type FROM accounts`)).toEqual([]);
    const ownerToken = (await owner.cookies()).find((c) => c.name === "authjs.session-token")!.value;
    expect(await rows(`SELECT "sessionToken" FROM sessions`)).toEqual([{ sessionToken: ownerToken }]);
    expect(events.map((e) => e.name)).toEqual(["authenticatorRemoved", "sessionsEnded"]);
    expect(events[0]!.message).toMatchObject({ reason: "emailProven", user: { id: user!.id }, authenticator: { credentialID: credential!.credentialID } });
    expect(events[1]!.message).toMatchObject({ reason: "emailProven", user: { id: user!.id }, count: 1 });

    // The attacker's session no longer works, and neither does the attacker's passkey.
    await attackerPage.goto(`${app.origin}/`);
    expect(await attackerPage.locator("#who").textContent()).toBe("nobody");
    const before = await app.counts();
    await usePasskeyForm(attackerPage);
    expect(await who(attackerPage)).toBe("error:WebAuthnVerificationError");
    expect(await app.counts()).toEqual(before);
    await attackerPage.goto(`${app.origin}/`);
    expect(await attackerPage.locator("#who").textContent()).toBe("nobody");

    // The owner is still signed in, and a second link changes nothing more (the address is proven).
    await ownerPage.goto(`${app.origin}/`);
    expect(await ownerPage.locator("#who").textContent()).toBe(victim);
    await Promise.all([attacker.close(), owner.close()]);
  });
});
