/**
 * The sessions page of `SessionControl()` links to the remembered grants when the app's config
 * carries `OAuthAccountPages()`: "Apps with access" (in the page's language) leads to
 * `<base>/oauth2/grants`, and following it lists the app the member allowed. A config without the
 * plugin shows no such link.
 */
import fr from "@latch/core/languages/fr";
import { SessionControl } from "@latch/core/sessions";
import * as oauth from "oauth4webapi";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { OAuthAccountPages } from "../src/index.js";
import { providerSentences } from "../src/sentences.js";
import { startApp, type TestApp } from "./app.js";
import { allowPartner, insecure, memberBrowser } from "./flows.js";

const sessionsPage = { accept: "text/html" };
const accountLinks = (page: string) => [...page.matchAll(/<ul class="account-pages">([\s\S]*?)<\/ul>/g)].flatMap((list) => [...list[1]!.matchAll(/<a href="([^"]+)">([^<]+)<\/a>/g)].map((a) => ({ href: a[1]!, label: a[2]! })));

describe("with OAuthAccountPages() in the app's config", () => {
  let app: TestApp;
  let as: oauth.AuthorizationServer;

  beforeAll(async () => {
    app = await startApp({ auth: { session: { strategy: "database", control: SessionControl() }, languages: [fr], plugins: [OAuthAccountPages()] } });
    const issuer = new URL(app.origin);
    as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, insecure));
  });
  afterAll(() => app?.close());

  test("the sessions page links to the apps with access; following the link lists the app the member allowed", async () => {
    const { browser } = await allowPartner(app, as);
    const page = await browser.fetch(`${app.origin}/auth/sessions`, { headers: sessionsPage });
    expect(page.status).toBe(200);
    const links = accountLinks(await page.text());
    expect(links).toEqual([{ href: `${app.origin}/auth/oauth2/grants`, label: "Apps with access" }]);
    const grants = await browser.fetch(links[0]!.href);
    expect(grants.status).toBe(200);
    expect(await grants.text()).toContain("<strong>Partner Analytics</strong>");
  });

  test("the link speaks the page's language", async () => {
    const { browser } = await memberBrowser(app);
    const page = await (await browser.fetch(`${app.origin}/auth/sessions`, { headers: { ...sessionsPage, "accept-language": "fr" } })).text();
    expect(page).toContain('lang="fr"');
    expect(accountLinks(page)).toEqual([{ href: `${app.origin}/auth/oauth2/grants`, label: providerSentences.fr!.grantsTitle }]);
    expect(providerSentences.fr!.grantsTitle).not.toBe(providerSentences.en.grantsTitle);
  });
});

describe("without it", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startApp({ auth: { session: { strategy: "database", control: SessionControl() } } });
  });
  afterAll(() => app?.close());

  test("the sessions page has no link to the grants, though the provider is mounted", async () => {
    const { browser } = await memberBrowser(app);
    const page = await (await browser.fetch(`${app.origin}/auth/sessions`, { headers: sessionsPage })).text();
    expect(page).toContain('<ul class="sessions">');
    expect(accountLinks(page)).toEqual([]);
    expect(page).not.toContain("/oauth2/grants");
    expect((await browser.fetch(`${app.origin}/auth/oauth2/grants`)).status).toBe(200);
  });
});
