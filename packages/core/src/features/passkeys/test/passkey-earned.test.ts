/**
 * What a passkey session earned, in real Chromium with a virtual authenticator (the passkey
 * harness: Express, `@latch/pg` on PGlite, database sessions): a passkey sign-in records
 * `hwk` (or `swk` for a synced credential) and `user`, visible to the `session` callback; and a
 * passkey registered while signed in starts a session that keeps the old one's earned factors,
 * so a stolen session cannot turn a new passkey into a fresh proof for removing the user's app.
 */
import { addVirtualAuthenticator, chromiumAvailable, launchChromium } from "@latch/testing";
import { SecondFactors } from "@latch/core/second-factors";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { stepNow, totp } from "../../../../test/second-factor-client.js";
import { startPasskeyHarness, type PasskeyHarness } from "../../../../test/webauthn/harness.js";

const run = await chromiumAvailable();

describe.runIf(run)("what a passkey session earned", { timeout: 120_000 }, () => {
  let browser: Browser;
  let app: PasskeyHarness;
  const seen: Record<string, unknown>[] = [];

  beforeAll(async () => {
    [browser, app] = await Promise.all([launchChromium(), startPasskeyHarness({ enableConditionalUI: false })]);
    app.configure({ enableConditionalUI: false }, {
      secondFactor: SecondFactors(),
      callbacks: { session: ({ session }) => (seen.push({ ...session }), session) },
    });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  async function signInWithPasskey(page: Page, email?: string): Promise<void> {
    await page.goto(`${app.base}/signin?callbackUrl=${encodeURIComponent(`${app.origin}/`)}`);
    const form = page.locator("form[data-latch-webauthn=passkey]");
    if (email) await form.locator("input[name=email]").fill(email);
    await form.locator("button[type=submit]").click();
    await page.waitForURL((url) => url.pathname === "/" || url.pathname === "/auth/second-factor");
  }

  /** A JSON POST from the page (same origin, with its cookies and a CSRF token). */
  function post(page: Page, path: string, body: Record<string, unknown>): Promise<{ status: number; body: Record<string, unknown> }> {
    return page.evaluate(async ({ path, body }) => {
      const { csrfToken } = await (await fetch("/auth/csrf")).json();
      const response = await fetch(path, { method: "POST", headers: { "content-type": "application/json", accept: "application/json" }, body: JSON.stringify({ csrfToken, ...body }) });
      const text = await response.text();
      return { status: response.status, body: response.headers.get("content-type")?.includes("json") ? JSON.parse(text) : { page: response.url } };
    }, { path, body });
  }

  async function sessionRow(email: string): Promise<{ auth_time: number; mfa_time: number | null; amr: string[] }> {
    const { rows } = await app.db.query<{ auth_time: string; mfa_time: string | null; amr: string[] }>(
      `SELECT s.auth_time, s.mfa_time, s.amr FROM sessions s JOIN users u ON u.id = s."userId" WHERE u.email = $1 ORDER BY s.id DESC LIMIT 1`,
      [email],
    );
    const row = rows[0]!;
    return { auth_time: Number(row.auth_time), mfa_time: row.mfa_time === null ? null : Number(row.mfa_time), amr: row.amr };
  }

  test("a passkey sign-in records hwk and user; a passkey added from a stolen session is no fresh proof", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const first = await addVirtualAuthenticator(page);
    const email = "earned-passkey@example.com";
    await signInWithPasskey(page, email);
    expect(await sessionRow(email)).toMatchObject({ amr: ["hwk", "user"], mfa_time: null });
    await page.evaluate(() => fetch("/auth/session"));
    expect(seen.at(-1)).toMatchObject({ amr: ["hwk", "user"], auth_time: expect.any(Number) });

    // The user sets up an app; the next passkey sign-in answers it.
    const enrol = await post(page, "/auth/second-factor/enrol", { kind: "totp" });
    const secret = enrol.body.secret as string;
    expect((await post(page, "/auth/second-factor/confirm", { code: totp(secret, stepNow() - 1) })).status).toBe(200);
    await page.goto(`${app.base}/signout`);
    await page.locator("form button, form [type=submit]").first().click();
    await page.waitForURL((url) => !url.pathname.endsWith("/signout"));
    await signInWithPasskey(page);
    expect(new URL(page.url()).pathname).toBe("/auth/second-factor");
    // The answer redirects to the callback URL, which the page's fetch follows.
    expect(await post(page, "/auth/second-factor", { code: totp(secret, stepNow()) })).toMatchObject({ status: 200, body: { page: `${app.origin}/` } });
    expect(await sessionRow(email)).toMatchObject({ amr: ["hwk", "user", "otp", "mfa"] });

    // An hour later the session is stolen: removing the app needs a code.
    await app.db.query(`UPDATE sessions SET "createdAt" = now() - interval '1 hour', auth_time = auth_time - 3600, mfa_time = mfa_time - 3600`);
    const stolen = await sessionRow(email);
    expect((await post(page, "/auth/second-factor/remove", { kind: "totp" })).status).toBe(403);

    // Adding a passkey in that browser starts a new session that keeps the old one's factors.
    await first.remove();
    await addVirtualAuthenticator(page);
    await page.goto(`${app.origin}/add`);
    const reloaded = page.waitForEvent("load");
    await page.locator("button[type=submit]").click();
    await reloaded;
    const { rows } = await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM authenticators a JOIN users u ON u.id = a."userId" WHERE u.email = $1`, [email]);
    expect(rows[0]!.n).toBe(2);
    expect(await sessionRow(email)).toMatchObject({ auth_time: stolen.auth_time, mfa_time: stolen.mfa_time });
    const removal = await post(page, "/auth/second-factor/remove", { kind: "totp" });
    expect(removal).toMatchObject({ status: 403, body: { error: "SecondFactorFreshProof" } });
    await context.close();
  });
});
