/**
 * An app written for `@auth/sveltekit` (test/authjs-app) works with Latch after its imports are
 * rewritten from `@auth/sveltekit` to `@latch/sveltekit` and nothing else: the copy is run with
 * SvelteKit's development server (no build) and signed in and out in Chromium, through its form
 * actions, the `SignOut` component and the client `signIn`/`signOut`.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { chromiumAvailable, launchChromium } from "@latch/testing";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { files, fixture, startDevCopy, type DevCopy } from "./dev-copy.js";

describe.runIf(await chromiumAvailable())("an @auth/sveltekit app with its imports rewritten", () => {
  let app: DevCopy;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    app = await startDevCopy("drop-in");
    browser = await launchChromium();
    page = await browser.newPage();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const state = () => page.locator("#state").innerText();

  /**
   * Opens a page of the copy and waits until its scripts run. The development server compiles on
   * request, and when that first request meets a dependency it has not optimized yet, Vite
   * optimizes it and reloads: a page loaded during that window can stay unhydrated, so it is
   * loaded once more before giving up.
   */
  async function openHydrated(path: string) {
    await page.goto(`${app.origin}${path}`, { timeout: 90_000 });
    try {
      await page.locator("#hydrated").waitFor({ timeout: 30_000 });
    } catch {
      await page.reload({ timeout: 90_000 });
      await page.locator("#hydrated").waitFor({ timeout: 60_000 });
    }
  }

  it("the rewritten copy imports Latch only, and only the package name changed", () => {
    expect(app.renamed.sort()).toEqual(["src/auth.ts", "src/routes/+page.svelte", "src/routes/client/+page.svelte"].sort());
    for (const file of files(join(app.dir, "src"))) expect(readFileSync(file, "utf8")).not.toContain("@auth/");
    expect(readFileSync(join(fixture, "src/auth.ts"), "utf8")).toContain('from "@auth/sveltekit"');
  });

  /** Posts a form to one of the app's actions as a browser on the app's page would. */
  function postAction(path: string, fields: Record<string, string>, referer = `${app.origin}/somewhere?tab=2`) {
    return fetch(`${app.origin}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: app.origin, referer, accept: "text/html", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
  }

  it("the signIn action: redirectTo defaults to the page the form was on", async () => {
    const response = await postAction("/signin", { providerId: "credentials", username: "ada", password: "lovelace" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`${app.origin}/somewhere?tab=2`);
  }, 90_000);

  it("the signIn action without a provider opens the sign-in page, coming back to the form's page", async () => {
    const response = await postAction("/signin", {});
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get("location")!);
    expect(location.pathname).toBe("/auth/signin");
    expect(location.searchParams.get("callbackUrl")).toBe(`${app.origin}/somewhere?tab=2`);
  });

  it("the signIn action with redirect=false answers { url } instead of redirecting", async () => {
    const response = await fetch(`${app.origin}/signin`, {
      method: "POST",
      headers: { origin: app.origin, accept: "application/json", "x-sveltekit-action": "true", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ providerId: "credentials", username: "ada", password: "lovelace", redirect: "false", redirectTo: "/after" }),
    });
    const result = (await response.json()) as { type: string; data: string };
    expect(result.type).toBe("success");
    expect(result.data).toContain(`${app.origin}/after`);
  });

  it("the signOut action: redirectTo defaults to the page the form was on", async () => {
    const response = await postAction("/signout", {}, `${app.origin}/profile`);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`${app.origin}/profile`);
  });

  it("signs in through the form action and out through <SignOut/>", async () => {
    await page.goto(`${app.origin}/`, { timeout: 90_000 });
    expect(await state()).toBe("Not signed in");
    await page.locator("#signin-form input[name=username]").fill("ada");
    await page.locator("#signin-form input[name=password]").fill("lovelace");
    await page.locator("#signin-form button").click();
    await expect.poll(state, { timeout: 60_000 }).toBe("Signed in as Ada Lovelace");
    await page.locator("form.signOutButton button").click();
    await expect.poll(state, { timeout: 60_000 }).toBe("Not signed in");
  }, 120_000);

  it("signs in and out with the client functions; a refused password with redirect: false is reported", async () => {
    // The buttons work once the page is hydrated.
    await openHydrated("/client");
    // redirect: false answers with the error and code instead of leaving the page.
    await page.locator("#client-wrong").click();
    await expect.poll(() => page.locator("#client-result").innerText(), { timeout: 60_000 }).toBe("CredentialsSignin credentials null");
    await page.locator("#client-signin").click();
    await page.waitForURL(`${app.origin}/`, { timeout: 60_000 });
    await expect.poll(state, { timeout: 60_000 }).toBe("Signed in as Ada Lovelace");
    await openHydrated("/client");
    await page.locator("#client-signout").click();
    await page.waitForURL(`${app.origin}/`, { timeout: 60_000 });
    await expect.poll(state, { timeout: 60_000 }).toBe("Not signed in");
  }, 240_000);
});
