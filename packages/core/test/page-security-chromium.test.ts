/**
 * The pages' Content-Security-Policy in real Chromium: the sign-in page with a passkey provider
 * still runs its inline script (a passkey registers and signs in) with no CSP violation, a script
 * injected later is refused, and a page on another origin cannot frame the sign-in page.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { addVirtualAuthenticator, chromiumAvailable, launchChromium } from "@latch/testing";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startPasskeyHarness, type PasskeyHarness } from "./webauthn/harness.js";

const run = await chromiumAvailable();

/** Records every CSP violation the page's documents report, across navigations. */
async function recordViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("reportViolation", (text: string) => void violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { reportViolation(text: string): void }).reportViolation(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

describe.runIf(run)("page security headers in Chromium", { timeout: 120_000 }, () => {
  let browser: Browser;
  let app: PasskeyHarness;
  let attacker: Server;
  let attackerOrigin: string;

  beforeAll(async () => {
    [browser, app] = await Promise.all([launchChromium(), startPasskeyHarness({ enableConditionalUI: false })]);
    attacker = createServer((_req, res) => {
      res.setHeader("content-type", "text/html");
      res.end(`<!doctype html><title>frame</title><iframe id="target" src="${app.base}/signin"></iframe>`);
    });
    await new Promise<void>((resolve) => attacker.listen(0, "127.0.0.1", resolve));
    attackerOrigin = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await new Promise<void>((resolve) => (attacker ? attacker.close(() => resolve()) : resolve()));
  });

  test("the passkey sign-in page runs its script under the CSP, without a violation", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const violations = await recordViolations(page);
    await addVirtualAuthenticator(page);
    const response = await page.goto(`${app.base}/signin?callbackUrl=${encodeURIComponent(`${app.origin}/`)}`);
    expect(response!.headers()["content-security-policy"]).toMatch(/script-src 'sha256-/);
    const form = page.locator("form[data-latch-webauthn=passkey]");
    await form.locator("input[name=email]").fill("csp@example.com");
    await form.locator("button[type=submit]").click();
    await page.waitForURL((url) => url.pathname === "/");
    expect(await page.locator("#who").textContent()).toBe("csp@example.com");
    expect(violations).toEqual([]);
    await context.close();
  });

  test("a script added to the page afterwards is refused (the policy is enforced)", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const violations = await recordViolations(page);
    await page.goto(`${app.base}/signin`);
    const ran = await page.evaluate(async () => {
      const script = document.createElement("script");
      script.textContent = "window.injected = true";
      document.body.append(script);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return (window as unknown as { injected?: boolean }).injected === true;
    });
    expect(ran).toBe(false);
    expect(violations.some((v) => v.includes("script-src"))).toBe(true);
    await context.close();
  });

  test("a page on another origin cannot frame the sign-in page", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${attackerOrigin}/`);
    const frame = await (await page.waitForSelector("#target")).contentFrame();
    await page.waitForTimeout(500);
    expect(frame).not.toBeNull();
    expect(frame!.url()).not.toBe(`${app.base}/signin`);
    expect(await frame!.locator("form").count()).toBe(0);
    await context.close();
  });
});
