/**
 * Passkeys in the example's build, through `@latch/sveltekit/webauthn`, in Chromium with a
 * virtual authenticator: a new address registers a passkey and is signed in; after signing out,
 * the passkey alone signs the same user in again. WebAuthn needs a domain as its relying party,
 * so this server's site is `http://localhost:<port>` (an IP address is refused by the browser).
 */
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { addVirtualAuthenticator, chromiumAvailable, launchChromium } from "@latch/testing";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startExample, type ExampleServer } from "./server.js";

const screenshots = fileURLToPath(new URL("../screenshots/", import.meta.url));
const port = await freePort();
const origin = `http://localhost:${port}`;

describe.runIf(await chromiumAvailable())("passkeys", () => {
  let server: ExampleServer;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    server = await startExample(port, { AUTH_SECRET: "passkey-secret-0123456789abcdefghijklmnopq", AUTH_URL: origin, ORIGIN: origin });
    await fetch(`http://127.0.0.1:${port}/auth/session`);
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("registers a passkey for a new address, signs out, and signs in with the passkey alone", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const authenticator = await addVirtualAuthenticator(page);
    const address = `pia-${Date.now()}@example.com`;

    await page.goto(`${origin}/passkey`);
    await page.locator("#passkey-button:enabled").waitFor({ timeout: 30_000 });
    await page.locator("#passkey-email").fill(address);
    await page.screenshot({ path: `${screenshots}passkey.png`, fullPage: true });
    await page.locator("#passkey-button").click();
    await page.waitForURL(`${origin}/protected`, { timeout: 30_000 });
    expect(await page.locator("#protected-user").innerText()).toContain(address);
    expect(await authenticator.credentials()).toHaveLength(1);

    await page.locator("form.signOutButton button").click();
    await expect.poll(() => page.locator("#whoami").innerText()).toContain("Not signed in");

    await page.goto(`${origin}/passkey`);
    await page.locator("#passkey-button:enabled").waitFor({ timeout: 30_000 });
    await page.locator("#passkey-button").click();
    await page.waitForURL(`${origin}/protected`, { timeout: 30_000 });
    expect(await page.locator("#protected-user").innerText()).toContain(address);
    await context.close();
  }, 120_000);
});
