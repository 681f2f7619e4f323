/**
 * What a plugin's own pages and forms get from Latch: the request's CSRF token for a page's
 * forms (one cookie however often it is asked for, and the token a POST must carry), the config's
 * theme and languages; and a plugin's one-field form on the built-in sign-in page, with the
 * sentence of its own error codes, in the page's language.
 */
import de from "@latch/core/languages/de";
import { definePlugin, type PluginSignInForm } from "@latch/core/plugins";
import { describe, expect, test } from "vitest";
import { baseConfig, Client, parseSetCookies } from "../client.js";

const signInForm: PluginSignInForm = {
  path: "find",
  field: { name: "email", type: "email", autocomplete: "username" },
  sentences: {
    en: { label: "Work email", button: "Continue with work", errors: { NoWorkplace: "No workplace for <that> address.", CredentialsSignin: "not shown" } },
    de: { label: "Arbeitsadresse", button: "Weiter", errors: { NoWorkplace: "Kein Arbeitsplatz." } },
  },
};

const workplace = definePlugin({
  id: "workplace",
  signInForm,
  endpoints: {
    page: {
      method: "GET",
      path: "page",
      handler: async (ctx) => ctx.json({ first: await ctx.csrfToken(), second: await ctx.csrfToken(), pages: ctx.pages }),
    },
    find: { method: "POST", path: "find", handler: (ctx) => ctx.json({ found: ctx.body?.email }) },
  },
});

const config = (plugins = [workplace]) => baseConfig({ plugins, theme: { brandColor: "#123456" }, languages: [de] });

describe("a plugin's page", () => {
  test("gets the request's CSRF token, with one cookie however often it asks, and a form posting it back passes", async () => {
    const client = new Client(config());
    const response = await client.fetch("/auth/workplace/page");
    const body = (await response.json()) as { first: string; second: string; pages: { theme: unknown; languages: { code: string }[] } };
    expect(body.first).toMatch(/^[0-9a-f]{64}$/);
    expect(body.second).toBe(body.first);
    expect(parseSetCookies(response).filter((cookie) => cookie.name.includes("csrf-token"))).toHaveLength(1);
    expect(body.pages.theme).toEqual({ brandColor: "#123456" });
    expect(body.pages.languages.map((language) => language.code)).toEqual(["de"]);
    // The token the page put in its form is the one the cookie vouches for.
    expect(await client.csrfToken()).toBe(body.first);
    const posted = await client.post("/auth/workplace/find", { csrfToken: body.first, email: "ada@work.test" });
    expect(await posted.json()).toEqual({ found: "ada@work.test" });
    const forged = await client.post("/auth/workplace/find", { csrfToken: "0".repeat(64), email: "ada@work.test" }, { accept: "application/json" });
    expect(forged.status).toBe(403);
  });
});

describe("a plugin's form on the sign-in page", () => {
  test("comes after the providers' forms, posting the field with the page's token and callback URL to the plugin", async () => {
    const page = await (await new Client(config()).fetch("/auth/signin?callbackUrl=/home")).text();
    const at = page.indexOf('<form method="post" action="http://localhost:3000/auth/workplace/find">');
    expect(at).toBeGreaterThan(page.indexOf("/auth/callback/credentials"));
    const form = page.slice(at, page.indexOf("</form>", at));
    expect(form).toContain('name="csrfToken"');
    expect(form).toContain('name="callbackUrl" value="http://localhost:3000/home"');
    expect(form).toContain('<label for="latch-form-0">Work email</label>');
    expect(form).toContain('<input id="latch-form-0" name="email" type="email" autocomplete="username" required>');
    expect(form).toContain("Continue with work</button>");
  });

  test("an error code the plugin declares shows its sentence above its form, instead of the generic one; Latch's codes stay Latch's", async () => {
    const client = new Client(config());
    const page = await (await client.fetch("/auth/signin?error=NoWorkplace&email=ada@work.test")).text();
    expect(page).toContain("<p>No workplace for &lt;that&gt; address.</p>");
    expect(page).not.toContain("Something went wrong while signing you in");
    expect(page).toContain('required value="ada@work.test"');
    const latch = await (await client.fetch("/auth/signin?error=CredentialsSignin")).text();
    expect(latch).not.toContain("not shown");
    expect(await (await client.fetch("/auth/signin?error=toString")).text()).not.toContain("function");
  });

  test("speaks the page's language, English where the plugin has not translated", async () => {
    const page = await (await new Client(config()).fetch("/auth/signin?error=NoWorkplace", { headers: { "accept-language": "de" } })).text();
    expect(page).toContain(">Arbeitsadresse</label>");
    expect(page).toContain("<p>Kein Arbeitsplatz.</p>");
  });

  test("is absent without the plugin, and the plugin's code is then a code like any other", async () => {
    const page = await (await new Client(config([])).fetch("/auth/signin?error=NoWorkplace")).text();
    expect(page).not.toContain("/auth/workplace/");
    expect(page).not.toContain("No workplace");
  });
});
