import { describe, expect, test } from "vitest";
import { EmailSignInError } from "../errors.js";
import { normalizeEmail } from "./email-address.js";

describe("normalizeEmail", () => {
  test("NFKC, trim, lower case", () => {
    expect(normalizeEmail("  Ada@Example.COM ")).toBe("ada@example.com");
    expect(normalizeEmail("ａｄａ＠ｅｘａｍｐｌｅ．ｃｏｍ")).toBe("ada@example.com");
    expect(normalizeEmail("o'brien+news@example.com")).toBe("o'brien+news@example.com");
    expect(normalizeEmail("jürgen@bücher.de")).toBe("jürgen@bücher.de");
    expect(normalizeEmail("a@b.co")).toBe("a@b.co");
  });

  test.each([
    `"a@evil.com"@good.com`, "a@good.com,b@evil.com", "a@good.com\r\nBcc: x@evil.com", "a@good.com (comment)",
    "A <a@good.com>", "a@b@c", "@good.com", "a@", "plain", "", "a@good.com\u0000", "a\u200b@good.com", "a@good.com\u00a0x",
    "a;b@good.com", "a@b", "user@localhost", "a@.com", "a@good.", "a@good..com", "a:b@good.com", "a@[127.0.0.1]", "a\\b@good.com", `${"a".repeat(320)}@good.com`,
  ])("refuses %j", (email) => {
    expect(() => normalizeEmail(email)).toThrow(EmailSignInError);
  });

  test("refuses what is not a string", () => {
    for (const value of [undefined, null, 42, ["a@b.c"], { email: "a@b.c" }]) expect(() => normalizeEmail(value)).toThrow(EmailSignInError);
  });
});

