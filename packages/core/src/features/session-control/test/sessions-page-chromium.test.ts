/**
 * The "your sessions" page in real Chromium: one user signed in with a passkey in two browser
 * contexts sees both sessions (this one marked), ends the other with the page's button (that
 * context is signed out at its next request), then signs out everywhere; the page renders under
 * its CSP without a violation. The site's pictures of the page (light and dark, English and
 * Arabic) are taken with both sessions listed (test/site-screenshots.ts). Express + Latch +
 * `@latch/pg` on PGlite, database sessions.
 */
import { languages } from "@latch/core/languages";
import { addVirtualAuthenticator, chromiumAvailable, launchChromium } from "@latch/testing";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sitePictures } from "../../../../test/site-screenshots.js";
import { startPasskeyHarness, type PasskeyHarness } from "../../../../test/webauthn/harness.js";

const run = await chromiumAvailable();

describe.runIf(run)("the sessions page in Chromium", { timeout: 120_000 }, () => {
  let browser: Browser;
  let app: PasskeyHarness;

  beforeAll(async () => {
    [browser, app] = await Promise.all([launchChromium(), startPasskeyHarness({ enableConditionalUI: false })]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const who = async (page: Page) => {
    await page.goto(`${app.origin}/`);
    return page.locator("#who").textContent();
  };

  test("lists both browsers, ends the other one, then every session", async () => {
    const violations: string[] = [];
    // One browser signs in with a passkey (registered on the way).
    const context = await browser.newContext();
    const first = await context.newPage();
    first.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await addVirtualAuthenticator(first);
    await first.goto(`${app.base}/signin?callbackUrl=${encodeURIComponent(`${app.origin}/`)}`);
    const form = first.locator("form[data-latch-webauthn=passkey]");
    await form.locator("input[name=email]").fill("sessions@example.com");
    await form.locator("button[type=submit]").click();
    await first.waitForURL((url) => url.pathname === "/");
    expect(await who(first)).toBe("sessions@example.com");
    const rows = await app.db.query<{ userId: string }>(`SELECT "userId" FROM sessions`);
    const userId = rows.rows[0]!.userId;

    // A second device of the same user: its own session row (as another browser's sign-in
    // leaves) and that row's cookie in a second browser context.
    const token = crypto.randomUUID();
    await app.db.query(`INSERT INTO sessions ("sessionToken", "userId", expires, "createdAt", "lastSeenAt", "userAgent") VALUES ($1, $2, now() + interval '1 day', now(), now(), 'Firefox 128 on Linux')`, [token, userId]);
    const other = await browser.newContext();
    await other.addCookies([{ name: "authjs.session-token", value: token, url: app.origin }]);
    const otherPage = await other.newPage();
    expect(await who(otherPage)).toBe("sessions@example.com");

    const response = await first.goto(`${app.base}/sessions`);
    expect(response!.status()).toBe(200);
    expect(response!.headers()["content-security-policy"]).toMatch(/style-src 'sha256-/);
    const entries = first.locator("li.session");
    expect(await entries.count()).toBe(2);
    expect(await first.locator("li.session", { hasText: "(this browser)" }).textContent()).toMatch(/Headless Chrome \d+ on Linux/);
    expect(await first.locator("li.session", { hasText: "Firefox 128 on Linux" }).count()).toBe(1);
    // The other session's button sits inside that session's own box, under its details (not
    // between two entries, where it reads as the next one's).
    const otherRow = first.locator("li.session", { hasText: "Firefox 128 on Linux" });
    const row = (await otherRow.boundingBox())!;
    const details = (await otherRow.locator("p").boundingBox())!;
    const button = (await otherRow.locator("button").boundingBox())!;
    expect(button.y).toBeGreaterThanOrEqual(details.y + details.height);
    expect(button.y + button.height).toBeLessThan(row.y + row.height);
    expect(button.x).toBeGreaterThan(row.x);
    expect(button.x + button.width).toBeLessThan(row.x + row.width);
    expect(await otherRow.evaluate((li) => getComputedStyle(li).borderTopStyle)).toBe("solid");
    // Dates in the page's one format (Intl, the page's language), not ISO.
    expect(await otherRow.textContent()).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    if (process.env.LATCH_SCREENSHOTS) await first.screenshot({ path: `${process.env.LATCH_SCREENSHOTS}/sessions-page.png`, fullPage: true });
    // The page as the site shows it, in the languages Latch ships (the same sessions).
    app.configure({ enableConditionalUI: false }, { languages });
    await sitePictures(first, `${app.base}/sessions`, "sessions", "sessionsTitle");
    expect(await entries.count()).toBe(2);

    // End the other browser's session with its button: back on the page, one session left.
    await first.locator("li.session", { hasText: "Firefox 128 on Linux" }).locator("button").click();
    await first.waitForURL(`${app.base}/sessions`);
    expect(await first.locator("li.session").count()).toBe(1);
    expect(await who(otherPage)).toBe("nobody");
    expect(await who(first)).toBe("sessions@example.com");

    // Sign out everywhere, this browser included.
    await first.goto(`${app.base}/sessions`);
    await first.getByRole("button", { name: "Sign out everywhere" }).click();
    await first.waitForURL((url) => !url.pathname.endsWith("/sessions/revoke"));
    expect(await who(first)).toBe("nobody");
    expect(Number((await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM sessions`)).rows[0]!.n)).toBe(0);
    expect(violations).toEqual([]);
    await context.close();
    await other.close();
  });
});
