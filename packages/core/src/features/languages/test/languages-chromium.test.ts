/**
 * The built-in pages in a right-to-left language, laid out by real Chromium: a browser whose
 * language is Arabic gets the sign-in page in Arabic (its own Accept-Language decides), the page
 * runs right to left (computed direction, labels and text against the right edge of the card,
 * links in right-to-left order), while an English browser gets the mirror image. A screenshot of
 * the Arabic page is written to test-results/languages/ (git-ignored) on every run. The site's
 * pictures of the sign-in page (light and dark, English and Arabic) are taken here too
 * (test/site-screenshots.ts).
 * Express + `@latch/express` on 127.0.0.1.
 */
import { mkdirSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import type { AuthConfig } from "@latch/core";
import { languages } from "@latch/core/languages";
import GitHub from "@latch/core/providers/github";
import { ExpressAuth } from "@latch/express";
import { chromiumAvailable, launchChromium } from "@latch/testing";
import express from "express";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { baseConfig, credentials } from "../../../../test/client.js";
import { sitePictures } from "../../../../test/site-screenshots.js";

const run = await chromiumAvailable();
const screenshots = fileURLToPath(new URL("../../../../../../test-results/languages/", import.meta.url));

interface Box {
  left: number;
  right: number;
}

/** The box of an element's text (not of the element, which may span the whole line). */
function textBox(page: Page, selector: string): Promise<Box> {
  return page.locator(selector).first().evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const { left, right } = range.getBoundingClientRect();
    return { left, right };
  });
}

function box(page: Page, selector: string): Promise<Box> {
  return page.locator(selector).first().evaluate((element) => {
    const { left, right } = element.getBoundingClientRect();
    return { left, right };
  });
}

describe.runIf(run)("a right-to-left language in Chromium", { timeout: 120_000 }, () => {
  let browser: Browser;
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    const config: AuthConfig = baseConfig({ providers: [GitHub({ clientId: "id", clientSecret: "secret" }), credentials()], languages });
    const app = express();
    app.use("/auth", ExpressAuth(config));
    server = await new Promise((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchChromium();
    mkdirSync(screenshots, { recursive: true });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  /** The sign-in page with a refused password, in a browser whose language is `locale`. */
  async function signInPage(locale: string): Promise<Page> {
    const context = await browser.newContext({ locale, viewport: { width: 480, height: 900 } });
    const page = await context.newPage();
    const response = await page.goto(`${origin}/auth/signin?error=CredentialsSignin&code=locked`);
    expect(response!.status()).toBe(200);
    return page;
  }

  test("an Arabic browser gets the sign-in page in Arabic, laid out right to left; an English one left to right", async () => {
    const arabic = await signInPage("ar-EG");
    expect(await arabic.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(["ar", "rtl"]);
    expect(await arabic.locator("h1").textContent()).toBe("تسجيل الدخول");
    expect(await arabic.locator("main").evaluate((main) => getComputedStyle(main).direction)).toBe("rtl");
    expect(await arabic.locator("label").first().evaluate((label) => getComputedStyle(label).direction)).toBe("rtl");
    await arabic.screenshot({ path: `${screenshots}signin-ar.png`, fullPage: true });

    const english = await signInPage("en-US");
    expect(await english.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(["en", "ltr"]);
    expect(await english.locator("main").evaluate((main) => getComputedStyle(main).direction)).toBe("ltr");

    // A label's text starts at the field's right edge in Arabic, at its left edge in English.
    const [arLabel, arInput] = [await textBox(arabic, "label"), await box(arabic, "input:not([type=hidden])")];
    expect(Math.abs(arLabel.right - arInput.right)).toBeLessThanOrEqual(2);
    expect(arLabel.left - arInput.left).toBeGreaterThan(40);
    const [enLabel, enInput] = [await textBox(english, "label"), await box(english, "input:not([type=hidden])")];
    expect(Math.abs(enLabel.left - enInput.left)).toBeLessThanOrEqual(2);
    expect(enInput.right - enLabel.right).toBeGreaterThan(40);

    // The error sentence runs from the right edge of its box, and so does the line with the code.
    const [arAlert, arAlertText] = [await box(arabic, ".alert p"), await textBox(arabic, ".alert p.code")];
    expect(Math.abs(arAlertText.right - arAlert.right)).toBeLessThanOrEqual(2);
    expect(arAlertText.left - arAlert.left).toBeGreaterThan(40);
    await arabic.context().close();
    await english.context().close();
  });

  test("the site's pictures of the sign-in page: light and dark, English and Arabic", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const names = await sitePictures(page, `${origin}/auth/signin`, "signin", "signInTitle");
    expect(names).toEqual(["signin-light-en.png", "signin-light-ar.png", "signin-dark-en.png", "signin-dark-ar.png"]);
    // Left as it was found: English, at the address it was given.
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
    await context.close();
  });

  test("the error page's links run right to left in Hebrew", async () => {
    const context = await browser.newContext({ locale: "he-IL" });
    const page = await context.newPage();
    const response = await page.goto(`${origin}/auth/error?error=AccessDenied`);
    expect(response!.status()).toBe(403);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
    const links = page.locator(".links a");
    expect(await links.allTextContents()).toEqual(["כניסה", "דף הבית"]);
    // The first link in the document (sign in) stands to the right of the second (home).
    const [first, second] = [await links.nth(0).boundingBox(), await links.nth(1).boundingBox()];
    expect(first!.x).toBeGreaterThan(second!.x + second!.width);
    await context.close();
  });
});
