import { describe, expect, it } from "vitest";
import { renderSignInPage } from "./signin.js";
import { findAll, findOne, hiddenFields, labelFor, textOf } from "../../test/html-reader.js";
import type { PageProvider, SignInPageProps } from "./types.js";

const base = "https://app.example/auth";
const github: PageProvider = {
  id: "github", name: "GitHub", type: "oauth", style: { bg: "#24292f", text: "#ffffff" },
  signinUrl: `${base}/signin/github`, callbackUrl: `${base}/callback/github`,
};
const okta: PageProvider = { id: "okta", name: "Okta", type: "oidc", signinUrl: `${base}/signin/okta`, callbackUrl: `${base}/callback/okta` };
const email: PageProvider = { id: "resend", name: "Email", type: "email", signinUrl: `${base}/signin/resend`, callbackUrl: `${base}/callback/resend` };
const credentials: PageProvider = {
  id: "credentials", name: "Password", type: "credentials",
  signinUrl: `${base}/signin/credentials`, callbackUrl: `${base}/callback/credentials`,
  credentials: {
    username: { label: "Username", autocomplete: "username", placeholder: "ada", required: true },
    password: { type: "password", autocomplete: "current-password" },
  },
};
const passkey: PageProvider = { id: "passkey", name: "Passkey", type: "webauthn", signinUrl: `${base}/signin/passkey`, callbackUrl: `${base}/callback/passkey` };

function render(overrides: Partial<SignInPageProps> = {}) {
  return renderSignInPage({
    providers: [github, okta, email, credentials, passkey],
    csrfToken: "c5rf-t0ken",
    callbackUrl: "https://app.example/dashboard?tab=1&x=2",
    theme: {},
    ...overrides,
  });
}

const HIDDEN = { csrfToken: "c5rf-t0ken", callbackUrl: "https://app.example/dashboard?tab=1&x=2" };

