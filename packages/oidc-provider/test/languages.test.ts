/**
 * The provider's pages speak the request's language as Latch's pages do: among the config's
 * `languages` (English otherwise), by `locale` or `Accept-Language`, right to left for Arabic and
 * Hebrew; and every language has every sentence.
 */
import * as client from "openid-client";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { languages as allLanguages } from "@latch/core/languages";
import { choosePageSentences } from "@latch/core/page-frame";
import { providerSentences } from "../src/sentences.js";
import { Browser, rpCallback, startApp, type TestApp } from "./app.js";
import { codeFlow, memberBrowser, rpConfig } from "./flows.js";

let app: TestApp;

beforeAll(async () => {
  app = await startApp({ auth: { languages: allLanguages } });
});
afterAll(() => app?.close());

/** The consent page for the partner client, asked in `acceptLanguage`. */
async function consentPage(browser: Browser, acceptLanguage: string): Promise<string> {
  const url = new URL(`${app.origin}/auth/oauth2/auth`);
  url.search = new URLSearchParams({ client_id: "partner", redirect_uri: rpCallback, response_type: "code", scope: "openid email", code_challenge: "a".repeat(43), code_challenge_method: "S256" }).toString();
  const { url: at } = await browser.follow(url);
  expect(at).toContain("/auth/oauth2/interaction/");
  const page = await browser.fetch(at, { headers: { "accept-language": acceptLanguage } });
  expect(page.status).toBe(200);
  return page.text();
}

describe("the consent page", () => {
  test("in German over HTTP: every sentence, left to right", async () => {
    const { browser, user } = await memberBrowser(app);
    const page = await consentPage(browser, "de-CH, de;q=0.9, en;q=0.5");
    expect(page).toMatch(/<html lang="de" dir="ltr"/);
    expect(page).toContain("<title>Partner Analytics erlauben?</title>");
    expect(page).toContain(`Angemeldet als <strong>${user.email}</strong>.`);
    expect(page).toContain("Nicht Sie?");
    expect(page).toContain("<strong>Partner Analytics</strong> möchte:");
    expect(page).toContain('<li data-scope="email">Ihre E-Mail-Adresse sehen</li>');
    expect(page).toContain(">Ablehnen</button>");
    expect(page).toContain(">Erlauben</button>");
  });

  test("in Arabic over HTTP: right to left", async () => {
    const { browser } = await memberBrowser(app);
    const page = await consentPage(browser, "ar");
    expect(page).toMatch(/<html lang="ar" dir="rtl"/);
    expect(page).toContain("<title>السماح لـ Partner Analytics؟</title>");
    expect(page).toContain("يطلب <strong>Partner Analytics</strong> ما يلي:");
    expect(page).toContain('<li data-scope="email">رؤية عنوان بريدك الإلكتروني</li>');
    expect(page).toContain(">سماح</button>");
  });

  test("a language the config does not offer gives English; an app's resource scope keeps the app's words", async () => {
    const { browser } = await memberBrowser(app);
    const page = await consentPage(browser, "sw, en;q=0.1");
    expect(page).toMatch(/<html lang="en" dir="ltr"/);
    expect(page).toContain("<strong>Partner Analytics</strong> asks to:");
  });
});

describe("the logout pages", () => {
  test("the logout question and the signed-out page in Hebrew, right to left", async () => {
    const { browser } = await memberBrowser(app);
    const config = await rpConfig(app);
    const tokens = await codeFlow(config, browser, "openid");
    const logout = client.buildEndSessionUrl(config, { id_token_hint: tokens.id_token! });
    const page = await browser.fetch(logout, { headers: { "accept-language": "he" } });
    const html = await page.text();
    expect(html).toMatch(/<html lang="he" dir="rtl"/);
    expect(html).toContain("<title>להתנתק?</title>");
    expect(html).toContain(">התנתקות</button>");
    const confirmed = await browser.submit(html, logout.href, { logout: "yes" });
    const done = await browser.follow(new URL(confirmed.headers.get("location")!, logout), "http://never.example/");
    const after = await browser.fetch(done.url, { headers: { "accept-language": "he" } });
    expect(await after.text()).toContain("<title>התנתקתם</title>");
  });
});

describe("the grants page", () => {
  test("in Ukrainian over HTTP", async () => {
    const { browser } = await memberBrowser(app);
    const page = await browser.fetch(`${app.origin}/auth/oauth2/grants`, { headers: { "accept-language": "uk" } });
    const html = await page.text();
    expect(html).toMatch(/<html lang="uk" dir="ltr"/);
    expect(html).toContain("<title>Застосунки з доступом</title>");
    expect(html).toContain("Жоден застосунок не має доступу до вашого облікового запису.");
  });
});

describe("the sentences", () => {
  test("every language Latch ships has every sentence of the provider's pages, each filled in", () => {
    const keys = Object.keys(providerSentences.en).sort();
    const shipped = allLanguages.map((language) => language.code).filter((code) => code !== "en").sort();
    expect(Object.keys(providerSentences).filter((code) => code !== "en").sort()).toEqual(shipped);
    for (const code of shipped) {
      const sentences = providerSentences[code]!;
      expect(Object.keys(sentences).sort(), code).toEqual(keys);
      for (const key of keys) {
        const sentence = sentences[key as keyof typeof sentences];
        expect(sentence.trim(), `${code}.${key}`).not.toBe("");
        // The same placeholders as the English sentence.
        expect(sentence.match(/\{\w+\}/g) ?? [], `${code}.${key}`).toEqual(providerSentences.en[key as keyof typeof sentences].match(/\{\w+\}/g) ?? []);
      }
    }
  });

  test("choosePageSentences follows the config's locale and its languages' direction", async () => {
    const ar = allLanguages.find((language) => language.code === "ar")!;
    const request = new Request("https://app.example/", { headers: { "accept-language": "de" } });
    const fixed = await choosePageSentences({ languages: allLanguages, locale: "ar" }, request, providerSentences);
    expect(fixed.language).toEqual({ lang: "ar", dir: ar.dir });
    const byHeader = await choosePageSentences({ languages: allLanguages }, request, providerSentences);
    expect(byHeader.text("allow")).toBe("Erlauben");
    // Not configured: English.
    expect((await choosePageSentences({ languages: [] }, request, providerSentences)).language.lang).toBe("en");
    const failing = await choosePageSentences({ languages: allLanguages, locale: () => { throw new Error("no"); } }, request, providerSentences);
    expect(failing.language.lang).toBe("de");
  });
});
