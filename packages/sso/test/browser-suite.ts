/**
 * What the Chromium suites share: Latch in Express on PGlite, samlify's identity provider and a
 * headless Chromium, started before a suite's tests and closed after them; and a sign-in typed on
 * the address-first page.
 */
import { launchChromium } from "@latch/testing";
import type { Browser as Chromium, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import type { SsoOptions } from "../src/index.js";
import { pglite, startApp, type SsoApp } from "./harness.js";
import { connectAcme } from "./flows.js";
import { startIdp, type TestIdp } from "./idp.js";

/** The suite's app, identity provider and browser, set once `beforeAll` has run. */
export interface BrowserSuite {
  app: SsoApp;
  idp: TestIdp;
  chromium: Chromium;
}

/** Starts the three for the enclosing suite; with `connected`, Acme's connection to the identity provider is made and its domain verified. */
export function browserSuite(start: { idp: Parameters<typeof startIdp>[0]; app?: Partial<SsoOptions>; connected: boolean }): BrowserSuite {
  const suite = {} as BrowserSuite;
  beforeAll(async () => {
    suite.app = await startApp(await pglite(), start.app);
    suite.idp = await startIdp(start.idp);
    if (start.connected) await connectAcme(suite.app, suite.idp);
    suite.chromium = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await suite.chromium?.close();
    await suite.idp?.close();
    await suite.app?.close();
  });
  return suite;
}

/** Types `email` on the address-first page and waits until the identity provider has sent the browser back to the app's home. */
export async function signInAtWorkAddress(page: Page, app: SsoApp, email: string): Promise<void> {
  await page.goto(`${app.origin}/auth/sso/signin?callbackUrl=/`);
  await page.getByLabel("Work email").fill(email);
  await Promise.all([page.waitForURL(`${app.origin}/`, { timeout: 30_000 }), page.getByRole("button", { name: "Continue" }).click()]);
}
