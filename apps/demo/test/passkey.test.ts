/**
 * The demo's passkeys in Chromium: "Sign in with Passkey" on the built-in sign-in page creates an
 * account, and the home page's "Add a passkey" adds a second passkey to it.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { addVirtualAuthenticator, chromiumAvailable, launchChromium } from "@latch/testing";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createDemoApp } from "../src/app.js";
import { openDemoDatabase, type DemoDatabase } from "../src/database.js";

const run = await chromiumAvailable();

describe.runIf(run)("demo passkeys", { timeout: 120_000 }, () => {
  let browser: Browser;
  let database: DemoDatabase;
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    [browser, database] = await Promise.all([launchChromium(), openDemoDatabase(null)]);
    const { app } = createDemoApp({ secret: "demo-passkey-test-secret-0123456789abcdef", auth: { adapter: database.adapter } });
    server = await new Promise((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
    await database?.close();
  });

  test("sign up with a passkey on the sign-in page, then add another from the home page", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const first = await addVirtualAuthenticator(page);
    await page.goto(`${origin}/auth/signin?callbackUrl=${encodeURIComponent(`${origin}/`)}`);
    const form = page.locator("form[data-latch-webauthn=passkey]");
    await form.locator("input[name=email]").fill("lin@example.com");
    await form.getByRole("button", { name: "Sign in with Passkey" }).click();
    await page.waitForURL(`${origin}/`);
    await expect.poll(() => page.locator("#who").textContent()).toContain("lin@example.com");

    await first.remove();
    const second = await addVirtualAuthenticator(page);
    const reloaded = page.waitForRequest((r) => r.isNavigationRequest() && r.url() === `${origin}/`);
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await reloaded;
    await expect.poll(async () => (await second.credentials()).length).toBe(1);
    const { rows } = await database.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM authenticators a JOIN users u ON u.id = a."userId" WHERE u.email = 'lin@example.com'`,
    );
    expect(rows[0]!.n).toBe(2);
    await context.close();
  });
});
