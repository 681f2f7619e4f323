import { describe, expect, it } from "vitest";
import { renderErrorPage } from "./error.js";
import { findAll, findOne, textOf } from "../../test/html-reader.js";

const signInUrl = "https://app.example/auth/signin";
const homeUrl = "https://app.example";
const render = (error: string) => renderErrorPage({ error, signInUrl, homeUrl, theme: {} });
const links = (html: string) => findAll(html, "a").map((a) => [textOf(a.inner), a.attrs.href]);

describe("renderErrorPage", () => {
  it("reports a server problem for Configuration, with status 500 and only a Home link", () => {
    const { status, html } = render("Configuration");
    expect(status).toBe(500);
    expect(textOf(findOne(html, "h1").inner)).toBe("Server error");
    expect(textOf(findOne(html, "main").inner)).toMatch(/server is not set up correctly/);
    expect(links(html)).toEqual([["Home", homeUrl]]);
  });

  it("denies access for AccessDenied, with status 403", () => {
    const { status, html } = render("AccessDenied");
    expect(status).toBe(403);
    expect(textOf(findOne(html, "h1").inner)).toBe("Access denied");
    expect(textOf(findOne(html, "main").inner)).toMatch(/do not have permission/);
    expect(links(html)).toEqual([["Sign in", signInUrl], ["Home", homeUrl]]);
  });

  it("explains a used or expired link for Verification, with status 403", () => {
    const { status, html } = render("Verification");
    expect(status).toBe(403);
    expect(textOf(findOne(html, "main").inner)).toMatch(/already been used or it has expired/);
    expect(links(html)).toEqual([["Sign in", signInUrl], ["Home", homeUrl]]);
  });

  it.each(["Default", "OAuthSignInError", "", "toString", "__proto__"])("gives %j a generic message with status 200", (code) => {
    const { status, html } = render(code);
    expect(status).toBe(200);
    expect(textOf(findOne(html, "h1").inner)).toBe("Something went wrong");
    expect(links(html)).toEqual([["Sign in", signInUrl], ["Home", homeUrl]]);
  });

  it("names a plain code, and never shows a sentence or markup from the query", () => {
    expect(textOf(findOne(render("OAuthSignInError").html, "main").inner)).toContain("Error code: OAuthSignInError");
    expect(textOf(findOne(render("Your account is locked, call 555").html, "main").inner)).not.toContain("555");
    const { html } = render(`"><script>alert(1)</script>`);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain("alert(1)");
  });

  it("escapes the link targets", () => {
    const { html } = renderErrorPage({ error: "AccessDenied", signInUrl: `/signin?"><script>`, homeUrl: `/"'<x>`, theme: {} });
    expect(html).not.toMatch(/<script|<x>/i);
    expect(links(html)).toEqual([["Sign in", `/signin?"><script>`], ["Home", `/"'<x>`]]);
  });

  it("is a complete document in the requested colour scheme", () => {
    const { html } = renderErrorPage({ error: "AccessDenied", signInUrl, homeUrl, theme: { colorScheme: "dark" } });
    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect(findOne(html, "html").attrs.lang).toBe("en");
    expect(textOf(findOne(html, "title").inner)).toBe("Access denied");
    expect(findOne(html, "style").inner).toMatch(/^:root\{color-scheme:dark;/);
  });
});
