import { describe, expect, it } from "vitest";
import { passwordEnglish } from "../features/passwords/english.js";
import { pageLanguage } from "./language.js";
import { findAll, findOne, textOf } from "../../test/html-reader.js";
import { renderVerifyRequestPage } from "./verify-request.js";

describe("renderVerifyRequestPage", () => {
  it("tells the user to check their email, naming the address", () => {
    const { status, html } = renderVerifyRequestPage({ homeUrl: "https://app.example", email: "ada@example.com", theme: {} });
    expect(status).toBe(200);
    expect(textOf(findOne(html, "title").inner)).toBe("Check your email");
    expect(textOf(findOne(html, "h1").inner)).toBe("Check your email");
    expect(textOf(findOne(html, "main").inner)).toContain("We sent a sign-in link to ada@example.com.");
    const home = findOne(html, "a");
    expect([textOf(home.inner), home.attrs.href]).toEqual(["Home", "https://app.example"]);
  });

  it("works without an address", () => {
    const { html } = renderVerifyRequestPage({ homeUrl: "https://app.example", theme: {} });
    expect(textOf(findOne(html, "main").inner)).toContain("We sent you a sign-in link.");
    expect(findAll(html, "strong")).toEqual([]);
  });

  it("escapes the address and the home URL", () => {
    const evil = `"><script>alert(1)</script>`;
    const { html } = renderVerifyRequestPage({ homeUrl: `/${evil}`, email: `${evil}@example.com`, theme: {} });
    expect(html).not.toMatch(/<script/i);
    expect(textOf(findOne(html, "strong").inner)).toBe(`${evil}@example.com`);
    expect(findOne(html, "a").attrs.href).toBe(`/${evil}`);
  });

  it("after a sign-up or a reset request, says the same whatever the address, and never names it", () => {
    // `Password()` sends people here, and its English is in the page's language while it is configured.
    const language = pageLanguage(undefined, undefined, [passwordEnglish]);
    const signup = renderVerifyRequestPage({ homeUrl: "https://app.example", email: "ada@example.com", type: "signup", theme: {}, language }).html;
    expect(textOf(findOne(signup, "main").inner)).toContain("Open the link in it to confirm the address and finish creating your account.");
    const reset = renderVerifyRequestPage({ homeUrl: "https://app.example", email: "ada@example.com", type: "reset", theme: {}, language }).html;
    expect(textOf(findOne(reset, "main").inner)).toContain("If an account uses the address you entered, we sent it a link to choose a new password.");
    expect(signup + reset).not.toContain("ada@example.com");
  });

  it("without Password()'s sentences, a sign-up or reset type in the query gives the sign-in link's sentence", () => {
    for (const type of ["signup", "reset"]) {
      const { status, html } = renderVerifyRequestPage({ homeUrl: "https://app.example", type, theme: {} });
      expect(status).toBe(200);
      expect(textOf(findOne(html, "main").inner)).toContain("We sent you a sign-in link.");
    }
  });
});
