/**
 * In headless Chromium, the pages: Acme's owner, sent to sign in by the management page, adds
 * acme.test there, publishes the TXT record the page shows (the suite's resolver answers it),
 * verifies it, and connects the SAML identity provider by pasting its metadata. Then a person of
 * Acme types their address on Latch's own sign-in page, goes through the identity provider
 * (samlify's IdP side on 127.0.0.1) and lands signed in, a member of Acme with the mapped role.
 * Latch in Express on PGlite.
 */
import { chromiumAvailable } from "@latch/testing";
import { describe, expect, test } from "vitest";
import { acme, owner } from "./harness.js";
import { testKeyPair } from "./idp.js";
import { browserSuite } from "./browser-suite.js";
import { manageSentences } from "../src/manage-sentences.js";
import { signInSentences } from "../src/sign-in-sentences.js";

const said = manageSentences.en;

describe.runIf(await chromiumAvailable())("the SSO pages in Chromium", () => {
  const suite = browserSuite({ connected: false, idp: { keys: testKeyPair("latch-sso-test-idp"), user: { nameId: "ada@acme.test", email: "ada@acme.test", name: "Ada Acme", groups: ["acme-admins"] } } });

  test("the owner adds and verifies a domain and connects the identity provider on the management page", async () => {
    const { app, idp, chromium } = suite;
    const context = await chromium.newContext();
    const page = await context.newPage();
    await page.goto(`${app.origin}/auth/sso/manage?organization=${acme.slug}`);
    await page.waitForURL(/\/auth\/signin\?/);
    await page.getByLabel("username").fill(owner.email);
    await page.getByLabel("password").fill("pw");
    await Promise.all([page.waitForURL(/\/auth\/sso\/manage\?organization=acme$/), page.getByRole("button", { name: "Sign in with Credentials" }).click()]);

    await page.getByLabel(said.addDomainLabel, { exact: true }).fill("acme.test");
    await Promise.all([page.waitForURL(/done=addDomain/), page.getByRole("button", { name: said.addDomain }).click()]);
    const name = await page.locator('[data-record="name"]').textContent();
    const value = await page.locator('[data-record="value"]').textContent();
    expect(name).toBe("_latch-sso.acme.test");
    app.txt.set(name!, [[value!]]);
    await Promise.all([page.waitForURL(/done=verifyDomain/), page.getByRole("button", { name: said.verifyNow }).click()]);
    expect(await page.locator('[data-domain="acme.test"] [data-state]').textContent()).toBe(said.domainVerified);

    await page.getByLabel(said.metadataLabel).fill(idp.metadata);
    await page.getByLabel(said.groupRolesLabel).fill("acme-admins = admin");
    await Promise.all([page.waitForURL(/done=addConnection/), page.getByRole("button", { name: said.addConnection, exact: true }).click()]);
    expect(await page.getByRole("status").textContent()).toBe(said.doneConnectionAdded);
    expect(await page.locator("[data-connection]").count()).toBe(1);
    expect(await page.locator("[data-connection]").textContent()).toContain("acme-admins → admin");
    await context.close();
  }, 90_000);

  test("an address at the verified domain typed on Latch's sign-in page goes through the identity provider and lands signed in", async () => {
    const { app, chromium } = suite;
    const context = await chromium.newContext();
    const page = await context.newPage();
    await page.goto(`${app.origin}/auth/signin?callbackUrl=/`);
    await page.getByLabel(signInSentences.en.label).fill("ada@acme.test");
    await Promise.all([page.waitForURL(`${app.origin}/`, { timeout: 30_000 }), page.getByRole("button", { name: signInSentences.en.button }).click()]);
    expect(await page.textContent("body")).toContain("home");
    const session = await page.evaluate(async () => (await fetch("/auth/session")).json());
    expect(session).toMatchObject({ user: { email: "ada@acme.test", name: "Ada Acme" } });
    const ada = await app.adapter.getUserByEmail("ada@acme.test");
    expect(await app.adapter.getMember(acme.id, ada!.id)).toMatchObject({ role: "admin" });
    await context.close();
  }, 60_000);
});
