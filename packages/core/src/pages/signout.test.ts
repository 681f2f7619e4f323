import { describe, expect, it } from "vitest";
import { renderSignOutPage } from "./signout.js";
import { findAll, findOne, hiddenFields, textOf } from "../../test/html-reader.js";

const props = { csrfToken: "t0k", action: "https://app.example/auth/signout", callbackUrl: "https://app.example/bye?a=1&b=2", theme: {} };

describe("renderSignOutPage", () => {
  it("asks for confirmation with status 200", () => {
    const { status, html } = renderSignOutPage(props);
    expect(status).toBe(200);
    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect(findOne(html, "html").attrs.lang).toBe("en");
    expect(textOf(findOne(html, "title").inner)).toBe("Sign out");
    expect(textOf(findOne(html, "main").inner)).toContain("Are you sure you want to sign out?");
  });

  it("POSTs csrfToken and callbackUrl to the action with a Sign out button", () => {
    const { html } = renderSignOutPage(props);
    const form = findOne(html, "form");
    expect(form.attrs).toEqual({ method: "post", action: props.action });
    expect(hiddenFields(form)).toEqual({ csrfToken: "t0k", callbackUrl: props.callbackUrl });
    const button = findOne(form.inner, "button");
    expect(button.attrs.type).toBe("submit");
    expect(textOf(button.inner)).toBe("Sign out");
  });

  it("escapes every value it is given", () => {
    const evil = `"><script>alert(1)</script>`;
    const { html } = renderSignOutPage({ csrfToken: evil, action: `/auth/signout?${evil}`, callbackUrl: evil, theme: { logo: `/x.png"${evil}` } });
    expect(html).not.toMatch(/<script/i);
    const form = findOne(html, "form");
    expect(form.attrs.action).toBe(`/auth/signout?${evil}`);
    expect(hiddenFields(form)).toEqual({ csrfToken: evil, callbackUrl: evil });
    expect(findAll(html, "img")[0]!.attrs.src).toBe(`/x.png"${evil}`);
  });

  it("puts the nonce on the style element", () => {
    expect(findOne(renderSignOutPage({ ...props, nonce: "abc" }).html, "style").attrs.nonce).toBe("abc");
  });
});
