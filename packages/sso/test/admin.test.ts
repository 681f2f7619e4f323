/**
 * The admin endpoints over HTTP: only an owner or admin of the organization manages its
 * connections and domains; a domain is verified by its TXT record (through the resolver the suite
 * answers for), and a domain one organization verified cannot be claimed or verified by another.
 * An assertion for an address at a domain the organization did not verify does not take over the
 * Latch user who has that address. On PGlite.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Browser, acme, globex, outsider, owner, pglite, startApp, type SsoApp } from "./harness.js";
import { connectAcme, signInThroughIdp } from "./flows.js";
import { startIdp, testKeyPair, type TestIdp } from "./idp.js";

describe("SSO administration", () => {
  let app: SsoApp;
  let idp: TestIdp;

  beforeAll(async () => {
    app = await startApp(await pglite());
    idp = await startIdp({ keys: testKeyPair("latch-sso-test-idp"), user: { nameId: "ada@acme.test", email: "ada@acme.test", name: "Ada" } });
  });
  afterAll(async () => {
    await idp?.close();
    await app?.close();
  });

  test("nobody signed in is 401; a member of another organization 404; a plain member 403", async () => {
    const anonymous = new Browser(app.origin);
    expect((await anonymous.send("POST", `sso/organizations/${acme.id}/connections`, { idpMetadata: idp.metadata })).status).toBe(401);
    const oscar = await new Browser(app.origin).signIn(outsider.email);
    expect((await oscar.send("POST", `sso/organizations/${acme.id}/connections`, { idpMetadata: idp.metadata })).status).toBe(404);
    expect((await oscar.fetch(`sso/organizations/${acme.id}/domains`)).status).toBe(404);
    await app.adapter.createInvitation({ id: "inv-oscar", organizationId: acme.id, email: outsider.email, role: "member", inviterId: owner.id, hash: "h", status: "pending", expires: new Date(Date.now() + 60_000), createdAt: new Date() });
    await app.adapter.acceptInvitation("inv-oscar", { organizationId: acme.id, userId: outsider.id, role: "member", createdAt: new Date() });
    const refused = await oscar.send("POST", `sso/organizations/${acme.id}/connections`, { idpMetadata: idp.metadata });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: "OrganizationPermissionDenied" });
    expect((await oscar.send("POST", `sso/organizations/${acme.id}/domains`, { domain: "acme.test" })).status).toBe(403);
  });

  test("without the CSRF token a connection is not made", async () => {
    const admin = await new Browser(app.origin).signIn(owner.email);
    const response = await admin.fetch(`sso/organizations/${acme.id}/connections`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ idpMetadata: idp.metadata }) });
    expect(response.status).toBe(403);
    expect((await app.engine.db.query(`SELECT 1 FROM sso_connections`)).rows).toEqual([]);
  });

  test("metadata that is not an IdP's, and an owner role by groups, are 400", async () => {
    const admin = await new Browser(app.origin).signIn(owner.email);
    for (const body of [{ idpMetadata: "<nope/>" }, { idpMetadata: "" }, { idpMetadata: idp.metadata, groupRoles: { admins: "owner" } }, { idpMetadata: idp.metadata, encryptedAssertions: true }]) {
      const response = await admin.send("POST", `sso/organizations/${acme.id}/connections`, body);
      expect(response.status).toBe(400);
    }
  });

  test("a domain is verified by its TXT record only, and once verified cannot be claimed by another organization", async () => {
    const admin = await new Browser(app.origin).signIn(owner.email);
    const claim = await admin.send("POST", `sso/organizations/${acme.id}/domains`, { domain: "Verified.Acme.Test." });
    expect(claim.status).toBe(201);
    const { domain, record } = (await claim.json()) as { domain: string; record: { name: string; value: string } };
    expect(domain).toBe("verified.acme.test");
    expect(record.name).toBe("_latch-sso.verified.acme.test");
    // No record, then a wrong one: not verified.
    expect(await (await admin.send("POST", `sso/organizations/${acme.id}/domains/${domain}/verify`)).json()).toMatchObject({ error: "DomainNotVerified" });
    app.txt.set(record.name, [["latch-sso-verification=wrong"]]);
    expect((await admin.send("POST", `sso/organizations/${acme.id}/domains/${domain}/verify`)).status).toBe(400);
    // A long record split in strings is joined, as DNS does.
    app.txt.set(record.name, [["v=spf1 -all"], [record.value.slice(0, 20), record.value.slice(20)]]);
    expect(await (await admin.send("POST", `sso/organizations/${acme.id}/domains/${domain}/verify`)).json()).toEqual({ domain, verified: true });

    // Globex's owner claims the same domain: refused; and a claim made before the verification cannot be verified.
    const globexOwner = await new Browser(app.origin).signIn(outsider.email);
    const taken = await globexOwner.send("POST", `sso/organizations/${globex.id}/domains`, { domain });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ error: "DomainTaken" });
    await app.engine.db.query(`INSERT INTO sso_domains (domain, "organizationId", token, "createdAt") VALUES ($1, $2, 'early', now())`, [domain, globex.id]);
    app.txt.set(record.name, [["latch-sso-verification=early"]]);
    expect((await globexOwner.send("POST", `sso/organizations/${globex.id}/domains/${domain}/verify`)).status).toBe(409);
    const { rows } = await app.engine.db.query(`SELECT "organizationId" FROM sso_domains WHERE domain = $1 AND "verifiedAt" IS NOT NULL`, [domain]);
    expect(rows).toEqual([{ organizationId: acme.id }]);
  });

  test("an address outside the organization's verified domains does not take over the user who has it", async () => {
    await connectAcme(app, idp);
    // The IdP asserts the address of Oscar, a user of another domain.
    idp.user = { nameId: "oscar-at-idp", email: outsider.email, name: "Not Oscar" };
    const browser = new Browser(app.origin);
    const landed = await signInThroughIdp(browser, "ada@acme.test");
    expect(landed.status).toBeLessThan(500);
    expect(`${landed.headers.get("location")} ${await landed.text()}`).toContain("OAuthAccountNotLinked");
    expect(await browser.session()).toBeNull();
    expect((await app.engine.db.query(`SELECT 1 FROM accounts WHERE "providerAccountId" = 'oscar-at-idp'`)).rows).toEqual([]);
    expect(await app.adapter.getUser(outsider.id)).toMatchObject({ name: outsider.name });
  });

  test("an address at the verified domain links to the Latch user who already has it", async () => {
    await app.engine.db.query(`INSERT INTO users (id, email, name, "emailVerified") VALUES ('existing-cy', 'cy@acme.test', 'Cy', NULL)`);
    idp.user = { nameId: "cy@acme.test", email: "cy@acme.test", name: "Cy" };
    const browser = new Browser(app.origin);
    expect((await signInThroughIdp(browser, "cy@acme.test")).status).toBe(302);
    expect((await browser.session())?.user).toMatchObject({ email: "cy@acme.test" });
    const cy = await app.adapter.getUser("existing-cy");
    expect(cy?.emailVerified).toBeInstanceOf(Date);
    expect(await app.adapter.getMember(acme.id, "existing-cy")).toMatchObject({ role: "member" });
  });

  test("connections and domains are listed for the admin; a connection is deleted", async () => {
    const admin = await new Browser(app.origin).signIn(owner.email);
    const { connections } = (await (await admin.fetch(`sso/organizations/${acme.id}/connections`)).json()) as { connections: { id: string; sp: { acs: string } }[] };
    expect(connections.length).toBeGreaterThan(0);
    expect(connections[0]!.sp.acs).toBe(`${app.origin}/auth/sso/saml/${connections[0]!.id}/acs`);
    expect(((await (await admin.fetch(`sso/organizations/${acme.id}/domains`)).json()) as { domains: unknown[] }).domains.length).toBeGreaterThan(0);
    for (const { id } of connections) expect((await admin.send("DELETE", `sso/organizations/${acme.id}/connections/${id}`)).status).toBe(200);
    expect((await fetch(`${app.origin}/auth/sso/saml/${connections[0]!.id}/metadata`)).status).toBe(404);
  });
});
