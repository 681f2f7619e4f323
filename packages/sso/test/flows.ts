/** The steps the SSO suites take: connecting Acme's identity provider, and a browser's round trip through it. */
import { expect } from "vitest";
import { Browser, acme, owner, type SsoApp } from "./harness.js";
import { autoPostForm, type TestIdp } from "./idp.js";

/** Connects the IdP to Acme and verifies acme.test; the connection's id. */
export async function connectAcme(app: SsoApp, idp: TestIdp, settings: Record<string, unknown> = {}): Promise<string> {
  const admin = await new Browser(app.origin).signIn(owner.email);
  const created = await admin.send("POST", `sso/organizations/${acme.id}/connections`, {
    idpMetadata: idp.metadata,
    defaultRole: "member",
    groupRoles: { "acme-admins": "admin" },
    ...settings,
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const connection = (await created.json()) as { id: string };
  const claim = (await (await admin.send("POST", `sso/organizations/${acme.id}/domains`, { domain: "acme.test" })).json()) as { record: { name: string; value: string } };
  app.txt.set(claim.record.name, [[claim.record.value]]);
  expect((await admin.send("POST", `sso/organizations/${acme.id}/domains/acme.test/verify`)).status).toBe(200);
  return connection.id;
}

/** Goes from the address-first page's answer to the app's ACS, as a browser does; the ACS's answer. */
export async function signInThroughIdp(browser: Browser, email: string, callbackUrl = "/dashboard"): Promise<Response> {
  const discovered = await browser.fetch(`sso/discover?${new URLSearchParams({ email, callbackUrl })}`);
  expect(discovered.status).toBe(302);
  const start = await browser.fetch(discovered.headers.get("location")!);
  expect(start.status).toBe(303);
  const atIdp = await fetch(start.headers.get("location")!);
  const form = autoPostForm(await atIdp.text());
  return browser.postAcs(form.action, form);
}

