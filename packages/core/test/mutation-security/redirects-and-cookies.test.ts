/**
 * The default `redirect` callback, the callback-URL choice and the cookie defaults, driven
 * directly: each case is one the mutation run showed no other test telling apart.
 */
import { describe, expect, test } from "vitest";
import { defaultRedirect, resolveCallbackUrl } from "../../src/security/request-checks.js";
import { parseCookies } from "../../src/http/parse.js";
import { defaultCookies, expireCookie, resolveCookies } from "../../src/security/cookies.js";
import { serializeCookie } from "../../src/http/respond.js";
import { handedOffAddress, setClientAddress } from "../../src/security/client-address.js";

const baseUrl = "http://app.example";
const go = (url: string, base = baseUrl) => defaultRedirect({ url, baseUrl: base }) as string;

describe("defaultRedirect", () => {
  test("a path on this site is kept, joined to the base URL, exactly as written", () => {
    expect(go("/account")).toBe("http://app.example/account");
    expect(go("/a/../b?x=1#y")).toBe("http://app.example/a/../b?x=1#y");
  });

  test("an absolute URL of this origin is kept as written", () => {
    expect(go("http://app.example/a/../b")).toBe("http://app.example/a/../b");
    expect(go("https://app.example/x", "https://app.example")).toBe("https://app.example/x");
  });

  test.each([
    "//evil.example/x",
    "/\\evil.example/x",
    "http://evil.example/x",
    "https://app.example/x",
    "http://app.example.evil.example/",
    "javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "blob:http://app.example/0f2c1c1e-1d3a-4a6b-9b0e-1f1f1f1f1f1f",
    "ftp://app.example/",
    "not a url",
    "",
  ])("%j goes to the base URL", (url) => {
    expect(go(url)).toBe(baseUrl);
  });

  test("characters a Location header cannot carry come back percent-encoded or dropped", () => {
    expect(go("/p\u00e4th")).toBe("http://app.example/p%C3%A4th");
    expect(go("/a b")).toBe("http://app.example/a%20b");
    expect(go("/a\r\nSet-Cookie: x=1")).toBe("http://app.example/aSet-Cookie:%20x=1");
    expect(go("http://app.example/x ")).toBe("http://app.example/x");
  });
});

describe("resolveCallbackUrl", () => {
  const origin = "http://app.example";
  const seen: string[] = [];
  const redirect = ({ url, baseUrl: base }: { url: string; baseUrl: string }) => {
    seen.push(url);
    return defaultRedirect({ url, baseUrl: base });
  };
  const resolve = (bodyValue: unknown, queryValue?: string, cookieValue?: string) =>
    resolveCallbackUrl({ bodyValue, queryValue, cookieValue, origin, redirect });

  test("the body wins over the query, the query over the cookie", async () => {
    expect(await resolve("/from-body", "/from-query", "/from-cookie")).toBe(`${origin}/from-body`);
    expect(await resolve(undefined, "/from-query", "/from-cookie")).toBe(`${origin}/from-query`);
    expect(await resolve(undefined, undefined, "/from-cookie")).toBe(`${origin}/from-cookie`);
    expect(await resolve(undefined, "", "/from-cookie")).toBe(`${origin}/from-cookie`);
  });

  test("an empty or non-string body value is passed over", async () => {
    expect(await resolve("", "/from-query")).toBe(`${origin}/from-query`);
    expect(await resolve(42, "/from-query")).toBe(`${origin}/from-query`);
    expect(await resolve(["/a"], "/from-query")).toBe(`${origin}/from-query`);
  });

  test("with no candidate the origin is returned without asking redirect", async () => {
    seen.length = 0;
    expect(await resolve(undefined, undefined, undefined)).toBe(origin);
    expect(await resolve("", "", "")).toBe(origin);
    expect(seen).toEqual([]);
  });

  test("the candidate goes through redirect with the origin as base", async () => {
    expect(await resolve("https://evil.example/")).toBe(origin);
    expect(await resolveCallbackUrl({ bodyValue: "/x", queryValue: undefined, cookieValue: undefined, origin, redirect: ({ url, baseUrl: b }) => `${b}|${url}` })).toBe(`${origin}|/x`);
  });
});

