/** Reading the sign-in form, and the request core sees for a SvelteKit request. */
import { describe, expect, it } from "vitest";
import { InvalidRequest } from "@latch/core/errors";
import { readSignInForm } from "../src/actions.js";
import { originOf, toAuthRequest } from "../src/request.js";

describe("readSignInForm", () => {
  it("splits providerId, authorizationParams-<name> and the other fields", () => {
    const form = new FormData();
    form.set("providerId", "github");
    form.set("redirectTo", "/dashboard");
    form.set("authorizationParams-prompt", "login");
    form.set("authorizationParams-login_hint", "a@example.com");
    form.set("email", "a@example.com");
    form.set("file", new Blob(["x"]));
    expect(readSignInForm(form)).toEqual({
      provider: "github",
      options: { redirectTo: "/dashboard", email: "a@example.com" },
      authorizationParams: { prompt: "login", login_hint: "a@example.com" },
    });
  });

  it("an empty providerId is no provider", () => {
    const form = new FormData();
    form.set("providerId", "");
    expect(readSignInForm(form).provider).toBeUndefined();
  });
});

describe("originOf and toAuthRequest", () => {
  const event = (url: string, init?: RequestInit) => ({ url: new URL(url), request: new Request(url, init) });

  it("siteUrl's origin wins over the request's", () => {
    expect(originOf(event("http://forged.example/auth/csrf"), "https://app.example/base")).toBe("https://app.example");
    expect(originOf(event("http://127.0.0.1:5173/auth/csrf"), undefined)).toBe("http://127.0.0.1:5173");
  });

  it("a scheme other than http(s) is refused", () => {
    expect(() => originOf({ url: new URL("ftp://app.example/"), request: new Request("http://app.example/") }, undefined)).toThrow(InvalidRequest);
  });

  it("keeps path, query, headers and body, on the site's origin", async () => {
    const request = await toAuthRequest(
      event("http://internal:3000/auth/callback/credentials?x=1", { method: "POST", headers: { origin: "https://app.example", "content-type": "application/x-www-form-urlencoded" }, body: "a=1" }),
      "https://app.example",
    );
    expect(request.url).toBe("https://app.example/auth/callback/credentials?x=1");
    expect(request.headers.get("origin")).toBe("https://app.example");
    expect(await request.text()).toBe("a=1");
  });

  it("a site URL that is not a URL leaves the request's origin (core reports the setting)", () => {
    expect(originOf(event("http://127.0.0.1:5173/auth/csrf"), "not a url")).toBe("http://127.0.0.1:5173");
  });

  it("GET and HEAD keep their method and carry no body", async () => {
    for (const method of ["GET", "HEAD"]) {
      const request = await toAuthRequest(event("http://internal/auth/session?a=b", { method }), "https://app.example");
      expect(request.method).toBe(method);
      expect(request.url).toBe("https://app.example/auth/session?a=b");
      expect(request.body).toBeNull();
    }
  });

  it("a POST drops the framing headers; an empty one has no body; exactly 64 KiB passes", async () => {
    const request = await toAuthRequest(
      event("http://internal/auth/signout", { method: "POST", headers: { "content-length": "3", "content-type": "text/plain" }, body: "a=1" }),
      "https://app.example",
    );
    expect(request.headers.get("content-length")).toBeNull();
    expect(request.headers.get("content-type")).toBe("text/plain");
    const empty = await toAuthRequest(event("http://internal/auth/signout", { method: "POST" }), "https://app.example");
    expect(empty.body).toBeNull();
    const full = "x".repeat(64 * 1024);
    const largest = await toAuthRequest(event("http://internal/auth/signout", { method: "POST", body: full }), "https://app.example");
    expect((await largest.text()).length).toBe(64 * 1024);
  });

  it("refuses a body over 64 KiB with 413", async () => {
    const big = "a=" + "x".repeat(70 * 1024);
    await expect(toAuthRequest(event("http://app.example/auth/signout", { method: "POST", body: big }), "http://app.example")).rejects.toMatchObject({ status: 413 });
  });
});
