/**
 * Encrypted assertions: the app publishes an encryption certificate in its SP metadata
 * (`Sso({ encryption })`), the identity provider (samlify's IdP side) signs the assertion and
 * encrypts it to that certificate, and the app decrypts, checks and signs the person in. An
 * unencrypted assertion on such a connection is refused. On PGlite.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Browser, acme, pglite, startApp, type SsoApp } from "./harness.js";
import { connectAcme, signInThroughIdp } from "./flows.js";
import { startIdp, testKeyPair, type TestIdp } from "./idp.js";

describe("encrypted assertions", () => {
  let app: SsoApp;
  let idp: TestIdp;
  let plain: TestIdp;
  let connectionId: string;

  beforeAll(async () => {
    const keys = testKeyPair("latch-sso-test-idp");
    app = await startApp(await pglite(), { encryption: testKeyPair("latch-sso-test-sp-encryption") });
    idp = await startIdp({ keys, encrypt: true, user: { nameId: "eli@acme.test", email: "eli@acme.test", name: "Eli", groups: ["acme-admins"] } });
    plain = await startIdp({ keys, user: { nameId: "pat@acme.test", email: "pat@acme.test" } });
    connectionId = await connectAcme(app, idp, { encryptedAssertions: true });
  });
  afterAll(async () => {
    await idp?.close();
    await plain?.close();
    await app?.close();
  });

  test("the SP metadata carries the encryption certificate; the encrypted assertion signs in", async () => {
    const metadata = await (await fetch(`${app.origin}/auth/sso/saml/${connectionId}/metadata`)).text();
    expect(metadata).toContain('use="encryption"');
    const browser = new Browser(app.origin);
    const landed = await signInThroughIdp(browser, "eli@acme.test");
    expect(landed.status, await landed.clone().text()).toBe(302);
    expect((await browser.session())?.user).toMatchObject({ email: "eli@acme.test" });
    const eli = await app.adapter.getUserByEmail("eli@acme.test");
    expect(await app.adapter.getMember(acme.id, eli!.id)).toMatchObject({ role: "admin" });
  });

  test("an unencrypted assertion on a connection that expects encryption is refused", async () => {
    const browser = new Browser(app.origin);
    const started = await browser.fetch(`sso/saml/${connectionId}/start`);
    const url = new URL(started.headers.get("location")!);
    const spMetadata = await (await fetch(`${app.origin}/auth/sso/saml/${connectionId}/metadata`)).text();
    const SAMLResponse = await plain.respond(spMetadata, {});
    const response = await browser.postAcs(`${app.origin}/auth/sso/saml/${connectionId}/acs`, { SAMLResponse, RelayState: url.searchParams.get("RelayState")! });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "SamlResponseRefused", reason: "encryption" });
    expect(await app.adapter.getUserByEmail("pat@acme.test")).toBeNull();
  });
});
