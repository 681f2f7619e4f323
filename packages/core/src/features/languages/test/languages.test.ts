/**
 * The built-in pages in every shipped language, through `Auth()`: the language follows
 * `Accept-Language` (q-values, region fallback), the `locale` option and the app's overrides;
 * `<html lang dir>` says which; and no page in any language shows a raw message key or an
 * unfilled placeholder. The sessions page runs on `@latch/pg` over PGlite.
 */
import { PGlite } from "@electric-sql/pglite";
import type { AuthConfig } from "@latch/core";
import en from "@latch/core/languages/en";
import { ar, de, fr, languages, pt } from "@latch/core/languages";
import GitHub from "@latch/core/providers/github";
import { SessionControl } from "@latch/core/sessions";
import { PostgresAdapter, migrate } from "@latch/pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { findAll, findOne, textOf } from "../../../../test/html-reader.js";
import { Client, alice, baseConfig, credentials, quietLogger } from "../../../../test/client.js";

const github = GitHub({ clientId: "id", clientSecret: "secret" });

function config(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return baseConfig({ providers: [github, credentials()], languages, ...overrides });
}

async function page(client: Client, path: string, acceptLanguage?: string) {
  const headers: Record<string, string> = { accept: "text/html" };
  if (acceptLanguage) headers["accept-language"] = acceptLanguage;
  const response = await client.fetch(path, { headers });
  const html = await response.text();
  const root = findOne(html, "html").attrs;
  return { status: response.status, html, lang: root.lang, dir: root.dir, h1: textOf(findOne(html, "h1").inner) };
}

describe("the pages follow the request's language", () => {
  test("Accept-Language picks the best configured language; a region falls back to its language", async () => {
    const client = new Client(config());
    const chosen = await page(client, "/auth/signin", "pt-BR,pt;q=0.9,en;q=0.8");
    expect([chosen.lang, chosen.dir, chosen.h1]).toEqual(["pt", "ltr", "Entrar"]);
    expect(textOf(chosen.html)).toContain("Entrar com GitHub");
    expect((await page(client, "/auth/signin", "ja;q=0.2, de-AT;q=0.9, fr;q=0")).lang).toBe("de");
    // Caches must keep one copy per language asked for.
    expect((await client.fetch("/auth/error?error=Default")).headers.get("vary")).toMatch(/accept-language/i);
    expect((await page(client, "/auth/signin", "sv, fi;q=0.8")).lang).toBe("en");
  });

  test("without configured languages every page is English, whatever the browser asks", async () => {
    const client = new Client(baseConfig());
    const signIn = await page(client, "/auth/signin", "fr-FR,fr;q=0.9");
    expect([signIn.lang, signIn.dir, signIn.h1]).toEqual(["en", "ltr", "Sign in"]);
  });

  test("a right-to-left language sets dir=rtl; the error page keeps its status in every language", async () => {
    const client = new Client(config());
    const signIn = await page(client, "/auth/signin", "ar");
    expect([signIn.lang, signIn.dir, signIn.h1]).toEqual(["ar", "rtl", ar.messages.signInTitle]);
    const error = await page(client, "/auth/error?error=Verification", "ar-EG");
    expect([error.status, error.dir, error.h1]).toEqual([403, "rtl", ar.messages.errorVerificationHeading]);
  });

  test("a fixed locale wins over the header; a locale function decides per request", async () => {
    expect((await page(new Client(config({ locale: "fr" })), "/auth/signout", "de")).h1).toBe(fr.messages.signOutTitle);
    const byCookie: AuthConfig["locale"] = (request) => /(?:^|;\s*)lang=([\w-]+)/.exec(request.headers.get("cookie") ?? "")?.[1];
    const client = new Client(config({ locale: byCookie }));
    expect((await page(client, "/auth/signin", "de")).lang).toBe("de");
    client.jar.set("lang", "pt-BR");
    expect((await page(client, "/auth/signin", "de")).lang).toBe("pt");
  });

  test("a locale function that throws is logged and Accept-Language decides: every page still shows", async () => {
    const { logs, logger } = quietLogger();
    const client = new Client(config({ logger, locale: () => { throw new Error("profile store down"); } }));
    const error = await page(client, "/auth/error?error=Default", "fr");
    expect([error.status, error.lang, error.h1]).toEqual([200, "fr", fr.messages.errorDefaultHeading]);
    expect(logs.error.map(([code]) => code)).toEqual(["LocaleError"]);
    expect((await page(client, "/auth/signin", "de")).lang).toBe("de");
  });

  test("the app's overrides replace single sentences of a language", async () => {
    const client = new Client(config({ messages: { en: { signInTitle: "Log in to Acme" }, de: { signInWith: "Weiter mit {provider}" } } }));
    expect((await page(client, "/auth/signin")).h1).toBe("Log in to Acme");
    const german = await page(client, "/auth/signin", "de");
    expect(textOf(german.html)).toContain("Weiter mit GitHub");
    expect(german.h1).toBe(de.messages.signInTitle);
  });

  test("error sentences on the sign-in page are translated, the code a CredentialsSignin carries included", async () => {
    const client = new Client(config());
    const { html } = await page(client, "/auth/signin?error=CredentialsSignin&code=locked", "fr");
    const alert = textOf(findOne(html, "div", (d) => d.attrs.class === "alert").inner);
    expect(alert).toBe(`${fr.messages.signInErrorCredentialsSignin} Motif : locked`);
    const { html: other } = await page(client, "/auth/signin?error=NotACode", "pt");
    expect(textOf(findOne(other, "div", (d) => d.attrs.class === "alert").inner)).toBe(pt.messages.signInErrorDefault);
  });
});

