/**
 * In headless Chromium, the responses an identity provider's portal posts unasked (IdP-initiated
 * sign-in, samlify's IdP side on 127.0.0.1, its page posting to the ACS as it loads): on a
 * connection that allows them, the response signs the person in once and lands at the RelayState,
 * and the same response posted again from another browser is refused as a replay; a response
 * whose assertion is unsigned, whose signature was stripped, or whose signed assertion was wrapped
 * beside a forged one is refused, and nobody is signed in. Latch in Express on PGlite.
 */
import { chromiumAvailable } from "@latch/testing";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { connectAcme } from "./flows.js";
import { decode, encode, testKeyPair } from "./idp.js";
import { browserSuite } from "./browser-suite.js";

const person = (name: string) => ({ nameId: `${name}@acme.test`, email: `${name}@acme.test`, name, groups: ["staff"] });

describe.runIf(await chromiumAvailable())("IdP-initiated sign-in and forged responses in Chromium", () => {
  const suite = browserSuite({ connected: false, idp: { keys: testKeyPair("latch-sso-test-idp"), user: person("ada") } });
  let acs: string;
  let spMetadata: string;

  beforeAll(async () => {
    const connectionId = await connectAcme(suite.app, suite.idp, { allowIdpInitiated: true });
    acs = `${suite.app.origin}/auth/sso/saml/${connectionId}/acs`;
    spMetadata = await (await fetch(`${suite.app.origin}/auth/sso/saml/${connectionId}/metadata`)).text();
  });

  /** Opens the portal's page that posts `SAMLResponse` in a fresh browser; the page once the ACS answered. */
  async function posted(SAMLResponse: string, relayState?: string): Promise<Page> {
    const page = await (await suite.chromium.newContext()).newPage();
    await Promise.all([page.waitForURL((url) => url.origin === suite.app.origin, { timeout: 30_000 }), page.goto(suite.idp.portal(acs, SAMLResponse, relayState))]);
    await page.waitForLoadState("load");
    return page;
  }

  const sessionOf = (page: Page) => page.evaluate(async () => (await fetch("/auth/session")).json());

  async function expectRefused(page: Page, reason: string, email: string): Promise<void> {
    expect(JSON.parse((await page.textContent("body")) ?? "")).toMatchObject({ error: "SamlResponseRefused", reason });
    expect(await sessionOf(page)).toBeNull();
    expect(await suite.app.adapter.getUserByEmail(email)).toBeNull();
    await page.context().close();
  }

  test("an unasked response signs the person in once, at the RelayState; posted again from another browser, it is a replay", async () => {
    const SAMLResponse = await suite.idp.respond(spMetadata, { user: person("ida"), inResponseTo: null });
    const first = await posted(SAMLResponse, "/?from=portal");
    expect(first.url()).toBe(`${suite.app.origin}/?from=portal`);
    expect(await sessionOf(first)).toMatchObject({ user: { email: "ida@acme.test" } });
    await first.context().close();

    const again = await posted(SAMLResponse, "/?from=portal");
    expect(JSON.parse((await again.textContent("body")) ?? "")).toMatchObject({ error: "SamlResponseRefused", reason: "replay" });
    expect(await sessionOf(again)).toBeNull();
    await again.context().close();
  });

  test("an unsigned assertion, a stripped signature and a wrapped assertion are refused in the browser too", async () => {
    await expectRefused(await posted(await suite.idp.respond(spMetadata, { user: person("una"), inResponseTo: null, signResponseOnly: true })), "unsigned-assertion", "una@acme.test");

    const stripped = decode(await suite.idp.respond(spMetadata, { user: person("sid"), inResponseTo: null })).replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, "");
    await expectRefused(await posted(encode(stripped)), "signature", "sid@acme.test");

    const signed = decode(await suite.idp.respond(spMetadata, { user: person("wes"), inResponseTo: null }));
    const original = /<saml:Assertion[\s\S]*<\/saml:Assertion>/.exec(signed)![0];
    const forged = original.replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, "").replace(/ID="[^"]+"/, 'ID="_forged"').replace(/wes@acme\.test/g, "eve@acme.test");
    await expectRefused(await posted(encode(signed.replace(original, forged + original))), "wrapping", "eve@acme.test");
  });
});
