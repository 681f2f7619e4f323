/**
 * The session-token encoder, the Cookie/Set-Cookie code, HTML escaping, theme values and email
 * addresses, driven directly on the cases the mutation run found no test for.
 */
import { describe, expect, test } from "vitest";
import { decode, encode } from "../../src/session/index.js";
import { parseCookieHeader } from "../../src/http/parse.js";
import { serializeSetCookie } from "../../src/http/respond.js";
import { html } from "../../src/security/escape.js";
import { safeColor, safeImageUrl } from "../../src/security/colors.js";
import { normalizeEmail } from "../../src/security/email-address.js";

const salt = "authjs.session-token";

describe("session token", () => {
  test("round trip with the first secret; 30 days by default; an empty payload by default", async () => {
    const token = await encode({ token: { sub: "1", name: "Ada" }, secret: ["new-secret", "old-secret"], salt });
    const claims = await decode<Record<string, unknown>>({ token, secret: "new-secret", salt });
    expect(claims).toMatchObject({ sub: "1", name: "Ada" });
    expect((claims!.exp as number) - (claims!.iat as number)).toBe(30 * 24 * 60 * 60);
    await expect(decode({ token, secret: "old-secret", salt })).rejects.toThrow();
    const empty = await decode<Record<string, unknown>>({ token: await encode({ secret: "s", salt } as never), secret: "s", salt });
    expect(Object.keys(empty!).sort()).toEqual(["exp", "iat", "jti"]);
  });

  test("maxAge sets the expiry; the salt binds the key", async () => {
    const token = await encode({ token: { sub: "1" }, secret: "s", salt, maxAge: 60 });
    const claims = await decode<Record<string, number>>({ token, secret: "s", salt });
    expect(claims!.exp! - claims!.iat!).toBe(60);
    await expect(decode({ token, secret: "s", salt: "other" })).rejects.toThrow();
  });

  test("decode tries every secret, skipping empty ones", async () => {
    const token = await encode({ token: { sub: "2" }, secret: ["", "old-secret"], salt });
    expect(await decode({ token, secret: ["new-secret", "", "old-secret"], salt })).toMatchObject({ sub: "2" });
  });

  test("no token decodes to null; no secret is an error", async () => {
    expect(await decode({ token: "", secret: "s", salt })).toBeNull();
    expect(await decode({ token: undefined, secret: "s", salt })).toBeNull();
    await expect(decode({ token: "x", secret: [], salt })).rejects.toThrow(/secret is required/);
    await expect(encode({ token: {}, secret: ["", ""], salt })).rejects.toThrow(/secret is required/);
  });
});

describe("Cookie header edge cases", () => {
  test("a space or tab before the separator is trimmed off the value", () => {
    expect(parseCookieHeader("a=1 ;b=2")).toEqual({ a: "1", b: "2" });
    expect(parseCookieHeader("a=1\t;b=2\t")).toEqual({ a: "1", b: "2" });
  });
});

describe("Set-Cookie refusals name what is wrong", () => {
  test.each([
    [{ name: "a;b", value: "1", options: {} }, /cookie name/],
    [{ name: "a", value: "1", options: { maxAge: 1.5 } }, /maxAge of cookie a/],
    [{ name: "a", value: "1", options: { domain: "exa mple.com" } }, /domain of cookie a/],
    [{ name: "a", value: "1", options: { path: "/a;b" } }, /path of cookie a/],
    [{ name: "a", value: "1", options: { expires: new Date(Number.NaN) } }, /expiry of cookie a/],
    [{ name: "a", value: "1", options: { sameSite: "loose" as never } }, /sameSite of cookie a/],
  ])("%j", (cookie, message) => {
    expect(() => serializeSetCookie(cookie)).toThrow(message);
  });

  test("no sameSite writes no SameSite attribute", () => {
    expect(serializeSetCookie({ name: "a", value: "1", options: { path: "/" } })).toBe("a=1; Path=/");
  });
});

describe("html fragments", () => {
  test("a fragment reads as its markup where a string is expected", () => {
    const fragment = html`<b>${"<i>"}</b>`;
    expect(`${fragment}`).toBe("<b>&lt;i&gt;</b>");
    expect(String(fragment)).toBe(fragment.value);
  });
});

describe("theme values", () => {
  test("a colour is trimmed; up to 64 characters", () => {
    expect(safeColor("  red ")).toBe("red");
    const at64 = `rgb(${"1".repeat(55)},0,0)`;
    expect(at64).toHaveLength(64);
    expect(safeColor(at64)).toBe(at64);
    expect(safeColor(`rgb(${"1".repeat(56)},0,0)`)).toBeUndefined();
  });

  test("image URLs: trimmed, non-strings refused, the whole value checked", () => {
    expect(safeImageUrl(" /logo.svg ", { allowRemote: false })).toBe("/logo.svg");
    expect(safeImageUrl(42, { allowRemote: true })).toBeUndefined();
    expect(safeImageUrl("", { allowRemote: true })).toBeUndefined();
    expect(safeImageUrl("http://cdn.example/logo.png", { allowRemote: true })).toBe("http://cdn.example/logo.png");
    expect(safeImageUrl("x data:image/png;base64,AAAA", { allowRemote: false })).toBeUndefined();
    expect(safeImageUrl("data:image/png", { allowRemote: false })).toBeUndefined();
    expect(safeImageUrl("data:image/svg+xml<script>", { allowRemote: false })).toBeUndefined();
    expect(safeImageUrl("javascript:https://cdn.example/", { allowRemote: true })).toBeUndefined();
    expect(safeImageUrl("https://cdn.example/a b", { allowRemote: true })).toBeUndefined();
  });
});

describe("email addresses", () => {
  test.each([
    [42, /no email address/],
    ["", /empty or too long/],
    [`${"a".repeat(309)}@example.com`, /empty or too long/],
    ["a,b@example.com", /characters that are not allowed/],
    ["a@b.com@c.com", /exactly one @/],
    ["@example.com", /exactly one @/],
    ["a@localhost", /domain with a dot/],
  ])("%j is refused: %s", (input, message) => {
    expect(() => normalizeEmail(input)).toThrow(message);
  });

  test("320 characters are accepted", () => {
    const email = `${"a".repeat(308)}@example.com`;
    expect(email).toHaveLength(320);
    expect(normalizeEmail(email)).toBe(email);
  });
});