describe("no page shows a raw key or an unfilled placeholder, in any language", () => {
  let db: PGlite;
  let signedIn: Client;
  const keys = Object.keys(en.messages);
  const codes = ["CredentialsSignin", "OAuthAccountNotLinked", "OAuthCallbackError", "OAuthSignInError", "EmailSignInError", "MissingCSRF", "AccessDenied", "Verification", "AccountNotLinked", "WebAuthnVerificationError", "SessionRequired", "Unknown"];
  const paths = [
    "/auth/signin",
    ...codes.map((code) => `/auth/signin?error=${code}&code=locked`),
    "/auth/signout",
    ...["Configuration", "AccessDenied", "Verification", "Default", "Unknown"].map((code) => `/auth/error?error=${code}`),
    "/auth/verify-request",
    "/auth/verify-request?email=ada%40example.com",
    "/auth/sessions",
  ];

  beforeAll(async () => {
    db = new PGlite();
    await migrate(db);
    await db.query(`INSERT INTO users (id, email, name) VALUES ($1, $2, $3)`, [alice.id, alice.email, alice.name]);
    signedIn = new Client(config({ adapter: PostgresAdapter(db), session: { strategy: "database", control: SessionControl() } }));
    expect((await signedIn.signIn()).status).toBe(302);
  });
  afterAll(async () => {
    await db?.close();
  });

  test.each(languages.map((l) => [l.code, l] as const))("%s", async (code, language) => {
    const sentences = new Set(Object.values(language.messages) as string[]);
    for (const path of paths) {
      const { status, html, lang, dir, h1 } = await page(signedIn, path, code);
      expect(status, path).toBeLessThan(path.includes("Configuration") ? 501 : 404);
      expect([lang, dir], path).toEqual([code, language.dir]);
      // The heading is one of the language's own sentences, so the page really is in it.
      expect(sentences.has(h1), `${path}: ${h1}`).toBe(true);
      const shown = [textOf(html.replace(/<(style|script)\b[\s\S]*?<\/\1>/g, "")), ...findAll(html, "input").map((i) => i.attrs.placeholder ?? "")].join("\n");
      expect(shown, path).not.toMatch(/\{\w+\}/);
      expect(keys.filter((key) => new RegExp(`\\b${key}\\b`).test(shown)), path).toEqual([]);
    }
  });
});
