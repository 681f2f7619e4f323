/**
 * The management page over HTTP, through the real plugin: an owner of Acme claims a domain, reads
 * the TXT record to publish, verifies it (through the resolver the suite answers for), connects
 * a SAML identity provider by pasting its metadata, and deletes and removes them, each by the
 * page's forms; refusals are shown on the page with their status. A plain member is refused, a
 * form without the CSRF token changes nothing, and nobody signed in is sent to sign in. On PGlite.
 */
import de from "@latch/core/languages/de";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Browser, acme, outsider, owner, pglite, startApp, type SsoApp } from "./harness.js";
import { startIdp, testKeyPair, type TestIdp } from "./idp.js";
import { manageSentences } from "../src/manage-sentences.js";
import { signInSentences } from "../src/sign-in-sentences.js";

const form = { "content-type": "application/x-www-form-urlencoded" };
const en = manageSentences.en;

/** The page's text with the markup's escapes read back (`&#39;` → `'`). */
const unescaped = (page: string) => page.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))).replace(/&amp;/g, "&");

/** The page's CSRF token: the hidden field its forms carry. */
const tokenOf = (page: string) => /name="csrfToken" value="([^"]+)"/.exec(page)?.[1] ?? "";

/** A browser at the management page of `organization`. */
class ManagePage {
  constructor(readonly browser: Browser, readonly organization = acme.slug) {}

  async open(query: Record<string, string> = {}): Promise<{ status: number; page: string }> {
    const response = await this.browser.fetch(`sso/manage?${new URLSearchParams({ organization: this.organization, ...query })}`);
    return { status: response.status, page: await response.text() };
  }

  /** Submits a form of the page as a browser does: the page's CSRF token, the organization, the intent and the fields. */
  async submit(intent: string, fields: Record<string, string> = {}, csrf = true): Promise<Response> {
    const { page } = await this.open();
    const body = new URLSearchParams({ ...(csrf && { csrfToken: tokenOf(page) }), organization: acme.id, intent, ...fields });
    return this.browser.fetch("sso/manage", { method: "POST", headers: { ...form, accept: "text/html" }, body });
  }
}

