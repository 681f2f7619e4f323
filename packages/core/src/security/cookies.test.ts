// The Cookie and Set-Cookie handling against the `cookie` package (1.x), which Latch used before
// and which Auth.js uses: same pairs out of the same headers, same header out of the same cookie.
import { parse, serialize } from "cookie";
import { describe, expect, test } from "vitest";
import { parseCookieHeader } from "../http/parse.js";
import { serializeSetCookie } from "../http/respond.js";
import type { CookieOptions } from "../types/cookies.js";

const headers = [
  "",
  "a=1",
  "a=1; b=2",
  "  a = 1 ;\tb=two words ; c=",
  "a=1; a=2",
  "authjs.csrf-token=abc%7Cdef; authjs.callback-url=http%3A%2F%2Flocalhost%3A3000",
  "bad=%E0%A4%A; good=%C3%A9",
  "novalue; x=1; =empty; y==z",
  "__proto__=1; constructor=2; toString=3",
  "q=\"quoted\"; s=a;b",
  "authjs.session-token.1=second; authjs.session-token.0=first",
];

describe("Cookie header", () => {
  test.each(headers)("parses %j like the cookie package", (header) => {
    const expected = { ...parse(header) } as Record<string, string | undefined>;
    delete expected.__proto__;
    expect(parseCookieHeader(header)).toEqual(JSON.parse(JSON.stringify(expected)));
  });

  test("a duplicated name keeps its first value", () => {
    expect(parseCookieHeader("a=first; a=second").a).toBe("first");
  });
});

describe("Set-Cookie header", () => {
  const expires = new Date(Date.UTC(2030, 0, 2, 3, 4, 5));
  const cases: [string, string, CookieOptions][] = [
    ["authjs.session-token", "eyJ.a.b.c", { httpOnly: true, sameSite: "lax", path: "/", secure: true, expires }],
    ["authjs.csrf-token", "token|hash", { httpOnly: true, sameSite: "lax", path: "/" }],
    ["authjs.state", "", { httpOnly: true, sameSite: "none", secure: true, path: "/", maxAge: 0 }],
    ["x", "ü é; ,\\\"", { maxAge: 900, domain: "example.com", partitioned: true, sameSite: "strict" }],
  ];

  test.each(cases)("writes %s like the cookie package", (name, value, options) => {
    expect(serializeSetCookie({ name, value, options })).toBe(serialize(name, value, options));
  });

  test.each([
    ["a name with a separator", { name: "a;b", value: "1", options: {} }],
    ["a fractional maxAge", { name: "a", value: "1", options: { maxAge: 1.5 } }],
    ["a domain that is not one", { name: "a", value: "1", options: { domain: "exa mple.com" } }],
    ["a path with a semicolon", { name: "a", value: "1", options: { path: "/a;b" } }],
    ["an invalid date", { name: "a", value: "1", options: { expires: new Date(Number.NaN) } }],
    ["an unknown sameSite", { name: "a", value: "1", options: { sameSite: "loose" as never } }],
  ])("refuses %s", (_what, cookie) => {
    expect(() => serializeSetCookie(cookie)).toThrow(TypeError);
  });
});