describe("cookie defaults", () => {
  const base = { httpOnly: true, sameSite: "lax", path: "/" };
  test("on HTTPS: __Secure- names, __Host- for the CSRF cookie, 15-minute check cookies", () => {
    const secure = { ...base, secure: true };
    expect(defaultCookies(true)).toEqual({
      sessionToken: { name: "__Secure-authjs.session-token", options: secure },
      callbackUrl: { name: "__Secure-authjs.callback-url", options: secure },
      csrfToken: { name: "__Host-authjs.csrf-token", options: secure },
      pkceCodeVerifier: { name: "__Secure-authjs.pkce.code_verifier", options: { ...secure, maxAge: 900 } },
      state: { name: "__Secure-authjs.state", options: { ...secure, maxAge: 900 } },
      nonce: { name: "__Secure-authjs.nonce", options: { ...secure, maxAge: 900 } },
      webauthnChallenge: { name: "__Secure-authjs.challenge", options: { ...secure, maxAge: 900 } },
    });
  });

  test("on HTTP: no prefixes, no Secure", () => {
    const plain = { ...base, secure: false };
    expect(defaultCookies(false)).toEqual({
      sessionToken: { name: "authjs.session-token", options: plain },
      callbackUrl: { name: "authjs.callback-url", options: plain },
      csrfToken: { name: "authjs.csrf-token", options: plain },
      pkceCodeVerifier: { name: "authjs.pkce.code_verifier", options: { ...plain, maxAge: 900 } },
      state: { name: "authjs.state", options: { ...plain, maxAge: 900 } },
      nonce: { name: "authjs.nonce", options: { ...plain, maxAge: 900 } },
      webauthnChallenge: { name: "authjs.challenge", options: { ...plain, maxAge: 900 } },
    });
  });

  test("each role's options are its own object", () => {
    const cookies = defaultCookies(false);
    cookies.sessionToken.options.path = "/changed";
    expect(cookies.callbackUrl.options.path).toBe("/");
  });

  test("overrides replace the name and merge the options of their role only", () => {
    const cookies = resolveCookies(false, {
      sessionToken: { name: "my.session", options: { sameSite: "strict", domain: "app.example" } },
      state: { options: { maxAge: 60 } } as never,
    });
    expect(cookies.sessionToken).toEqual({ name: "my.session", options: { ...base, secure: false, sameSite: "strict", domain: "app.example" } });
    expect(cookies.state).toEqual({ name: "authjs.state", options: { ...base, secure: false, maxAge: 60 } });
    expect(cookies.csrfToken).toEqual(defaultCookies(false).csrfToken);
    expect(resolveCookies(true)).toEqual(defaultCookies(true));
  });

  test("parse, serialize and expire", () => {
    expect(parseCookies(null)).toEqual({});
    expect(parseCookies("")).toEqual({});
    expect(parseCookies("a=1; b=x%20y")).toEqual({ a: "1", b: "x y" });
    expect(serializeCookie({ name: "a", value: "x y", options: { path: "/" } })).toBe("a=x%20y; Path=/");
    const expires = new Date(Date.UTC(2030, 0, 1));
    expect(expireCookie("a", { path: "/", httpOnly: true, secure: true, expires, maxAge: 10 })).toEqual({
      name: "a",
      value: "",
      options: { path: "/", httpOnly: true, secure: true, maxAge: 0 },
    });
  });
});

describe("client address hand-off", () => {
  test("an address is recorded for its request only", () => {
    const a = new Request("http://app.example/");
    const b = new Request("http://app.example/");
    setClientAddress(a, "192.0.2.1");
    expect(handedOffAddress(a)).toBe("192.0.2.1");
    expect(handedOffAddress(b)).toBeUndefined();
  });

  test("an empty, null or missing address records nothing", () => {
    for (const address of ["", null, undefined]) {
      const r = new Request("http://app.example/");
      setClientAddress(r, address);
      expect(handedOffAddress(r)).toBeUndefined();
    }
  });
});
