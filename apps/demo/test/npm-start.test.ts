/**
 * The demo exactly as `npm start` runs it (the TypeScript sources through tsx), driven in real
 * Chromium: credentials, a passkey (registered, then used to sign back in), email through the
 * development outbox and the demo OpenID Provider each end signed in, with no script error, no
 * failed request (favicon included) and dates written for people.
 */
import { addVirtualAuthenticator, chromiumAvailable, launchChromium } from "@latch/testing";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { freePort, startDemo, type StartedDemo } from "./start-helpers.js";

const run = await chromiumAvailable();

describe.runIf(run)("npm start, in Chromium", { timeout: 180_000 }, () => {
  let browser: Browser;
  let demo: StartedDemo;
  let origin: string;
  const problems: string[] = [];

  beforeAll(async () => {
    demo = startDemo({ port: await freePort(), oidcPort: await freePort() });
    [browser, origin] = await Promise.all([launchChromium(), demo.ready]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await demo?.stop();
  });

  async function open(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext();
    const page = await context.newPage();
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    page.on("console", (message) => message.type() === "error" && problems.push(`console: ${message.text()}`));
    page.on("response", (response) => response.status() >= 400 && problems.push(`${response.status()} ${response.url()}`));
    return { context, page };
  }

  async function signInPage(page: Page): Promise<void> {
    await page.goto(`${origin}/auth/signin?callbackUrl=${encodeURIComponent(`${origin}/`)}`);
  }

  async function who(page: Page): Promise<string> {
    await page.waitForURL(`${origin}/`);
    return (await page.locator("#who").textContent()) ?? "";
  }

  async function signOut(page: Page): Promise<void> {
    await page.goto(`${origin}/auth/signout`);
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL((url) => !url.pathname.endsWith("/signout"));
  }

  test("credentials: the demo user is greeted by name, with the session's end as a readable date", async () => {
    const { context, page } = await open();
    await signInPage(page);
    await page.getByLabel(/Username/).fill("demo");
    // "Password (try …)": the Password provider's form has a password field too.
    await page.getByLabel(/Password \(try/).fill("latch-demo");
    await page.getByRole("button", { name: "Sign in with Demo account" }).click();
    const text = await who(page);
    expect(text).toContain("Hello, Demo User");
    expect(text).not.toContain("null");
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    // The pages' one date format: Intl in the page's language (Chromium asks for en-US), UTC.
    expect(text).toMatch(/lasts until \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2}\s[AP]M UTC/);
    // The demo user signs in with the credentials provider and has no password of Latch's to change.
    expect(await page.getByRole("link", { name: "Change your password" }).count()).toBe(0);
    const icon = await page.request.get(`${origin}/favicon.ico`);
    expect(icon.status()).toBe(200);
    expect(icon.headers()["content-type"]).toContain("image/svg+xml");
    await context.close();
  });

  test("a German browser gets the demo's labels and dates in German, as Latch's pages", async () => {
    const context = await browser.newContext({ locale: "de-DE" });
    const page = await context.newPage();
    await page.goto(`${origin}/`);
    expect(await page.locator("html").getAttribute("lang")).toBe("de");
    expect(await page.locator("#who").textContent()).toContain("Sie sind nicht angemeldet.");
    expect(await page.locator("nav").textContent()).toContain("Startseite");
    await page.locator("#who").getByRole("link", { name: "Anmelden" }).click();
    await page.getByLabel(/Username|Benutzername/).fill("demo");
    await page.getByLabel(/Password \(try/).fill("latch-demo");
    await page.locator("form", { hasText: "Demo account" }).getByRole("button").click();
    await page.waitForURL(`${origin}/`);
    const who = (await page.locator("#who").textContent()) ?? "";
    expect(who).toContain("Hallo, Demo User");
    expect(who).toMatch(/Ihre Sitzung gilt bis \d{1,2}\. \w+ \d{4} um \d{2}:\d{2} UTC/);
    expect(await page.getByRole("link", { name: "Abmelden" }).count()).toBe(1);
    await context.close();
  });

  test("session control: the signed-in home page links to the sessions page, which lists this browser's session", async () => {
    const { context, page } = await open();
    await signInPage(page);
    await page.getByLabel(/Username/).fill("demo");
    await page.getByLabel(/Password \(try/).fill("latch-demo");
    await page.getByRole("button", { name: "Sign in with Demo account" }).click();
    await who(page);
    await page.getByRole("link", { name: "Your sessions" }).click();
    await page.waitForURL(`${origin}/auth/sessions`);
    expect(await page.locator("li.session").count()).toBeGreaterThanOrEqual(1);
    expect(await page.getByRole("button", { name: "Sign out everywhere" }).count()).toBe(1);
    await context.close();
  });

  test("passkey: sign up with a passkey, sign out, sign back in with it", async () => {
    const { context, page } = await open();
    const authenticator = await addVirtualAuthenticator(page);
    await signInPage(page);
    const form = page.locator("form[data-latch-webauthn=passkey]");
    await form.locator("input[name=email]").fill("lin@example.com");
    await form.getByRole("button", { name: "Sign in with Passkey" }).click();
    expect(await who(page)).toContain("lin@example.com");
    expect(await authenticator.credentials()).toHaveLength(1);

    await signOut(page);
    await signInPage(page);
    // The demo offers passkeys in autofill (conditional UI), which Chromium's virtual authenticator
    // completes by itself; the button is the way when it does not (never both: a second ceremony
    // after signing in would be refused).
    const byAutofill = await page.waitForURL(`${origin}/`, { timeout: 10_000 }).then(() => true, () => false);
    if (!byAutofill) await page.locator("form[data-latch-webauthn=passkey]").getByRole("button", { name: "Sign in with Passkey" }).click();
    expect(await who(page)).toContain("lin@example.com");
    await context.close();
  });

  test("email: the link waits in the development outbox and signs in", async () => {
    const { context, page } = await open();
    await signInPage(page);
    const form = page.locator("form[action$='/signin/email']");
    await form.locator("input[name=email]").fill("visitor@example.com");
    await form.getByRole("button", { name: "Sign in with Email" }).click();
    await page.waitForURL((url) => url.pathname === "/auth/verify-request");
    await page.goto(`${origin}/dev/outbox`);
    const outbox = (await page.locator("main").textContent()) ?? "";
    expect(outbox).toContain("visitor@example.com");
    expect(outbox).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    await page.locator("a.sign-in-link").first().click();
    expect(await who(page)).toContain("visitor@example.com");
    await context.close();
  });

  test("the demo OpenID Provider signs in", async () => {
    const { context, page } = await open();
    await signInPage(page);
    await page.getByRole("button", { name: "Sign in with Demo OpenID" }).click();
    expect(await who(page)).toContain("Demo OpenID User");
    await context.close();
  });

  test("no page threw, logged an error or met a failed request", () => {
    expect(problems).toEqual([]);
  });

  test("a refused request (an endpoint the demo does not turn on, 400) prints no stack trace", async () => {
    const response = await fetch(`${origin}/auth/link`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(response.status).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(demo.output()).toContain("UnknownAction");
    expect(demo.output()).not.toMatch(/\n\s+at /);
  });
});
