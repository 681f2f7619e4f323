import { describe, expect, it } from "vitest";
import { renderPasswordPage } from "./password.js";
import { findAll, findOne, textOf } from "./test-html.js";
import type { PasswordPageProps } from "./types.js";

const base: Omit<PasswordPageProps, "kind"> = {
  action: "https://app.example/auth/x",
  csrfToken: "csrf-1",
  callbackUrl: "https://app.example/home",
  signInUrl: "https://app.example/auth/signin",
  minimum: 12,
  maximum: 256,
  theme: {},
};

const names = (html: string) => findAll(html, "input").map((input) => input.attrs.name);

describe("renderPasswordPage", () => {
  it("sign-up: email, name, password (with the minimum), the hidden fields, and a link to sign in", () => {
    const { status, html } = renderPasswordPage({ ...base, kind: "signup" });
    expect(status).toBe(200);
    expect(textOf(findOne(html, "h1").inner)).toBe("Create an account");
    expect(names(html)).toEqual(["csrfToken", "callbackUrl", "email", "name", "password"]);
    expect(findAll(html, "input").find((i) => i.attrs.name === "password")!.attrs).toMatchObject({ type: "password", autocomplete: "new-password", minlength: "12" });
    expect(textOf(findOne(html, "main").inner)).toContain("At least 12 characters.");
    expect(findAll(html, "a").map((a) => [textOf(a.inner), a.attrs.href])).toContainEqual(["Already have an account? Sign in", "https://app.example/auth/signin"]);
  });

  it("shows each refusal's sentence, with the configured limits", () => {
    const sentence = (error: string, kind: PasswordPageProps["kind"] = "signup") => textOf(findOne(renderPasswordPage({ ...base, kind, error }).html, "div").inner);
    expect(sentence("PasswordTooShort")).toBe("Use at least 12 characters.");
    expect(sentence("PasswordTooLong")).toBe("Use at most 256 characters.");
    expect(sentence("PasswordCommon")).toContain("one of the most common ones");
    expect(sentence("CredentialsSignin", "change")).toBe("That is not your current password.");
    expect(sentence("MissingCSRF")).toBe("This form has expired. Please try again.");
  });

  it("reset: carries the token and address hidden, escaped", () => {
    const evil = `"><script>alert(1)</script>`;
    const { html } = renderPasswordPage({ ...base, kind: "reset", token: evil, email: `${evil}@example.com` });
    expect(html).not.toMatch(/<script/i);
    expect(names(html)).toEqual(["csrfToken", "callbackUrl", "token", "email", "password"]);
    expect(findAll(html, "input").find((i) => i.attrs.name === "token")!.attrs.value).toBe(evil);
  });

  it("forgot and change have their fields", () => {
    expect(names(renderPasswordPage({ ...base, kind: "forgot" }).html)).toEqual(["csrfToken", "callbackUrl", "email"]);
    expect(names(renderPasswordPage({ ...base, kind: "change" }).html)).toEqual(["csrfToken", "callbackUrl", "currentPassword", "newPassword"]);
  });
});
