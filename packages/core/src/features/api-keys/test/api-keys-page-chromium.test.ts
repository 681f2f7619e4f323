/**
 * The API-keys page in real Chromium: a user signed in with a passkey opens `<base>/api-keys`,
 * makes a key with the page's form and reads it from the answer page (the only time it is
 * shown), a `fetch` without cookies uses it with `x-api-key` to read the session, the page's
 * revoke button ends it and the same request is refused. The page in Arabic (right to left), its
 * pictures for the site (test/site-screenshots.ts), and the create form refused without its CSRF
 * token. Express + Latch + `@latch/pg` on PGlite, database sessions; every page renders under its
 * CSP without a violation.
 */
import { ApiKeys } from "@latch/core/api-keys";
import { languages } from "@latch/core/languages";
import ar from "@latch/core/languages/ar";
import { addVirtualAuthenticator, chromiumAvailable, launchChromium } from "@latch/testing";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sitePictures } from "../../../../test/site-screenshots.js";
import { startPasskeyHarness, type PasskeyHarness } from "../../../../test/webauthn/harness.js";

const run = await chromiumAvailable();
const keyShape = /^latch_([0-9a-f]{16})_[A-Za-z0-9_-]{43}$/;

describe.runIf(run)("the API-keys page in Chromium", { timeout: 120_000 }, () => {
  let browser: Browser;
  let app: PasskeyHarness;
  let context: BrowserContext;
  let page: Page;
  const violations: string[] = [];

  const keyCount = async () => Number((await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM api_keys`)).rows[0]!.n);
  const sessionWith = (key: string) => fetch(`${app.base}/session`, { headers: { "x-api-key": key } });

  beforeAll(async () => {
    [browser, app] = await Promise.all([launchChromium(), startPasskeyHarness({ enableConditionalUI: false })]);
    app.configure({ enableConditionalUI: false }, { apiKeys: ApiKeys({ cacheSeconds: 0 }), languages });
    context = await browser.newContext();
    page = await context.newPage();
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await addVirtualAuthenticator(page);
    await page.goto(`${app.base}/signin?callbackUrl=${encodeURIComponent(`${app.origin}/`)}`);
    const form = page.locator("form[data-latch-webauthn=passkey]");
    await form.locator("input[name=email]").fill("keys@example.com");
    await form.locator("button[type=submit]").click();
    await page.waitForURL((url) => url.pathname === "/");
  }, 120_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.close();
  });

  test("signed out, the page sends the browser to sign in and comes back", async () => {
    const signedOut = await browser.newContext();
    const visitor = await signedOut.newPage();
    await visitor.goto(`${app.base}/api-keys`);
    const url = new URL(visitor.url());
    expect(url.pathname).toBe("/auth/signin");
    expect(url.searchParams.get("callbackUrl")).toBe(`${app.base}/api-keys`);
    await signedOut.close();
  });

  test("makes a key shown once, which a fetch uses until the page revokes it", async () => {
    const response = await page.goto(`${app.base}/api-keys`);
    expect(response!.status()).toBe(200);
    expect(response!.headers()["content-security-policy"]).toMatch(/style-src 'sha256-/);
    expect(await page.locator("h1").textContent()).toBe("API keys");
    expect(await page.getByText("You have no API keys yet.").count()).toBe(1);
    // A script asking the same address gets JSON, not the page.
    const json = await page.evaluate(async (url) => (await fetch(url)).json(), `${app.base}/api-keys`);
    expect(json).toEqual({ keys: [] });

    await page.getByLabel("Name").fill("Deploy bot");
    await page.getByLabel("Scopes").fill("deploy, orders:read");
    await page.getByLabel("Expires").selectOption({ label: "In 30 days" });
    await page.getByRole("button", { name: "Create key" }).click();
    await page.waitForURL(`${app.base}/api-keys/create`);
    expect(await page.getByText("Copy your new key now").count()).toBe(1);
    const key = (await page.locator("#new-api-key").textContent())!.trim();
    expect(key).toMatch(keyShape);
    const id = keyShape.exec(key)![1]!;
    const entry = page.locator("li.key", { hasText: "Deploy bot" });
    expect(await entry.locator("code").textContent()).toBe(`latch_${id}_…`);
    const text = (await entry.textContent())!;
    expect(text).toContain("Scopes: deploy, orders:read");
    expect(text).toContain("not used yet");
    expect(text).toMatch(/expires \w+ \d{1,2}, \d{4}/);
    // The stored row: its hash is nowhere on the page, and the key expires in 30 days.
    const { rows } = await app.db.query<{ hash: string; expires: Date }>(`SELECT hash, expires FROM api_keys WHERE id = $1`, [id]);
    expect(await page.content()).not.toContain(rows[0]!.hash);
    expect(Math.round((rows[0]!.expires.getTime() - Date.now()) / 86_400_000)).toBe(30);

    // Shown once: the page loaded again lists the key, never its secret.
    await page.goto(`${app.base}/api-keys`);
    expect(await page.locator("li.key").count()).toBe(1);
    expect(await page.locator("#new-api-key").count()).toBe(0);
    expect(await page.content()).not.toContain(key);

    // A client without cookies reads the owner's session with the key; the page shows its use.
    const used = await sessionWith(key);
    expect(used.status).toBe(200);
    const session = (await used.json()) as { apiKey: { id: string; scopes: string[] } };
    expect(session.apiKey).toMatchObject({ id, scopes: ["deploy", "orders:read"] });
    await page.reload();
    expect(await page.locator("li.key").textContent()).toMatch(/last used \w+ \d{1,2}, \d{4}/);

    // The page's pictures for the site, with the key listed.
    await sitePictures(page, `${app.base}/api-keys`, "api-keys", "apiKeysTitle");

    await page.locator("li.key", { hasText: "Deploy bot" }).getByRole("button", { name: "Revoke" }).click();
    await page.waitForURL(`${app.base}/api-keys?revoked=1`);
    expect(await page.getByText("The key was revoked: it no longer works.").count()).toBe(1);
    expect(await page.locator("li.key").count()).toBe(0);
    expect(await keyCount()).toBe(0);
    const refused = await sessionWith(key);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: "InvalidApiKey" });
    expect(violations).toEqual([]);
  });

  test("a scope of the wrong shape gives the page with the refusal (400), and no key", async () => {
    await page.goto(`${app.base}/api-keys`);
    await page.getByLabel("Name").fill("Bot");
    await page.getByLabel("Scopes").fill("no<markup>");
    const [answer] = await Promise.all([page.waitForResponse(`${app.base}/api-keys/create`), page.getByRole("button", { name: "Create key" }).click()]);
    expect(answer.status()).toBe(400);
    await page.waitForURL(`${app.base}/api-keys/create`);
    expect(await page.locator("[role=alert]").textContent()).toContain("The key was not made");
    expect(await page.locator("#new-api-key").count()).toBe(0);
    expect(await keyCount()).toBe(0);
  });

  test("in Arabic the page reads right to left, every sentence translated", async () => {
    await context.setExtraHTTPHeaders({ "Accept-Language": "ar" });
    try {
      await page.goto(`${app.base}/api-keys`);
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(["ar", "rtl"]);
      expect(await page.locator("h1").textContent()).toBe(ar.messages.apiKeysTitle);
      expect(await page.getByRole("button", { name: ar.messages.apiKeysCreate }).count()).toBe(1);
      expect(await page.getByLabel(ar.messages.apiKeysNameLabel).count()).toBe(1);
      expect(await page.locator("option").first().textContent()).toBe(ar.messages.apiKeysExpiryNever);
      // The form's fields run right to left too: the name field's label is at the right.
      const label = (await page.locator("label[for=api-key-name]").boundingBox())!;
      const field = (await page.locator("#api-key-name").boundingBox())!;
      expect(label.x + label.width).toBeGreaterThan(field.x + field.width - 2);
    } finally {
      await context.setExtraHTTPHeaders({});
    }
  });

  test("the create form without its CSRF token is refused and makes no key; with it, it makes one", async () => {
    await page.goto(`${app.base}/api-keys`);
    const token = await page.locator("form[action$='/api-keys/create'] input[name=csrfToken]").inputValue();
    // The page's own origin and cookies: only the token differs between the two posts.
    const post = (fields: Record<string, string>) =>
      page.evaluate(
        async ({ url, fields }) => {
          const response = await fetch(url, { method: "POST", body: new URLSearchParams(fields), redirect: "manual" });
          return { status: response.status, text: await response.text() };
        },
        { url: `${app.base}/api-keys/create`, fields },
      );
    const refused = await post({ name: "No token", scopes: "" });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(refused.text).toMatch(/MissingCSRF/);
    expect(await keyCount()).toBe(0);
    const made = await post({ name: "With token", scopes: "", csrfToken: token });
    expect(made.status).toBe(200);
    expect(made.text).toMatch(/latch_[0-9a-f]{16}_[A-Za-z0-9_-]{43}/);
    expect(await keyCount()).toBe(1);
    expect(violations).toEqual([]);
  });
});