describe("renderSignInPage", () => {
  it("is a complete English document with a viewport, status 200", () => {
    const { status, html } = render();
    expect(status).toBe(200);
    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect(findOne(html, "html").attrs.lang).toBe("en");
    expect(findOne(html, "meta", (m) => m.attrs.name === "viewport").attrs.content).toContain("width=device-width");
    expect(textOf(findOne(html, "title").inner)).toBe("Sign in");
    expect(textOf(findOne(html, "h1").inner)).toBe("Sign in");
    expect(html).not.toMatch(/<(script|link)\b/);
    expect(html).not.toMatch(/https?:\/\/(?!app\.example)/);
  });

  it("renders one form per provider, in the order given", () => {
    const forms = findAll(render().html, "form");
    expect(forms.map((f) => f.attrs.action)).toEqual([
      github.signinUrl, okta.signinUrl, email.signinUrl, credentials.callbackUrl, passkey.callbackUrl,
    ]);
    for (const form of forms) {
      expect(form.attrs.method).toBe("post");
      expect(hiddenFields(form)).toEqual(HIDDEN);
    }
  });

  it("gives oauth and oidc providers a styled submit button", () => {
    const { html } = render();
    const [gh, ok] = findAll(html, "form");
    const button = findOne(gh!.inner, "button");
    expect(button.attrs.type).toBe("submit");
    expect(textOf(button.inner)).toBe("Sign in with GitHub");
    expect(textOf(findOne(ok!.inner, "button").inner)).toBe("Sign in with Okta");
    const cls = button.attrs.class!.split(" ").find((c) => /^provider-\d+$/.test(c));
    expect(textOf(findOne(html, "style").inner)).toContain(`.${cls}{--p-bg:#24292f}.${cls}{--p-text:#ffffff}`);
  });

  it("gives the email provider a labelled, required email input", () => {
    const { html } = render({ email: "ada@example.com" });
    const form = findAll(html, "form")[2]!;
    const input = findOne(form.inner, "input", (i) => i.attrs.name === "email");
    expect(input.attrs).toMatchObject({ type: "email", autocomplete: "email", required: "", value: "ada@example.com" });
    expect(labelFor(html, input)).toBe("Email address");
    expect(textOf(findOne(form.inner, "button").inner)).toBe("Sign in with Email");
  });

  it("gives the credentials provider one labelled input per field", () => {
    const { html } = render();
    const form = findAll(html, "form")[3]!;
    const inputs = findAll(form.inner, "input").filter((i) => i.attrs.type !== "hidden");
    expect(inputs.map((i) => i.attrs.name)).toEqual(["username", "password"]);
    const [user, pass] = inputs;
    expect(user!.attrs).toMatchObject({ type: "text", autocomplete: "username", placeholder: "ada", required: "" });
    expect(labelFor(html, user!)).toBe("Username");
    expect(pass!.attrs).toMatchObject({ type: "password", autocomplete: "current-password" });
    expect(pass!.attrs.required).toBeUndefined();
    expect(labelFor(html, pass!)).toBe("password");
    expect(textOf(findOne(form.inner, "button").inner)).toBe("Sign in with Password");
  });

  it("shows a field's catalogue sentence in place of its label; a key the language lacks keeps the label", () => {
    const keyed: PageProvider = {
      ...credentials,
      credentials: {
        email: { label: "Email", labelKey: "signInEmailLabel", type: "email" },
        // A key of a feature that is not configured: English has no sentence for it here.
        code: { label: "Code", labelKey: "forgotTitle" },
      },
    };
    const { html } = render({ providers: [keyed] });
    const inputs = findAll(html, "input").filter((i) => i.attrs.type !== "hidden");
    expect(inputs.map((input) => labelFor(html, input))).toEqual(["Email address", "Code"]);
  });

  it("marks the webauthn form for the passkey script", () => {
    const form = findOne(render().html, "form", (f) => f.attrs["data-latch-webauthn"] !== undefined);
    expect(form.attrs["data-latch-webauthn"]).toBe("passkey");
    expect(textOf(findOne(form.inner, "button").inner)).toBe("Sign in with Passkey");
  });

  it("keeps ids unique when two providers have the same fields", () => {
    const other = { ...credentials, id: "ldap", name: "LDAP", callbackUrl: `${base}/callback/ldap` };
    const { html } = render({ providers: [credentials, other, email, { ...email, id: "e2" }] });
    const inputs = findAll(html, "input").filter((i) => i.attrs.type !== "hidden");
    expect(inputs).toHaveLength(6);
    for (const input of inputs) expect(labelFor(html, input)).not.toBe("");
  });

  it("separates groups: adjacent oauth buttons together, every other form alone", () => {
    const { html } = render();
    const dividers = findAll(html, "p").filter((p) => p.attrs.class === "divider");
    expect(dividers).toHaveLength(3);
    const order = findAll(html, "*")
      .filter((e) => e.tag === "form" || e.attrs.class === "divider")
      .map((e) => (e.tag === "form" ? e.attrs.action : "|"));
    expect(order).toEqual([github.signinUrl, okta.signinUrl, "|", email.signinUrl, "|", credentials.callbackUrl, "|", passkey.callbackUrl]);
  });

  it("shows no alert without an error", () => {
    expect(render().html).not.toContain('role="alert"');
  });

  it.each([
    ["CredentialsSignin", /check them/i],
    ["OAuthAccountNotLinked", /account you used the first time/],
    ["OAuthCallbackError", /sign-in service reported a problem/],
    ["OAuthSignInError", /could not start/],
    ["EmailSignInError", /could not send the sign-in email/],
    ["MissingCSRF", /form has expired.*try again/i],
    ["AccessDenied", /do not have permission/],
    ["Verification", /used or it has expired/],
    ["AccountNotLinked", /different account/],
    ["WebAuthnVerificationError", /passkey/],
    ["SessionRequired", /sign in to see this page/],
    ["SomethingNew", /something went wrong/i],
  ])("explains %s in an alert above the forms", (error, sentence) => {
    const { html, status } = render({ error });
    expect(status).toBe(200);
    const alert = findOne(html, "div", (d) => d.attrs.role === "alert");
    expect(textOf(alert.inner)).toMatch(sentence);
    expect(alert.start).toBeLessThan(findAll(html, "form")[0]!.start);
    expect(textOf(alert.inner)).not.toContain(error);
  });

  it("shows a plain CredentialsSignin code, but not the default one", () => {
    const alert = (code: string) => textOf(findOne(render({ error: "CredentialsSignin", code }).html, "div", (d) => d.attrs.role === "alert").inner);
    expect(alert("invalid_otp")).toContain("Reason: invalid_otp");
    expect(alert("credentials")).not.toContain("Reason");
    expect(alert("Call 555 0100 to unlock")).not.toContain("Reason");
  });

  it("escapes a hostile provider name, callback URL, CSRF token, email and error code", () => {
    const evil = `"><script>alert(1)</script>`;
    const { html } = render({
      providers: [{ ...github, name: evil, id: evil }, { ...passkey, id: evil }, email, { ...credentials, credentials: { [evil]: { label: evil, placeholder: evil, type: evil } } }],
      callbackUrl: `https://app.example/${evil}`,
      csrfToken: evil,
      email: evil,
      error: evil,
      code: evil,
    });
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain("&lt;script&gt;");
    for (const form of findAll(html, "form")) expect(hiddenFields(form)).toEqual({ csrfToken: evil, callbackUrl: `https://app.example/${evil}` });
    expect(textOf(findAll(html, "button")[0]!.inner)).toBe(`Sign in with ${evil}`);
    expect(findOne(html, "form", (f) => f.attrs["data-latch-webauthn"] !== undefined).attrs["data-latch-webauthn"]).toBe(evil);
    const field = findOne(html, "input", (i) => i.attrs.name === evil);
    expect(labelFor(html, field)).toBe(evil);
  });

  it("drops invalid provider colours and keeps the page's style element intact", () => {
    const { html } = render({ providers: [{ ...github, style: { bg: "red;}</style><script>alert(1)</script>", text: "#fff}body{display:none" } }] });
    const style = findOne(html, "style").inner;
    expect(style).not.toContain("provider-0{");
    expect(style).not.toContain("display:none");
    expect(html).not.toMatch(/<script/i);
  });

  it("shows a provider logo only from a data URL or same-origin path", () => {
    const logo = (l: string) => findAll(render({ providers: [{ ...github, style: { logo: l } }] }).html, "img");
    expect(logo("/github.svg").map((i) => i.attrs)).toEqual([{ src: "/github.svg", alt: "", width: "24", height: "24" }]);
    expect(logo("https://cdn.example/github.svg")).toEqual([]);
    expect(logo("javascript:alert(1)")).toEqual([]);
  });

  it("appends trusted module scripts with the nonce, unable to close their element early", () => {
    const { html } = render({ scripts: ["console.log('</script><b>x')"], nonce: "n0nce" });
    const scripts = findAll(html, "script");
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.attrs).toEqual({ type: "module", nonce: "n0nce" });
    expect(scripts[0]!.inner).toBe("console.log('<\\/script><b>x')");
    expect(findOne(html, "style").attrs.nonce).toBe("n0nce");
  });

  it("says so when there are no providers", () => {
    const { html } = render({ providers: [] });
    expect(findAll(html, "form")).toEqual([]);
    expect(textOf(findOne(html, "main").inner)).toContain("No sign-in methods are configured.");
  });

  it("applies the theme: scheme, brand colour and logo", () => {
    const { html } = render({ theme: { colorScheme: "dark", brandColor: "#0f766e", buttonText: "#fff", logo: "https://app.example/logo.png" } });
    const style = findOne(html, "style").inner;
    expect(style).toMatch(/^:root\{color-scheme:dark;/);
    expect(style).toContain(":root{--brand:#0f766e;--brand-text:#ffffff;--link:color-mix(in srgb, #0f766e 45%, #ffffff)}:root{--brand-text:#fff}");
    const img = findOne(html, "img", (i) => i.attrs.class === "logo");
    expect(img.attrs).toEqual({ class: "logo", src: "https://app.example/logo.png", alt: "" });
    expect(img.start).toBeLessThan(findOne(html, "main").start);
  });

  it("neutralises CSS injection through the brand colour", () => {
    const { html } = render({ theme: { brandColor: "red;}</style><script>alert(1)</script>", buttonText: "red;}</style>" } });
    expect(html).not.toMatch(/<script/i);
    expect(findAll(html, "style")).toHaveLength(1);
    expect(findOne(html, "style").inner).toBe(findOne(render().html, "style").inner);
  });
});
