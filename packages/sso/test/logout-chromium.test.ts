/**
 * In headless Chromium: a person signed in through Acme's SAML identity provider (samlify's IdP
 * side on 127.0.0.1, with a SingleLogoutService) signs out on Latch's sign-out page; the browser
 * carries the signed LogoutRequest to the identity provider, comes back with its LogoutResponse
 * and lands on the app signed out. Latch in Express on PGlite.
 */
import { chromiumAvailable, launchChromium } from "@latch/testing";
import type { Browser as Chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { pglite, startApp, type SsoApp } from "./harness.js";
import { connectAcme } from "./flows.js";
import { startIdp, testKeyPair, type TestIdp } from "./idp.js";

describe.runIf(await chromiumAvailable())("SAML single logout in Chromium", () => {
  let app: SsoApp;
  let idp: TestIdp;
  let chromium: Chromium;

  beforeAll(async () => {
    app = await startApp(await pglite(), { signing: testKeyPair("latch-sso-test-sp") });
    idp = await startIdp({ keys: testKeyPair("latch-sso-test-idp"), user: { nameId: "ada@acme.test", email: "ada@acme.test", name: "Ada Acme" }, slo: "redirect" });
    await connectAcme(app, idp);
    chromium = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await chromium?.close();
    await idp?.close();
    await app?.close();
  });

  test("signing out on Latch's page signs out at the identity provider too, and lands signed out", async () => {
    const context = await chromium.newContext();
    const page = await context.newPage();
    await page.goto(`${app.origin}/auth/sso/signin?callbackUrl=/`);
    await page.getByLabel("Work email").fill("ada@acme.test");
    await Promise.all([page.waitForURL(`${app.origin}/`, { timeout: 30_000 }), page.getByRole("button", { name: "Continue" }).click()]);
    expect(await page.evaluate(async () => (await fetch("/auth/session")).json())).toMatchObject({ user: { email: "ada@acme.test" } });

    const visited: string[] = [];
    page.on("request", (request) => void visited.push(request.url()));
    await page.goto(`${app.origin}/auth/signout?callbackUrl=/`);
    await Promise.all([page.waitForURL(`${app.origin}/`, { timeout: 30_000 }), page.getByRole("button", { name: "Sign out" }).click()]);
    expect(visited.some((url) => url.startsWith(`${idp.origin}/slo?SAMLRequest=`))).toBe(true);
    expect(visited.some((url) => url.includes("/auth/sso/saml/") && url.includes("/slo?SAMLResponse="))).toBe(true);
    expect(idp.logouts).toMatchObject([{ nameId: "ada@acme.test", sessionIndex: idp.signIns.at(-1)!.sessionIndex }]);
    expect(await page.evaluate(async () => (await fetch("/auth/session")).json())).toBeNull();
    await context.close();
  }, 60_000);
});
