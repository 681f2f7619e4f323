import { describe, expect, it } from "vitest";
import { CookieJar, parseSetCookie } from "./cookie-jar.js";

const site = "http://127.0.0.1:3000";

describe("parseSetCookie", () => {
  it("reads the pair and the attributes, case-insensitively", () => {
    const cookie = parseSetCookie("authjs.csrf-token=abc%7Cdef; path=/; HttpOnly; SameSite=Lax; Secure");
    expect(cookie).toEqual({
      name: "authjs.csrf-token",
      value: "abc%7Cdef",
      path: "/",
      expires: undefined,
      httpOnly: true,
      secure: true,
      sameSite: "Lax",
    });
  });

  it("defaults the path to the request's directory and ignores a relative Path", () => {
    expect(parseSetCookie("a=1", "/auth/callback/github")?.path).toBe("/auth/callback");
    expect(parseSetCookie("a=1", "/signin")?.path).toBe("/");
    expect(parseSetCookie("a=1; Path=relative", "/x/y")?.path).toBe("/x");
  });

  it("lets Max-Age win over Expires and ignores a pair without =", () => {
    const cookie = parseSetCookie("a=1; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=60");
    expect(cookie?.expires).toBeGreaterThan(Date.now() + 50_000);
    expect(parseSetCookie("no-equals-sign; Path=/")).toBeUndefined();
    expect(parseSetCookie("=value")).toBeUndefined();
  });
});

describe("CookieJar", () => {
  it("sends cookies whose path matches, longest path first", () => {
    const jar = new CookieJar();
    jar.setCookie(`${site}/`, "root=1; Path=/");
    jar.setCookie(`${site}/`, "auth=2; Path=/auth");
    expect(jar.header(`${site}/auth/session`)).toBe("auth=2; root=1");
    expect(jar.header(`${site}/auth`)).toBe("auth=2; root=1");
    expect(jar.header(`${site}/authx`)).toBe("root=1");
    expect(jar.header(`${site}/`)).toBe("root=1");
  });

  it("keeps origins apart: scheme, host and port", () => {
    const jar = new CookieJar();
    jar.setCookie(`${site}/`, "a=1; Path=/; Domain=127.0.0.1");
    expect(jar.header("http://127.0.0.1:3001/")).toBeUndefined();
    expect(jar.header("http://localhost:3000/")).toBeUndefined();
    expect(jar.header("https://127.0.0.1:3000/")).toBeUndefined();
    expect(jar.cookies(site).map((c) => c.name)).toEqual(["a"]);
  });

  it("replaces a cookie of the same name and path, and deletes with Max-Age=0 or a past Expires", () => {
    const jar = new CookieJar();
    jar.setCookie(site, "s=old; Path=/");
    jar.setCookie(site, "other=x; Path=/");
    jar.setCookie(site, "s=new; Path=/");
    expect(jar.header(site)).toBe("s=new; other=x");
    jar.setCookie(site, "s=; Path=/; Max-Age=0");
    expect(jar.header(site)).toBe("other=x");
    jar.setCookie(site, "other=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT");
    expect(jar.header(site)).toBeUndefined();
  });

  it("does not delete a cookie set on another path", () => {
    const jar = new CookieJar();
    jar.setCookie(site, "s=1; Path=/auth");
    jar.setCookie(site, "s=; Path=/; Max-Age=0");
    expect(jar.header(`${site}/auth/x`)).toBe("s=1");
  });

  it("drops cookies once they expire", async () => {
    const jar = new CookieJar();
    jar.setCookie(site, "short=1; Max-Age=1");
    jar.setCookie(site, `long=1; Expires=${new Date(Date.now() + 3_600_000).toUTCString()}`);
    expect(jar.header(site)).toBe("short=1; long=1");
    await new Promise((resolve) => setTimeout(resolve, 1050));
    expect(jar.cookies(site).map((c) => c.name)).toEqual(["long"]);
    jar.clear(site);
    expect(jar.cookies(site)).toEqual([]);
  });
});
