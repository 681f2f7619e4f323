/**
 * Second factors in real Chromium, through the built-in pages only: a user signs in with a
 * password, sets up an authenticator app on the management page (the code computed here from the
 * key the page shows), signs out, signs in again and lands on the challenge page; a wrong code and
 * a replayed code are refused there, the right code signs in, and a backup code works once. No
 * page breaks its Content Security Policy. A user whom `required` covers sets up an app before any
 * session, then signs in with it. The site's pictures of the challenge page (light and dark,
 * English and Arabic) are taken on the way (test/site-screenshots.ts). Express + Latch +
 * `@latch/pg` on PGlite, JWT sessions.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { PGlite } from "@electric-sql/pglite";
import type { Adapter, AuthConfig } from "@latch/core";
import { languages } from "@latch/core/languages";
import Credentials from "@latch/core/providers/credentials";
import { SecondFactors } from "@latch/core/second-factors";
import { ExpressAuth, getSession } from "@latch/express";
import { PostgresAdapter, migrate } from "@latch/pg";
import { chromiumAvailable, launchChromium } from "@latch/testing";
import express from "express";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { clearOfStepEnd, stepNow, totp } from "../../../../test/second-factor-client.js";
import { sitePictures } from "../../../../test/site-screenshots.js";

const run = await chromiumAvailable();
const email = "chromium-2fa@example.com";
const requiredEmail = "chromium-required@example.com";

describe.runIf(run)("second factors in Chromium", { timeout: 120_000 }, () => {
  let browser: Browser;
  let server: Server;
  let db: PGlite;
  let origin: string;

  beforeAll(async () => {
    db = new PGlite();
    await migrate(db);
    const adapter: Adapter = PostgresAdapter(db);
    await adapter.createUser!({ id: crypto.randomUUID(), email, emailVerified: new Date(), name: "Chromium", image: null });
    await adapter.createUser!({ id: crypto.randomUUID(), email: requiredEmail, emailVerified: new Date(), name: "Required", image: null });
    const config: AuthConfig = {
      secret: "chromium-second-factor-secret-0123456789-abcdefghijklmnop",
      trustHost: true,
      adapter,
      session: { strategy: "jwt" },
      logger: { error: () => {}, warn: () => {}, debug: () => {} },
      providers: [
        Credentials({
          name: "Password",
          credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
          // A stand-in check for the test's one user.
          authorize: async (input) => (input.password === "correct horse" ? ((await adapter.getUserByEmail!(String(input.email))) ?? null) : null),
        }),
      ],
      secondFactor: SecondFactors({ rememberDevice: { maxAge: 3600 }, required: (user) => user.email === requiredEmail }),
      languages,
    };
    const app = express();
    app.use("/auth", ExpressAuth(config));
    app.get("/", async (req, res) => {
      const session = await getSession(req, config);
      res.type("html").send(`<!doctype html><title>home</title><p id="who">${session?.user?.email ?? "nobody"}</p>`);
    });
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
    await db?.close();
  });

  const who = async (page: Page) => {
    await page.goto(`${origin}/`);
    return page.locator("#who").textContent();
  };
  const signInWithPassword = async (page: Page, who = email) => {
    await page.goto(`${origin}/auth/signin?callbackUrl=${encodeURIComponent(`${origin}/`)}`);
    await page.locator("input[name=email]").fill(who);
    await page.locator("input[name=password]").fill("correct horse");
    await page.locator("form:has(input[name=password]) button[type=submit]").click();
    await page.waitForURL((url) => url.pathname === "/" || url.pathname.startsWith("/auth/second-factor"));
  };
  const signOut = async (page: Page) => {
    await page.goto(`${origin}/auth/signout`);
    await page.locator("form button[type=submit]").click();
    await page.waitForURL((url) => !url.pathname.startsWith("/auth/signout"));
    expect(await who(page)).toBe("nobody");
  };
  const answer = async (page: Page, code: string) => {
    await page.locator("#second-factor-code").fill(code);
    await page.locator("form:has(#second-factor-code) button[type=submit]").click();
    await page.waitForLoadState();
  };

  test("enrol an app, sign in with it, refuse wrong and replayed codes, spend a backup code once", async () => {
    const violations: string[] = [];
    const context = await browser.newContext();
    const page = await context.newPage();
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });

    // First sign-in: no factor yet, so no challenge.
    await signInWithPassword(page);
    expect(new URL(page.url()).pathname).toBe("/");
    expect(await who(page)).toBe(email);

    // Set up the app on the management page: the key it shows gives the codes.
    await page.goto(`${origin}/auth/second-factor/enrol`);
    await page.locator('form[action$="/second-factor/enrol"] button[type=submit]').click();
    const key = (await page.locator("code.key").textContent())!.trim();
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    expect(await page.locator(".qr svg").count()).toBe(1);
    await clearOfStepEnd(5_000);
    const confirmedStep = stepNow() - 1;
    await page.locator("#confirm-code").fill(totp(key, confirmedStep));
    await page.locator('form[action$="/second-factor/confirm"] button[type=submit]').click();
    await page.locator("ul.codes li, .alert").first().waitFor();
    const backupCodes = (await page.locator("ul.codes li").allTextContents()).map((c) => c.trim());
    expect(backupCodes).toHaveLength(10);
    // Each code stays on one line, also on a narrow screen (a code broken in two is misread).
    const viewport = page.viewportSize();
    await page.setViewportSize({ width: 320, height: 640 });
    const lines = await page.locator("ul.codes li").evaluateAll((items) => items.map((li) => Math.round(li.getBoundingClientRect().height / parseFloat(getComputedStyle(li).lineHeight || "20"))));
    expect(lines.every((n) => n <= 1)).toBe(true);
    // …and within its column: no code runs into the next one.
    expect(await page.locator("ul.codes li").evaluateAll((items) => items.every((li) => li.scrollWidth <= li.clientWidth))).toBe(true);
    if (process.env.LATCH_SCREENSHOTS) await page.screenshot({ path: `${process.env.LATCH_SCREENSHOTS}/backup-codes-320.png`, fullPage: true });
    if (viewport) await page.setViewportSize(viewport);
    await signOut(page);

    // Second sign-in: the password alone reaches the challenge page, not the session.
    await signInWithPassword(page);
    expect(new URL(page.url()).pathname).toBe("/auth/second-factor");
    expect(await page.locator("h1").first().textContent()).toContain("Two-step verification");
    const cookies = await context.cookies(origin);
    expect(cookies.some((c) => c.name.startsWith("authjs.session-token"))).toBe(false);
    // The challenge page as the site shows it; rendering it again changes nothing of the challenge.
    const challenge = page.url();
    await sitePictures(page, challenge, "second-factor", "secondFactorTitle");
    expect(page.url()).toBe(challenge);
    expect(await page.locator("h1").first().textContent()).toContain("Two-step verification");

    await answer(page, totp(key, stepNow() + 5));
    expect(new URL(page.url()).searchParams.get("error")).toBe("SecondFactorInvalid");
    expect(await page.getByRole("alert").textContent()).toContain("This code is not valid");
    // A step after the confirmed one, and still inside the window however long the pages above took.
    const code = totp(key, Math.max(confirmedStep + 1, stepNow()));
    await answer(page, code);
    await page.waitForURL(`${origin}/`);
    expect(await who(page)).toBe(email);
    await signOut(page);

    // Third sign-in: the code already used is refused; a backup code signs in.
    await signInWithPassword(page);
    await answer(page, code);
    expect(new URL(page.url()).searchParams.get("error")).toBe("SecondFactorInvalid");
    await page.getByRole("link", { name: "Use a backup code" }).click();
    await page.waitForURL((url) => url.searchParams.get("kind") === "backup");
    await answer(page, backupCodes[0]!);
    await page.waitForURL(`${origin}/`);
    expect(await who(page)).toBe(email);
    await signOut(page);

    // Fourth sign-in: the same backup code does not work twice.
    await signInWithPassword(page);
    await page.getByRole("link", { name: "Use a backup code" }).click();
    await page.waitForURL((url) => url.searchParams.get("kind") === "backup");
    await answer(page, backupCodes[0]!);
    expect(new URL(page.url()).pathname).toBe("/auth/second-factor");
    expect(new URL(page.url()).searchParams.get("error")).toBe("SecondFactorInvalid");
    // Said as what it is: the code was right once and is spent, not mistyped.
    expect(await page.locator(".alert").textContent()).toContain("That backup code has already been used.");
    await answer(page, "zzzz-zzzz-zzzz");
    expect(await page.locator(".alert").textContent()).toContain("This code is not valid.");
    expect(await who(page)).toBe("nobody");
    expect(violations).toEqual([]);
    await context.close();
  });

  test("a user who must have a second factor sets one up before any session, then signs in with it", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInWithPassword(page, requiredEmail);
    expect(new URL(page.url()).pathname).toBe("/auth/second-factor/enrol");
    expect((await context.cookies(origin)).some((c) => c.name.startsWith("authjs.session-token"))).toBe(false);
    await page.locator('form[action$="/second-factor/enrol"] button[type=submit]').click();
    const key = (await page.locator("code.key").textContent())!.trim();
    await clearOfStepEnd(5_000);
    const step = stepNow();
    await page.locator("#confirm-code").fill(totp(key, step - 1));
    await page.locator('form[action$="/second-factor/confirm"] button[type=submit]').click();
    await page.locator("ul.codes li, .alert").first().waitFor();
    expect(await page.locator("ul.codes li").count()).toBe(10);
    const probe = await context.newPage();
    expect(await who(probe)).toBe("nobody");
    await page.getByRole("link", { name: "Continue" }).click();
    await page.waitForURL(`${origin}/auth/second-factor`);
    await answer(page, totp(key, step));
    await page.waitForURL(`${origin}/`);
    expect(await who(page)).toBe(requiredEmail);
    await context.close();
  });
});