describe("the management page", () => {
  let app: SsoApp;
  let idp: TestIdp;
  let admin: ManagePage;

  const domainRows = async () => (await app.engine.db.query(`SELECT domain, "verifiedAt" FROM sso_domains WHERE "organizationId" = $1`, [acme.id])).rows as { domain: string; verifiedAt: Date | null }[];
  const connectionRows = async () => (await app.engine.db.query(`SELECT id, settings FROM sso_connections WHERE "organizationId" = $1`, [acme.id])).rows as { id: string; settings: Record<string, unknown> }[];

  beforeAll(async () => {
    app = await startApp(await pglite());
    idp = await startIdp({ keys: testKeyPair("latch-sso-test-idp"), user: { nameId: "ada@acme.test", email: "ada@acme.test", name: "Ada" } });
    admin = new ManagePage(await new Browser(app.origin).signIn(owner.email));
  });
  afterAll(async () => {
    await idp?.close();
    await app?.close();
  });

  test("nobody signed in is sent to the sign-in page, and back to the page afterwards", async () => {
    const response = await new Browser(app.origin).fetch(`sso/manage?organization=${acme.slug}`);
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location")!);
    expect(location.pathname).toBe("/auth/signin");
    expect(location.searchParams.get("callbackUrl")).toBe(`${app.origin}/auth/sso/manage?organization=${acme.slug}`);
  });

  test("the owner sees the page, found by slug or by id, with the forms and no connection or domain yet", async () => {
    for (const organization of [acme.slug, acme.id]) {
      const { status, page } = await new ManagePage(admin.browser, organization).open();
      expect(status).toBe(200);
      expect(page).toContain(`<title>${unescaped(en.manageTitle.replace("{organization}", acme.name))}</title>`);
      expect(unescaped(page)).toContain(en.connectionsNone);
      expect(page).toContain('name="idpMetadata"');
      expect(page).toContain('name="domain"');
      expect(tokenOf(page)).not.toBe("");
    }
  });

  test("a domain is added, its TXT record shown, refused until the record is published, then verified", async () => {
    const added = await admin.submit("addDomain", { domain: "Acme.Test" });
    expect(added.status).toBe(302);
    expect(added.headers.get("location")).toBe(`${app.origin}/auth/sso/manage?organization=${acme.slug}&done=addDomain`);
    const { page } = await admin.open({ done: "addDomain" });
    expect(unescaped(page)).toContain(en.doneDomainAdded);
    expect(page).toContain('data-domain="acme.test"');
    expect(page).toContain('data-state="pending"');
    const name = /data-record="name">([^<]+)</.exec(page)?.[1];
    const value = /data-record="value">([^<]+)</.exec(page)?.[1];
    expect(name).toBe("_latch-sso.acme.test");
    expect(value).toMatch(/^latch-sso-verification=[0-9a-f]{40}$/);

    const early = await admin.submit("verifyDomain", { domain: "acme.test" });
    expect(early.status).toBe(400);
    expect(unescaped(await early.text())).toContain(en.errorDomainNotVerified);
    expect((await domainRows())[0]?.verifiedAt).toBeNull();

    app.txt.set(name!, [[value!]]);
    expect((await admin.submit("verifyDomain", { domain: "acme.test" })).status).toBe(302);
    const verified = (await admin.open({ done: "verifyDomain" })).page;
    expect(verified).toContain('data-state="verified"');
    expect(unescaped(verified)).toContain(en.doneDomainVerified);
    expect((await domainRows())[0]?.verifiedAt).toBeInstanceOf(Date);
  });

  test("a domain that is not a domain name is refused on the page, with what was typed", async () => {
    const response = await admin.submit("addDomain", { domain: "not a domain" });
    expect(response.status).toBe(400);
    const page = unescaped(await response.text());
    expect(page).toContain(en.errorInvalidDomain);
    expect(page).toContain('value="not a domain"');
  });

  test("a SAML connection is made from pasted metadata, with its role, group mapping and switches", async () => {
    const response = await admin.submit("addConnection", { idpMetadata: idp.metadata, defaultRole: "member", groupRoles: "acme-admins = admin\nstaff=member\n", allowIdpInitiated: "on", trustIdpMfa: "on" });
    expect(response.status).toBe(302);
    const [row] = await connectionRows();
    expect(row?.settings).toMatchObject({ defaultRole: "member", groupRoles: { "acme-admins": "admin", staff: "member" }, allowIdpInitiated: true, trustIdpMfa: true });
    const { page } = await admin.open();
    expect(page).toContain(`data-connection="${row!.id}"`);
    expect(unescaped(page)).toContain("acme-admins → admin");
    // The service provider's metadata, for the identity provider: a link on the page that answers the XML.
    const href = /href="([^"]+)" download/.exec(page)?.[1];
    expect(href).toBe(`${app.origin}/auth/sso/saml/${row!.id}/metadata`);
    expect(await (await fetch(href!)).text()).toContain(`entityID="${href}"`);
  });

  test("metadata that is not an identity provider's, a mapping that is not group = role, and an owner role are refused on the page", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ idpMetadata: "<nope/>" }, en.errorInvalidMetadata],
      [{ idpMetadata: idp.metadata, groupRoles: "admins" }, en.errorInvalidGroupRoles],
      [{ idpMetadata: idp.metadata, defaultRole: "owner" }, en.errorInvalidRole],
    ];
    const before = (await connectionRows()).length;
    for (const [fields, sentence] of cases) {
      const response = await admin.submit("addConnection", fields);
      expect(response.status).toBe(400);
      expect(unescaped(await response.text())).toContain(sentence);
    }
    expect(await connectionRows()).toHaveLength(before);
  });

  test("an unknown form or organization is a 4xx page, never a 500", async () => {
    expect((await admin.submit("dropTables")).status).toBe(400);
    const missing = await new ManagePage(admin.browser, "no-such-org").open();
    expect(missing.status).toBe(404);
    expect(unescaped(missing.page)).toContain(en.errorOrganizationNotFound);
    expect((await admin.submit("deleteConnection", { connectionId: "nope" })).status).toBe(404);
    expect((await admin.submit("verifyDomain", { domain: "elsewhere.test" })).status).toBe(404);
  });

  test("a member who is not an owner or admin gets 403 and changes nothing; someone outside the organization gets 404", async () => {
    const oscar = new ManagePage(await new Browser(app.origin).signIn(outsider.email));
    const outside = await oscar.open();
    expect(outside.status).toBe(404);
    expect(outside.page).not.toContain(acme.name);
    await app.adapter.createInvitation({ id: "inv-oscar-page", organizationId: acme.id, email: outsider.email, role: "member", inviterId: owner.id, hash: "h-page", status: "pending", expires: new Date(Date.now() + 60_000), createdAt: new Date() });
    await app.adapter.acceptInvitation("inv-oscar-page", { organizationId: acme.id, userId: outsider.id, role: "member", createdAt: new Date() });
    const seen = await oscar.open();
    expect(seen.status).toBe(403);
    expect(unescaped(seen.page)).toContain(en.errorOrganizationPermissionDenied);
    expect(seen.page).not.toContain("_latch-sso.");
    // The form posted with a valid token of Oscar's own: refused by the role check.
    const csrfToken = await oscar.browser.csrf();
    const before = await domainRows();
    const connections = await connectionRows();
    const posted = await oscar.browser.fetch("sso/manage", { method: "POST", headers: form, body: new URLSearchParams({ csrfToken, organization: acme.id, intent: "addDomain", domain: "oscar.test" }) });
    expect(posted.status).toBe(403);
    const [connection] = connections;
    const deleting = await oscar.browser.fetch("sso/manage", { method: "POST", headers: form, body: new URLSearchParams({ csrfToken, organization: acme.id, intent: "deleteConnection", connectionId: connection!.id }) });
    expect(deleting.status).toBe(403);
    expect(await domainRows()).toEqual(before);
    expect(await connectionRows()).toEqual(connections);
  });

  test("a form without the CSRF token is refused and changes nothing", async () => {
    const created = await admin.browser.send("POST", `sso/organizations/${acme.id}/connections`, { idpMetadata: idp.metadata });
    const { id } = (await created.json()) as { id: string };
    const before = await domainRows();
    const response = await admin.submit("addDomain", { domain: "csrf.acme.test" }, false);
    expect(response.status === 403 || (response.status === 302 && response.headers.get("location")!.includes("error=MissingCSRF"))).toBe(true);
    expect(await domainRows()).toEqual(before);
    await admin.submit("deleteConnection", { connectionId: id }, false);
    expect((await connectionRows()).map((row) => row.id)).toContain(id);
  });

  test("a connection is deleted and a domain removed by their buttons", async () => {
    for (const connection of await connectionRows()) expect((await admin.submit("deleteConnection", { connectionId: connection.id })).status).toBe(302);
    expect(await connectionRows()).toEqual([]);
    expect((await admin.submit("removeDomain", { domain: "acme.test" })).status).toBe(302);
    expect(await domainRows()).toEqual([]);
    expect(unescaped((await admin.open({ done: "removeDomain" })).page)).toContain(en.doneDomainRemoved);
  });

  test("the JSON endpoint removes a domain too", async () => {
    const browser = admin.browser;
    expect((await browser.send("POST", `sso/organizations/${acme.id}/domains`, { domain: "json.acme.test" })).status).toBe(201);
    const removed = await browser.send("DELETE", `sso/organizations/${acme.id}/domains/json.acme.test`);
    expect(await removed.json()).toEqual({ deleted: "json.acme.test" });
    expect((await browser.send("DELETE", `sso/organizations/${acme.id}/domains/json.acme.test`)).status).toBe(404);
  });
});

