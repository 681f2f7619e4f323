/**
 * In headless Chromium: on the address-first page a person types an address at Acme's verified
 * domain, is sent to Acme's SAML identity provider (samlify's IdP side on 127.0.0.1, whose page
 * posts the signed response back by itself), and lands on the app signed in, a member of Acme
 * with the role the identity provider's groups map to. Latch in Express on PGlite.
 */
import { chromiumAvailable, launchChromium } from "@latch/testing";
import type { Browser as Chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { acme, pglite, startApp, type SsoApp } from "./harness.js";
import { connectAcme } from "./flows.js";
import { startIdp, testKeyPair, type TestIdp } from "./idp.js";

describe.runIf(await chromiumAvailable())("SSO in Chromium", () => {
  let app: SsoApp;
  let idp: TestIdp;
  let chromium: Chromium;

  beforeAll(async () => {
    app = await startApp(await pglite());
    idp = await startIdp({ keys: testKeyPair("latch-sso-test-idp"), user: { nameId: "ada@acme.test", email: "ada@acme.test", name: "Ada Acme", groups: ["acme-admins"] } });
    await connectAcme(app, idp);
    chromium = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await chromium?.close();
    await idp?.close();
    await app?.close();
  });

  test("an address at the verified domain goes to the IdP and lands signed in, with the mapped role", async () => {
    const context = await chromium.newContext();
    const page = await context.newPage();
    await page.goto(`${app.origin}/auth/sso/signin?callbackUrl=/`);
    await page.getByLabel("Work email").fill("ada@acme.test");
    await Promise.all([page.waitForURL(`${app.origin}/`, { timeout: 30_000 }), page.getByRole("button", { name: "Continue" }).click()]);
    expect(await page.textContent("body")).toContain("home");
    const session = await page.evaluate(async () => (await fetch("/auth/session")).json());
    expect(session).toMatchObject({ user: { email: "ada@acme.test", name: "Ada Acme" } });
    const ada = await app.adapter.getUserByEmail("ada@acme.test");
    expect(await app.adapter.getMember(acme.id, ada!.id)).toMatchObject({ role: "admin" });
    await context.close();
  }, 60_000);
});
