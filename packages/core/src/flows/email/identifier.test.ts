import { describe, expect, test } from "vitest";
import { EmailSignInError } from "../../errors.js";
import { identifierOf, normalizeEmail } from "./identifier.js";

describe("normalizeEmail", () => {
  test("NFKC, trim, lower case", () => {
    expect(normalizeEmail("  Ada@Example.COM ")).toBe("ada@example.com");
    expect(normalizeEmail("ａｄａ＠ｅｘａｍｐｌｅ．ｃｏｍ")).toBe("ada@example.com");
    expect(normalizeEmail("o'brien+news@example.com")).toBe("o'brien+news@example.com");
    expect(normalizeEmail("jürgen@bücher.de")).toBe("jürgen@bücher.de");
  });

  test.each([
    `"a@evil.com"@good.com`, "a@good.com,b@evil.com", "a@good.com\r\nBcc: x@evil.com", "a@good.com (comment)",
    "A <a@good.com>", "a@b@c", "@good.com", "a@", "plain", "", "a@good.com\u0000", "a\u200b@good.com", "a@good.com\u00a0x",
    "a;b@good.com", "a:b@good.com", "a@[127.0.0.1]", "a\\b@good.com", `${"a".repeat(320)}@good.com`,
  ])("refuses %j", (email) => {
    expect(() => normalizeEmail(email)).toThrow(EmailSignInError);
  });

  test("refuses what is not a string", () => {
    for (const value of [undefined, null, 42, ["a@b.c"], { email: "a@b.c" }]) expect(() => normalizeEmail(value)).toThrow(EmailSignInError);
  });
});

describe("identifierOf", () => {
  test("uses the provider's normalizer when there is one", () => {
    expect(identifierOf((id) => id.toUpperCase(), "a@b.c")).toBe("A@B.C");
  });

  test("a throwing normalizer, or one returning nothing usable or a line break, refuses", () => {
    expect(() => identifierOf(() => { throw new Error("no"); }, "a@b.c")).toThrow(EmailSignInError);
    expect(() => identifierOf(() => "", "a@b.c")).toThrow(EmailSignInError);
    expect(() => identifierOf(() => "a@b.c\r\nBcc: x@y.z", "a@b.c")).toThrow(EmailSignInError);
    expect(() => identifierOf((id) => id, undefined)).toThrow(EmailSignInError);
  });
});
