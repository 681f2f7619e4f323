/**
 * With Latch's origin check (`csrfCheck: originCheck`, what `@latch/sveltekit` sets), the ACS is
 * the one SSO endpoint a form from another origin reaches: the identity provider's page posts
 * there, and the response's signature, audience and the browser's request cookie vouch for it.
 * Every other state-changing SSO endpoint refuses another origin. Over HTTP on PGlite.
 */
import { originCheck } from "@latch/core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Browser, acme, owner, pglite, startApp, type SsoApp } from "./harness.js";
import { connectAcme } from "./flows.js";
import { autoPostForm, startIdp, testKeyPair, type TestIdp } from "./idp.js";

describe("the origin check exempts the ACS only", () => {
  let app: SsoApp;
  let idp: TestIdp;
  let connectionId: string;

  beforeAll(async () => {
    app = await startApp(await pglite(), {}, { csrfCheck: originCheck });
    idp = await startIdp({ keys: testKeyPair("latch-sso-test-idp"), user: { nameId: "ida@acme.test", email: "ida@acme.test" } });
    connectionId = await connectAcme(app, idp);
  });
  afterAll(async () => {
    await idp?.close();
    await app?.close();
  });

  test("the identity provider's page, from its own origin, signs the person in at the ACS", async () => {
    const browser = new Browser(app.origin);
    const started = await browser.fetch(`sso/saml/${connectionId}/start`);
    const form = autoPostForm(await (await fetch(started.headers.get("location")!)).text());
    const landed = await browser.fetch(form.action, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: idp.origin, "sec-fetch-site": "cross-site" },
      body: new URLSearchParams({ SAMLResponse: form.SAMLResponse, RelayState: form.RelayState! }),
    });
    expect(landed.status).toBe(302);
    expect((await browser.session())?.user).toMatchObject({ email: "ida@acme.test" });
  });

  test("a form from another origin is refused at the admin endpoints, and nothing is written", async () => {
    const admin = await new Browser(app.origin).signIn(owner.email);
    const before = (await app.engine.db.query(`SELECT count(*)::int AS n FROM sso_connections`)).rows;
    const response = await admin.fetch(`sso/organizations/${acme.id}/connections`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      body: new URLSearchParams({ idpMetadata: idp.metadata }),
    });
    expect(response.status).toBe(403);
    expect((await app.engine.db.query(`SELECT count(*)::int AS n FROM sso_connections`)).rows).toEqual(before);
  });
});
