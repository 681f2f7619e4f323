/**
 * SP-initiated SAML sign-in over HTTP: the owner of Acme connects a real SAML identity provider
 * (samlify's IdP side, on 127.0.0.1) through the admin endpoints, verifies acme.test by its TXT
 * record, and a person of Acme who types their address is sent to that identity provider, comes
 * back with a signed assertion and lands signed in, a member of Acme with the role their groups
 * map to. On PGlite and, when it answers, the real PostgreSQL.
 */
import { needService, services } from "@latch/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Browser, acme, pglite, postgres, startApp, type Engine, type SsoApp } from "./harness.js";
import { connectAcme, signInThroughIdp } from "./flows.js";
import { startIdp, testKeyPair, type TestIdp } from "./idp.js";

const idpKeys = testKeyPair("latch-sso-test-idp");

const engines: [string, () => Promise<Engine>, boolean][] = [
  ["PGlite", pglite, true],
  ["PostgreSQL", postgres, await needService(services.postgres)],
];

describe.each(engines)("SP-initiated SAML sign-in on %s", (_name, engine, available) => {
  let app: SsoApp;
  let idp: TestIdp;
  let connectionId: string;

  beforeAll(async () => {
    if (!available) return;
    app = await startApp(await engine());
    idp = await startIdp({ keys: idpKeys, user: { nameId: "ada@acme.test", email: "ada@acme.test", name: "Ada Acme", groups: ["staff", "acme-admins"] } });
    connectionId = await connectAcme(app, idp);
  });
  afterAll(async () => {
    await idp?.close();
    await app?.close();
  });

  test.skipIf(!available)("the SP metadata names the ACS (HTTP-POST) and asks for signed assertions", async () => {
    const response = await fetch(`${app.origin}/auth/sso/saml/${connectionId}/metadata`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("xml");
    const metadata = await response.text();
    expect(metadata).toContain(`entityID="${app.origin}/auth/sso/saml/${connectionId}/metadata"`);
    expect(metadata).toContain(`Location="${app.origin}/auth/sso/saml/${connectionId}/acs"`);
    expect(metadata).toContain('WantAssertionsSigned="true"');
  });

  test.skipIf(!available)("an address at the verified domain goes to the IdP and comes back signed in, a member of Acme with the mapped role", async () => {
    const browser = new Browser(app.origin);
    const landed = await signInThroughIdp(browser, "ada@acme.test");
    expect(landed.status).toBe(302);
    expect(landed.headers.get("location")).toBe(`${app.origin}/dashboard`);
    expect((await browser.session())?.user).toMatchObject({ email: "ada@acme.test", name: "Ada Acme" });
    const user = await app.adapter.getUserByEmail("ada@acme.test");
    expect(user?.emailVerified).toBeInstanceOf(Date);
    expect(await app.adapter.getMember(acme.id, user!.id)).toMatchObject({ role: "admin" });
    expect(await app.adapter.getUserByAccount({ provider: `sso-${connectionId}`, providerAccountId: "ada@acme.test" })).toMatchObject({ id: user!.id });
  });

  test.skipIf(!available)("without a mapped group the default role; the next sign-in updates the role to what the groups say now", async () => {
    idp.user = { nameId: "bea@acme.test", email: "bea@acme.test", name: "Bea", groups: ["staff"] };
    const browser = new Browser(app.origin);
    expect((await signInThroughIdp(browser, "bea@acme.test")).status).toBe(302);
    const bea = await app.adapter.getUserByEmail("bea@acme.test");
    expect(await app.adapter.getMember(acme.id, bea!.id)).toMatchObject({ role: "member" });
    idp.user = { ...idp.user, groups: ["acme-admins"] };
    expect((await signInThroughIdp(new Browser(app.origin), "bea@acme.test")).status).toBe(302);
    expect(await app.adapter.getMember(acme.id, bea!.id)).toMatchObject({ role: "admin" });
  });

  test.skipIf(!available)("an address at a domain no organization verified is sent to Latch's own sign-in page", async () => {
    const browser = new Browser(app.origin);
    const discovered = await browser.fetch(`sso/discover?${new URLSearchParams({ email: "zed@elsewhere.test" })}`);
    expect(discovered.status).toBe(302);
    expect(discovered.headers.get("location")).toBe(`${app.origin}/auth/signin?`);
    const json = await browser.fetch(`sso/discover?email=zed@acme.test`, { headers: { accept: "application/json" } });
    expect(await json.json()).toMatchObject({ connection: connectionId, organizationId: acme.id });
  });
});
