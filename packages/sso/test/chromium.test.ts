/**
 * In headless Chromium: on the address-first page a person types an address at Acme's verified
 * domain, is sent to Acme's SAML identity provider (samlify's IdP side on 127.0.0.1, whose page
 * posts the signed response back by itself), and lands on the app signed in, a member of Acme
 * with the role the identity provider's groups map to. Latch in Express on PGlite.
 */
import { chromiumAvailable } from "@latch/testing";
import { describe, expect, test } from "vitest";
import { acme } from "./harness.js";
import { testKeyPair } from "./idp.js";
import { browserSuite, signInAtWorkAddress } from "./browser-suite.js";

describe.runIf(await chromiumAvailable())("SSO in Chromium", () => {
  const suite = browserSuite({ connected: true, idp: { keys: testKeyPair("latch-sso-test-idp"), user: { nameId: "ada@acme.test", email: "ada@acme.test", name: "Ada Acme", groups: ["acme-admins"] } } });

  test("an address at the verified domain goes to the IdP and lands signed in, with the mapped role", async () => {
    const { app, chromium } = suite;
    const context = await chromium.newContext();
    const page = await context.newPage();
    await signInAtWorkAddress(page, app, "ada@acme.test");
    expect(await page.textContent("body")).toContain("home");
    const session = await page.evaluate(async () => (await fetch("/auth/session")).json());
    expect(session).toMatchObject({ user: { email: "ada@acme.test", name: "Ada Acme" } });
    const ada = await app.adapter.getUserByEmail("ada@acme.test");
    expect(await app.adapter.getMember(acme.id, ada!.id)).toMatchObject({ role: "admin" });
    await context.close();
  }, 60_000);
});
