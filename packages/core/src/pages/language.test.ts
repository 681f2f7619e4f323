import { describe, expect, it } from "vitest";
import ar from "../features/languages/ar.js";
import de from "../features/languages/de.js";
import en from "../features/languages/en.js";
import fr from "../features/languages/fr.js";
import pt from "../features/languages/pt.js";
import zh from "../features/languages/zh.js";
import { passwordEnglish } from "../features/passwords/english.js";
import type { Language } from "../types/language.js";
import { acceptedLanguages, chooseLanguage, lookupLanguage, pageLanguage } from "./language.js";

const request = (acceptLanguage?: string) =>
  new Request("https://app.example/auth/signin", { headers: acceptLanguage === undefined ? {} : { "accept-language": acceptLanguage } });

describe("acceptedLanguages", () => {
  it("orders ranges by weight, keeping the header's order for equal weights", () => {
    expect(acceptedLanguages("de;q=0.5, fr-CH, en;q=0.8, fr;q=0.9, it")).toEqual(["fr-ch", "it", "fr", "en", "de"]);
    expect(acceptedLanguages("da, en-gb;q=0.8, en;q=0.7")).toEqual(["da", "en-gb", "en"]);
  });

  it("refuses ranges weighted 0 and reads weights with spaces and up to three decimals", () => {
    expect(acceptedLanguages("fr;q=0, de ; q = 0.001, en;q=0.000")).toEqual(["de"]);
    expect(acceptedLanguages("pt;q=1.000, es;q=0.")).toEqual(["pt"]);
  });

  it("drops only the malformed ranges: bad weights, bad tags, extra parameters", () => {
    expect(acceptedLanguages("fr;q=1.5, de;q=abc, it;q=0.5000, nl;q=, <script>, en_US, x;level=1, es;q=0.2;q=0.3, pt")).toEqual(["pt"]);
  });

  it("keeps the wildcard, and gives nothing for a missing or empty header", () => {
    expect(acceptedLanguages("*;q=0.1, ja")).toEqual(["ja", "*"]);
    expect(acceptedLanguages(null)).toEqual([]);
    expect(acceptedLanguages("")).toEqual([]);
    expect(acceptedLanguages(" , ,")).toEqual([]);
  });

  it("reads no more than the first 32 ranges of a huge header", () => {
    const header = [...Array.from({ length: 40 }, (_, i) => `xx-${i}`), "fr"].join(",");
    expect(acceptedLanguages(header)).toHaveLength(32);
    expect(acceptedLanguages(header)).not.toContain("fr");
  });
});

describe("lookupLanguage", () => {
  const offered = [fr, pt, zh, en];

  it("takes the first range that matches, removing subtags from the end (pt-BR finds pt)", () => {
    expect(lookupLanguage(["pt-br", "fr"], offered)).toBe(pt);
    expect(lookupLanguage(["zh-hant-tw"], offered)).toBe(zh);
    expect(lookupLanguage(["zh-x-private"], offered)).toBe(zh);
    expect(lookupLanguage(["de", "fr-ca"], offered)).toBe(fr);
  });

  it("matches tags without regard to case", () => {
    expect(lookupLanguage(["PT-BR"], offered)).toBe(pt);
    const custom: Language = { ...pt, code: "pt-BR" };
    expect(lookupLanguage(["pt-br"], [custom, pt])).toBe(custom);
  });

  it("matches nothing for the wildcard, an unknown language, or a region a language does not have", () => {
    expect(lookupLanguage(["*"], offered)).toBeUndefined();
    expect(lookupLanguage(["de-de", "sv"], offered)).toBeUndefined();
    expect(lookupLanguage(["fr"], [{ ...fr, code: "fr-CA" }])).toBeUndefined();
  });
});

