/**
 * The default `redirect` callback, the callback-URL choice and its cookie, the cookie defaults,
 * and the writing of an action's result as a `Response`, driven directly: each case is one the
 * mutation run showed no other test telling apart.
 */
import { describe, expect, test } from "vitest";
import { callbackUrlOf, defaultRedirect, resolveCallbackUrl } from "../../src/security/request-checks.js";
import { parseCookies } from "../../src/http/parse.js";
import { defaultCookies, expireCookie, resolveCookies } from "../../src/security/cookies.js";
import { serializeCookie, toResponse, withCookies } from "../../src/http/respond.js";
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

describe("callbackUrlOf", () => {
  const origin = "http://app.example";
  const cookie = { name: "authjs.callback-url", options: { httpOnly: true, sameSite: "lax" as const, path: "/" } };
  const ctx = { origin, cookies: { callbackUrl: cookie }, callbacks: { redirect: defaultRedirect } };

  test("a request without a body: the query's URL, remembered in the cookie when it changed", async () => {
    expect(await callbackUrlOf(ctx, { cookies: {}, query: { callbackUrl: "/next" } })).toEqual({
      callbackUrl: `${origin}/next`,
      cookies: [{ name: cookie.name, value: `${origin}/next`, options: cookie.options }],
    });
  });

  test("the cookie's own URL again: no cookie is set", async () => {
    expect(await callbackUrlOf(ctx, { cookies: { [cookie.name]: `${origin}/next` }, query: {} })).toEqual({ callbackUrl: `${origin}/next`, cookies: [] });
    expect(await callbackUrlOf(ctx, { cookies: { [cookie.name]: `${origin}/next` }, query: { callbackUrl: `${origin}/next` }, body: {} })).toEqual({
      callbackUrl: `${origin}/next`,
      cookies: [],
    });
  });

  test("the body's URL replaces the cookie's", async () => {
    expect(await callbackUrlOf(ctx, { cookies: { [cookie.name]: `${origin}/old` }, query: {}, body: { callbackUrl: "/new" } })).toEqual({
      callbackUrl: `${origin}/new`,
      cookies: [{ name: cookie.name, value: `${origin}/new`, options: cookie.options }],
    });
  });
});

describe("toResponse and withCookies", () => {
  const target = "http://app.example/next";
  const a = { name: "a", value: "1", options: { path: "/" } };
  const b = { name: "b", value: "2", options: { path: "/" } };

  test("a redirect: 302 with Location, one Set-Cookie per cookie, none without cookies", async () => {
    const plain = toResponse({ redirect: target }, false);
    expect(plain.status).toBe(302);
    expect(plain.headers.get("location")).toBe(target);
    expect(plain.headers.getSetCookie()).toEqual([]);
    const withTwo = toResponse({ redirect: target, cookies: [a, b], headers: { location: "http://elsewhere.example/" } }, false);
    expect(withTwo.headers.get("location")).toBe(target);
    expect(withTwo.headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"]);
  });

  test("a redirect in JSON mode: 200 with { url } as JSON, whatever Content-Type the action set", async () => {
    const json = toResponse({ redirect: target }, true);
    expect(json.status).toBe(200);
    expect(json.headers.get("content-type")).toBe("application/json");
    expect(json.headers.get("location")).toBeNull();
    expect(await json.json()).toEqual({ url: target });
    const replaced = toResponse({ redirect: target, headers: { "X-Frame-Options": "DENY", "content-type": "text/plain" } }, true);
    expect(replaced.headers.get("content-type")).toBe("application/json");
    expect(replaced.headers.get("x-frame-options")).toBe("DENY");
  });

  test("a string body is HTML unless the action named its own Content-Type", async () => {
    const page = toResponse({ body: "<p>hi</p>" }, false);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await page.text()).toBe("<p>hi</p>");
    const framed = toResponse({ body: "<p>hi</p>", headers: { "X-Frame-Options": "DENY" } }, false);
    expect(framed.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(framed.headers.get("x-frame-options")).toBe("DENY");
    const css = toResponse({ body: "p{}", headers: { "X-Frame-Options": "DENY", "Content-Type": "text/css" } }, false);
    expect(css.headers.get("content-type")).toBe("text/css");
    expect(await css.text()).toBe("p{}");
  });

  test("any other body is JSON with its status; no body is no Content-Type", async () => {
    const json = toResponse({ status: 404, body: { error: "x" }, headers: { "Content-Type": "text/plain" } }, false);
    expect(json.status).toBe(404);
    expect(json.headers.get("content-type")).toBe("application/json");
    expect(await json.text()).toBe('{"error":"x"}');
    const empty = toResponse({ status: 204 }, false);
    expect(empty.status).toBe(204);
    expect(empty.headers.get("content-type")).toBeNull();
    const none = toResponse({}, false);
    expect(none.status).toBe(200);
    expect(none.headers.get("content-type")).toBeNull();
    expect(await none.text()).toBe("");
  });

  test("withCookies puts the given cookies, missing ones left out, before the result's own", () => {
    expect(withCookies({ redirect: target }, [undefined, a])).toEqual({ redirect: target, cookies: [a] });
    expect(withCookies({ body: "x", cookies: [b] }, [a, undefined])).toEqual({ body: "x", cookies: [a, b] });
    expect(withCookies({}, [undefined])).toEqual({ cookies: [] });
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
