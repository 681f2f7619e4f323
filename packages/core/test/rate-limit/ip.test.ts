/**
 * The address parser behind rate-limit keys: every spelling of one address gives one key, an IPv6
 * /64 is one key, and text that is not an address gives the one shared `invalid` key.
 */
import { describe, expect, test } from "vitest";
import { addressKey, parseIp } from "@latch/core/rate-limit";
import { inRanges, parseRange } from "../../src/security/ip.js";

describe("one IPv4 address, many spellings", () => {
  const aliases = [
    "1.2.3.4",
    " 1.2.3.4 ",
    "001.002.003.004",
    "01.2.03.4",
    "1.2.3.4:8080",
    "::ffff:1.2.3.4",
    "::FFFF:1.2.3.4",
    "::ffff:0102:0304",
    "::ffff:102:304",
    "0:0:0:0:0:ffff:1.2.3.4",
    "0000:0000:0000:0000:0000:FFFF:0102:0304",
    "[::ffff:1.2.3.4]",
    "[::ffff:1.2.3.4]:443",
    "::ffff:001.002.003.004",
    "::ffff:0:1.2.3.4",
    "64:ff9b::1.2.3.4",
    "::1.2.3.4",
  ];
  test.each(aliases)("%j is 1.2.3.4", (alias) => {
    expect(addressKey(alias)).toBe("1.2.3.4");
  });
  test("a different address is a different key", () => {
    expect(addressKey("1.2.3.5")).toBe("1.2.3.5");
    expect(addressKey("::ffff:1.2.3.5")).toBe("1.2.3.5");
  });
});

describe("IPv6: one /64 is one client", () => {
  test("every address of one /64, in any spelling, has one key", () => {
    const keys = new Set([
      "2001:db8:1:2::1",
      "2001:DB8:1:2::ffff",
      "2001:0db8:0001:0002:0000:0000:0000:0001",
      "2001:db8:1:2:aaaa:bbbb:cccc:dddd",
      "[2001:db8:1:2::9]:443",
      "2001:db8:1:2::1%eth0",
      "2001:db8:1:2:0:0:0:0",
    ].map((a) => addressKey(a)));
    expect([...keys]).toEqual(["2001:db8:1:2:0:0:0:0/64"]);
  });
  test("the next /64 is another key", () => {
    expect(addressKey("2001:db8:1:3::1")).not.toBe(addressKey("2001:db8:1:2::1"));
  });
  test("the prefix length is configurable", () => {
    expect(addressKey("2001:db8:1:2::1", 48)).toBe(addressKey("2001:db8:1:ffff::1", 48));
    expect(addressKey("2001:db8:1:2::1", 128)).not.toBe(addressKey("2001:db8:1:2::2", 128));
  });
  test("loopback and the unspecified address stay IPv6", () => {
    expect(parseIp("::1")).toHaveLength(16);
    expect(parseIp("::")).toHaveLength(16);
  });
});

describe("text that is not an address", () => {
  const junk = [
    "", "unknown", "localhost", "1.2.3", "1.2.3.4.5", "256.1.1.1", "1.2.3.-4", "0x7f.0.0.1", "2130706433",
    "1.2.3.4 5", "1:2:3:4:5:6:7:8:9", "1::2::3", "12345::", "::ffff:1.2.3.256", "[1.2.3.4]", "[::1", "[::1]x",
    "2001:db8::g", "a".repeat(200),
  ];
  test.each(junk)("%j does not parse and shares the one key `invalid`", (text) => {
    expect(parseIp(text)).toBeNull();
    expect(addressKey(text)).toBe("invalid");
  });
});

describe("trusted proxy ranges", () => {
  test("CIDR blocks and single addresses match their members, aliases included", () => {
    const ranges = ["10.0.0.0/8", "fd00::/8", "192.0.2.7"].map(parseRange);
    expect(inRanges("10.200.3.4", ranges)).toBe(true);
    expect(inRanges("::ffff:10.1.1.1", ranges)).toBe(true);
    expect(inRanges("fd12:3456::1", ranges)).toBe(true);
    expect(inRanges("192.0.2.7", ranges)).toBe(true);
    expect(inRanges("192.0.2.8", ranges)).toBe(false);
    expect(inRanges("11.0.0.1", ranges)).toBe(false);
    expect(inRanges("fe80::1", ranges)).toBe(false);
    expect(inRanges("garbage", ranges)).toBe(false);
  });
  test("a typo is refused when the list is read", () => {
    expect(() => parseRange("10.0.0.0/33")).toThrow(/not an IP address/);
    expect(() => parseRange("10.0.0/8")).toThrow(/not an IP address/);
    expect(() => parseRange("proxy.internal")).toThrow(/not an IP address/);
  });
});