describe("pageLanguage", () => {
  it("is English, left to right, by default", () => {
    const language = pageLanguage();
    expect([language.lang, language.dir, language.text("signInTitle")]).toEqual(["en", "ltr", "Sign in"]);
  });

  it("fills placeholders wherever the translation puts them, and leaves unknown ones visible", () => {
    expect(pageLanguage(de).text("signInWith", { provider: "GitHub" })).toBe("Mit GitHub anmelden");
    expect(pageLanguage(en).text("signInWith", {})).toBe("Sign in with {provider}");
  });

  it("gives markup pieces whose values stay separate from the sentence, for escaping", () => {
    const parts = pageLanguage(fr).parts("verifySentTo", { email: "<b>x</b>" });
    expect(parts).toEqual(["Nous avons envoyé un lien de connexion à ", "<b>x</b>", ". Ouvrez-le pour terminer la connexion."]);
  });

  it("lays the app's overrides for the language's tag over its sentences, and only for that tag", () => {
    const overrides = { fr: { signInTitle: "Connexion à Acme" }, en: { signInTitle: "Log in" } };
    expect(pageLanguage(fr, overrides).text("signInTitle")).toBe("Connexion à Acme");
    expect(pageLanguage(fr, overrides).text("signOutTitle")).toBe("Se déconnecter");
    expect(pageLanguage(en, overrides).text("signInTitle")).toBe("Log in");
    expect(pageLanguage(de, overrides).text("signInTitle")).toBe("Anmelden");
  });

  it("keeps the language's sentence where an override is not text", () => {
    const overrides = { fr: { signInTitle: undefined, signOutTitle: 42 as unknown as string } };
    expect(pageLanguage(fr, overrides).text("signInTitle")).toBe("Se connecter");
    expect(pageLanguage(fr, overrides).messages.signOutTitle).toBe("Se déconnecter");
  });

  it("falls back to English, key by key, for a language that lacks a sentence", () => {
    const partial = { code: "sv", name: "Svenska", dir: "ltr", messages: { signInTitle: "Logga in" } } as unknown as Language;
    expect(pageLanguage(partial).text("signInTitle")).toBe("Logga in");
    expect(pageLanguage(partial).text("signOutTitle")).toBe("Sign out");
  });

  it("takes a feature's English last: the language's own sentence and an override win over it", () => {
    const partial = { code: "sv", name: "Svenska", dir: "ltr", messages: { forgotTitle: "Återställ lösenordet" } } as unknown as Language;
    const sv = pageLanguage(partial, { sv: { resetTitle: "Välj ett nytt lösenord" } }, [passwordEnglish]);
    expect(sv.text("forgotTitle")).toBe("Återställ lösenordet");
    expect(sv.text("resetTitle")).toBe("Välj ett nytt lösenord");
    expect(sv.text("changeTitle")).toBe(passwordEnglish.changeTitle);
    expect(pageLanguage(fr, undefined, [passwordEnglish]).text("changeTitle")).toBe(fr.messages.changeTitle);
  });

  it("has no sentence of a feature whose English is not given, and renders it as nothing rather than failing", () => {
    const english = pageLanguage();
    expect(english.messages.changeTitle).toBeUndefined();
    expect(english.text("changeTitle")).toBe("");
    expect(english.text("signInTitle")).toBe("Sign in");
  });

  it("takes the direction of right-to-left languages, and nothing but ltr or rtl", () => {
    expect(pageLanguage(ar).dir).toBe("rtl");
    expect(pageLanguage({ ...fr, dir: "sideways" as "ltr" }).dir).toBe("ltr");
  });
});

describe("chooseLanguage", () => {
  const settings = { languages: [fr, pt, ar] };

  it("follows Accept-Language among the configured languages and English", async () => {
    expect((await chooseLanguage(settings, request("pt-BR,pt;q=0.9,en;q=0.8"))).lang).toBe("pt");
    expect((await chooseLanguage(settings, request("de-DE, ar;q=0.4"))).lang).toBe("ar");
    expect((await chooseLanguage(settings, request("en-GB, fr;q=0.5"))).lang).toBe("en");
  });

  it("speaks English when nothing matches, when there is no header, or when no language is configured", async () => {
    expect((await chooseLanguage(settings, request("de, ja;q=0.5"))).lang).toBe("en");
    expect((await chooseLanguage(settings, request())).lang).toBe("en");
    expect((await chooseLanguage({ languages: [] }, request("fr"))).lang).toBe("en");
  });

  it("uses a fixed locale whatever the header says, and English when the locale is not configured", async () => {
    expect((await chooseLanguage({ ...settings, locale: "fr" }, request("ar"))).lang).toBe("fr");
    expect((await chooseLanguage({ ...settings, locale: "pt-PT" }, request("ar"))).lang).toBe("pt");
    expect((await chooseLanguage({ ...settings, locale: "de" }, request("ar"))).lang).toBe("en");
  });

  it("asks a locale function, sync or async, and falls back to Accept-Language when it gives nothing", async () => {
    const fromQuery = (r: Request) => new URL(r.url).searchParams.get("lang") ?? undefined;
    const withLang = new Request("https://app.example/auth/signin?lang=ar", { headers: { "accept-language": "fr" } });
    expect((await chooseLanguage({ ...settings, locale: fromQuery }, withLang)).lang).toBe("ar");
    expect((await chooseLanguage({ ...settings, locale: fromQuery }, request("fr"))).lang).toBe("fr");
    expect((await chooseLanguage({ ...settings, locale: async () => "pt" }, request("fr"))).lang).toBe("pt");
  });

  it("applies the overrides to the chosen language", async () => {
    const chosen = await chooseLanguage({ ...settings, messages: { pt: { signInTitle: "Acessar" } } }, request("pt-BR"));
    expect(chosen.text("signInTitle")).toBe("Acessar");
  });

  it("adds the English a configured feature carries, and none without it", async () => {
    const feature = { english: async () => passwordEnglish };
    expect((await chooseLanguage({ ...settings, features: [feature] }, request())).text("forgotTitle")).toBe(passwordEnglish.forgotTitle);
    expect((await chooseLanguage({ ...settings, features: [{}] }, request())).messages.forgotTitle).toBeUndefined();
  });
});