describe("the management page's language", () => {
  let app: SsoApp;

  beforeAll(async () => {
    app = await startApp(await pglite(), {}, { languages: [de] });
  });
  afterAll(() => app?.close());

  test("speaks the language the config offers and the browser asks for", async () => {
    const browser = await new Browser(app.origin).signIn(owner.email);
    const page = await (await browser.fetch(`sso/manage?organization=${acme.slug}`, { headers: { "accept-language": "de" } })).text();
    expect(page).toContain('lang="de"');
    expect(unescaped(page)).toContain(manageSentences.de!.connectionsNone);
  });
});

describe("the sentences", () => {
  const placeholders = (sentence: string) => [...sentence.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

  test("every language has every sentence of the page, with the same placeholders", () => {
    for (const [tag, sentences] of Object.entries(manageSentences)) {
      expect(Object.keys(sentences).sort(), tag).toEqual(Object.keys(en).sort());
      for (const [key, sentence] of Object.entries(sentences)) expect(placeholders(sentence), `${tag} ${key}`).toEqual(placeholders(en[key as keyof typeof en]));
    }
  });

  test("the sign-in form speaks the same languages as the page", () => {
    expect(Object.keys(signInSentences).sort()).toEqual(Object.keys(manageSentences).sort());
    for (const sentences of Object.values(signInSentences)) expect(Object.keys(sentences.errors ?? {})).toEqual(Object.keys(signInSentences.en.errors!));
  });
});
