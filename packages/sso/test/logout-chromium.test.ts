/**
 * In headless Chromium: a person signed in through Acme's SAML identity provider (samlify's IdP
 * side on 127.0.0.1, with a SingleLogoutService) signs out on Latch's sign-out page; the browser
 * carries the signed LogoutRequest to the identity provider, comes back with its LogoutResponse
 * and lands on the app signed out. Latch in Express on PGlite.
 */
import { chromiumAvailable } from "@latch/testing";
import { describe, expect, test } from "vitest";
import { testKeyPair } from "./idp.js";
import { browserSuite, signInAtWorkAddress } from "./browser-suite.js";

describe.runIf(await chromiumAvailable())("SAML single logout in Chromium", () => {
  const suite = browserSuite({ connected: true, app: { signing: testKeyPair("latch-sso-test-sp") }, idp: { keys: testKeyPair("latch-sso-test-idp"), user: { nameId: "ada@acme.test", email: "ada@acme.test", name: "Ada Acme" }, slo: "redirect" } });

  test("signing out on Latch's page signs out at the identity provider too, and lands signed out", async () => {
    const { app, idp, chromium } = suite;
    const context = await chromium.newContext();
    const page = await context.newPage();
    await signInAtWorkAddress(page, app, "ada@acme.test");
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
