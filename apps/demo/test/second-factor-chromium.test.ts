/**
 * The demo's two-step verification in real Chromium: the demo user signs in with the password,
 * follows "Two-step verification" from the home page, sets up an authenticator app (the
 * code computed here from the key the page shows, RFC 6238 with node:crypto), signs out, signs in
 * again and answers the challenge page, ticking "Remember this device"; the next sign-in in that
 * browser skips the challenge. And signing in without a password by a code from the outbox.
 */
import { createHmac } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { chromiumAvailable, launchChromium } from "@latch/testing";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createDemoApp } from "../src/app.js";
import { openDemoDatabase, type DemoDatabase } from "../src/database.js";
import { demoUser } from "../src/users.js";

const run = await chromiumAvailable();

function totp(key: string, step: number): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  const bits = [...key].map((c) => alphabet.indexOf(c).toString(2).padStart(5, "0")).join("");
  const secret = Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac("sha1", secret).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  return ((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).toString().padStart(6, "0");
}

describe.runIf(run)("demo: two-step verification in Chromium", { timeout: 120_000 }, () => {
  let browser: Browser;
  let database: DemoDatabase;
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    database = await openDemoDatabase(null);
    const { app } = createDemoApp({ secret: "demo-second-factor-secret-0123456789-abcdefghij", auth: { adapter: database.adapter } });
    [browser, server] = await Promise.all([
      launchChromium(),
      new Promise<Server>((resolve) => {
        const s = app.listen(0, "127.0.0.1", () => resolve(s));
      }),
    ]);
    origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await database?.close();
  });

  const signIn = async (page: Page) => {
    await page.goto(`${origin}/auth/signin?callbackUrl=${encodeURIComponent(`${origin}/`)}`);
    await page.locator("input[name=username]").fill(demoUser.username);
    await page.locator("form:has(input[name=username]) input[name=password]").fill(demoUser.password);
    await page.locator("form:has(input[name=username]) button[type=submit]").click();
    await page.waitForURL((url) => url.pathname === "/" || url.pathname === "/auth/second-factor");
  };
  const signOut = async (page: Page) => {
    await page.goto(`${origin}/auth/signout`);
    await page.locator("form button[type=submit]").click();
    await page.waitForURL(`${origin}/`);
    expect(await page.locator("#who").textContent()).toContain("You are not signed in");
  };

  test("set up an app from the home page, answer the challenge, remember the browser", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page);
    expect(new URL(page.url()).pathname).toBe("/");

    await page.getByRole("link", { name: "Two-step verification" }).click();
    await page.locator('form[action$="/second-factor/enrol"] button[type=submit]').click();
    const key = (await page.locator("code.key").textContent())!.trim();
    const step = Math.floor(Date.now() / 30_000);
    await page.locator("#confirm-code").fill(totp(key, step - 1));
    await page.locator('form[action$="/second-factor/confirm"] button[type=submit]').click();
    expect(await page.locator("ul.codes li").count()).toBe(10);
    await signOut(page);

    await signIn(page);
    expect(new URL(page.url()).pathname).toBe("/auth/second-factor");
    await page.locator("#second-factor-code").fill(totp(key, step));
    await page.getByLabel("Remember this device").check();
    await page.locator("form:has(#second-factor-code) button[type=submit]").click();
    await page.waitForURL(`${origin}/`);
    expect(await page.locator("#who").textContent()).toContain(demoUser.name);
    await signOut(page);

    // Remembered: the password alone signs in, in this browser only.
    await signIn(page);
    expect(new URL(page.url()).pathname).toBe("/");
    expect(await page.locator("#who").textContent()).toContain(demoUser.name);
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await signIn(otherPage);
    expect(new URL(otherPage.url()).pathname).toBe("/auth/second-factor");
    await other.close();
    await context.close();
  });

  test("sign in with a code from the outbox, from the home page's link", async () => {
    const email = "code-reader@example.com";
    const context = await browser.newContext();
    const page = await context.newPage();
    // The address gets its account from an email link first (codes sign in existing accounts).
    await page.goto(`${origin}/auth/signin?callbackUrl=${encodeURIComponent(`${origin}/`)}`);
    await page.locator('form[action$="/auth/signin/email"] input[name=email]').fill(email);
    await page.locator('form[action$="/auth/signin/email"] button[type=submit]').click();
    await page.goto(`${origin}/dev/outbox`);
    await page.locator("a.sign-in-link").first().click();
    await page.waitForURL(`${origin}/`);
    await signOut(page);

    await page.getByRole("link", { name: "sign in with a code by email" }).click();
    await page.locator("#email-sign-in-email").fill(email);
    await page.getByRole("button", { name: "Email me a code" }).click();
    await page.waitForURL((url) => url.searchParams.get("sent") === "email");
    const form = page.url();
    await page.goto(`${origin}/dev/outbox`);
    const code = (await page.locator("code.code").first().textContent())!.trim();
    expect(code).toMatch(/^\d{6}$/);
    await page.goto(form);
    await page.locator("#email-sign-in-code").fill(code);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL(`${origin}/`);
    expect(await page.locator("#who").textContent()).toContain(email);
    await context.close();
  });
});
