import { describe, expect, test } from "vitest";
import { countInRange } from "./breached.js";
import { PasswordCheckUnavailable } from "./errors.js";

describe("countInRange", () => {
  const body = "0018A45C4D1DEF81644B54AB7F969B88D65:1\r\n00D4F6E8FA6EECAD2A3AA415EEC418D38EC:2\r\n011053FD0102E94D6AE2F8B83D76FAF94F6:0";

  test("the count on the suffix's line, whatever the case and line ending", () => {
    expect(countInRange(body, "00D4F6E8FA6EECAD2A3AA415EEC418D38EC")).toBe(2);
    expect(countInRange(body.toLowerCase(), "0018A45C4D1DEF81644B54AB7F969B88D65")).toBe(1);
  });

  test("a padding line counts 0, an absent suffix 0", () => {
    expect(countInRange(body, "011053FD0102E94D6AE2F8B83D76FAF94F6")).toBe(0);
    expect(countInRange(body, "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF")).toBe(0);
  });

  test("a count that is no whole number is no usable answer", () => {
    expect(() => countInRange("00D4F6E8FA6EECAD2A3AA415EEC418D38EC:many", "00D4F6E8FA6EECAD2A3AA415EEC418D38EC")).toThrow(PasswordCheckUnavailable);
  });
});
