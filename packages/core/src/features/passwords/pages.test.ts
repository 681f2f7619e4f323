import { describe, expect, it } from "vitest";
import { renderPasswordPage } from "./pages.js";
import { findAll, findOne, textOf } from "../../../test/html-reader.js";
import type { PasswordPageProps } from "../../pages/types.js";

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

  it("address change: the new address, then the proof this user gives (password, code, or none)", () => {
    const page = (proof?: PasswordPageProps["proof"]) => renderPasswordPage({ ...base, kind: "emailChange", proof }).html;
    expect(textOf(findOne(page(), "h1").inner)).toBe("Change your email address");
    expect(names(page("password"))).toEqual(["csrfToken", "callbackUrl", "email", "currentPassword"]);
    expect(names(page("code"))).toEqual(["csrfToken", "callbackUrl", "email", "code"]);
    expect(names(page())).toEqual(["csrfToken", "callbackUrl", "email"]);
    const sentence = (error: string) => textOf(findOne(renderPasswordPage({ ...base, kind: "emailChange", error }).html, "div").inner);
    expect(sentence("SecondFactorFreshProof")).toContain("Confirm that it is you");
    expect(sentence("CredentialsSignin")).toBe("That is not your current password.");
  });

  it("the breached-password refusals", () => {
    const sentence = (error: string) => textOf(findOne(renderPasswordPage({ ...base, kind: "change", error }).html, "div").inner);
    expect(sentence("PasswordBreached")).toContain("appears in known data breaches");
    expect(sentence("PasswordCheckUnavailable")).toContain("could not check this password");
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
