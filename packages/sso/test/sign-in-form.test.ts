/**
 * The address-first form on Latch's own sign-in page: shown only when `Sso()` is configured,
 * posting the address with the page's CSRF token to `<base>/sso/discover`, which sends an
 * address at a verified domain to its organization's identity provider and any other back to the
 * sign-in page with the form's sentence and the address filled in. On PGlite.
 */
import de from "@latch/core/languages/de";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Browser, pglite, startApp, type SsoApp } from "./harness.js";
import { connectAcme } from "./flows.js";
import { autoPostForm, startIdp, testKeyPair, type TestIdp } from "./idp.js";
import { signInSentences } from "../src/sign-in-sentences.js";

const en = signInSentences.en;
const unescaped = (page: string) => page.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))).replace(/&amp;/g, "&");

/** The sign-in page's form that posts to `action`, with its hidden fields. */
function formTo(page: string, action: string): { fields: Record<string, string> } | null {
  const start = page.indexOf(`<form method="post" action="${action}">`);
  if (start < 0) return null;
  const markup = page.slice(start, page.indexOf("</form>", start));
  const fields = Object.fromEntries([...markup.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((match) => [match[1]!, unescaped(match[2]!)]));
  return { fields };
}

describe("the address-first form on the sign-in page", () => {
  let app: SsoApp;
  let idp: TestIdp;

  beforeAll(async () => {
    app = await startApp(await pglite());
    idp = await startIdp({ keys: testKeyPair("latch-sso-test-idp"), user: { nameId: "ada@acme.test", email: "ada@acme.test", name: "Ada" } });
    await connectAcme(app, idp);
  });
  afterAll(async () => {
    await idp?.close();
    await app?.close();
  });

  const discover = () => `${app.origin}/auth/sso/discover`;

  test("the sign-in page shows the form, after the providers', with its label and button", async () => {
    const page = await (await new Browser(app.origin).fetch("signin")).text();
    const action = discover();
    expect(formTo(page, action)).not.toBeNull();
    expect(page).toContain(`>${en.label}</label>`);
    expect(page).toContain(`<button type="submit">${en.button}</button>`);
    expect(page).toMatch(/<input id="latch-form-0" name="email" type="email" autocomplete="username" required>/);
    expect(page.indexOf("/auth/callback/credentials")).toBeLessThan(page.indexOf(action));
  });

  test("an address at the verified domain, posted with the page's token, goes to the organization's identity provider", async () => {
    const browser = new Browser(app.origin);
    const page = await (await browser.fetch("signin?callbackUrl=/dashboard")).text();
    const { fields } = formTo(page, discover())!;
    expect(fields.callbackUrl).toBe(`${app.origin}/dashboard`);
    const posted = await browser.fetch("sso/discover", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ ...fields, email: "Ada@Acme.Test" }) });
    expect(posted.status).toBe(302);
    const start = await browser.fetch(posted.headers.get("location")!);
    expect(start.status).toBe(303);
    const form = autoPostForm(await (await fetch(start.headers.get("location")!)).text());
    const landed = await browser.postAcs(form.action, form);
    expect(landed.headers.get("location")).toBe(`${app.origin}/dashboard`);
    expect((await browser.session())?.user).toMatchObject({ email: "ada@acme.test" });
  });

  test("an address no organization verified goes back to the sign-in page, with the form's sentence and the address filled in", async () => {
    const browser = new Browser(app.origin);
    const page = await (await browser.fetch("signin?callbackUrl=/dashboard")).text();
    const { fields } = formTo(page, discover())!;
    const posted = await browser.fetch("sso/discover", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ ...fields, email: "zed@elsewhere.test" }) });
    expect(posted.status).toBe(302);
    const back = new URL(posted.headers.get("location")!);
    expect(back.pathname).toBe("/auth/signin");
    expect(Object.fromEntries(back.searchParams)).toEqual({ error: "SsoNoConnection", email: "zed@elsewhere.test", callbackUrl: `${app.origin}/dashboard` });
    const again = unescaped(await (await browser.fetch(back.toString())).text());
    expect(again).toContain(`<p>${en.errors!.SsoNoConnection}</p>`);
    expect(again).toContain('name="email" type="email" autocomplete="username" required value="zed@elsewhere.test"');
  });

  test("a post without the page's CSRF token is refused", async () => {
    const browser = new Browser(app.origin);
    await browser.fetch("signin");
    const posted = await browser.fetch("sso/discover", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ email: "ada@acme.test" }) });
    expect(posted.status === 403 || (posted.status === 302 && posted.headers.get("location")!.includes("error=MissingCSRF"))).toBe(true);
    expect(posted.headers.get("location") ?? "").not.toContain("/saml/");
  });

  test("Latch's own error codes keep Latch's sentences; an unknown code gets the generic one", async () => {
    const browser = new Browser(app.origin);
    const page = unescaped(await (await browser.fetch("signin?error=SsoNoConnection2")).text());
    expect(page).not.toContain(en.errors!.SsoNoConnection);
    const proto = await browser.fetch("signin?error=constructor");
    expect(proto.status).toBe(200);
  });
});

describe("the sign-in page without Sso()", () => {
  let app: SsoApp;
  beforeAll(async () => {
    app = await startApp(await pglite(), {}, { plugins: [] });
  });
  afterAll(() => app?.close());

  test("has no address-first form, and the form's error code is only the generic sentence", async () => {
    const page = unescaped(await (await new Browser(app.origin).fetch("signin?error=SsoNoConnection")).text());
    expect(page).not.toContain("/sso/discover");
    expect(page).not.toContain(en.label);
    expect(page).not.toContain(en.errors!.SsoNoConnection);
  });
});

describe("the sign-in form's language", () => {
  let app: SsoApp;
  beforeAll(async () => {
    app = await startApp(await pglite(), {}, { languages: [de] });
  });
  afterAll(() => app?.close());

  test("is the sign-in page's", async () => {
    const page = unescaped(await (await new Browser(app.origin).fetch("signin?error=SsoNoConnection", { headers: { "accept-language": "de" } })).text());
    expect(page).toContain(`>${signInSentences.de!.label}</label>`);
    expect(page).toContain(signInSentences.de!.button);
    expect(page).toContain(signInSentences.de!.errors!.SsoNoConnection);
  });
});
