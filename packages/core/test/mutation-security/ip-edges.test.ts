/**
 * The address parser behind rate-limit keys and trusted-proxy lists, on the spellings the
 * mutation run found untested: near-misses of each IPv4-in-IPv6 form, the `::` limits, ports
 * after brackets, over-long input and CIDR suffixes.
 */
import { describe, expect, test } from "vitest";
import { addressKey, inRanges, parseIp, parseRange } from "../../src/security/ip.js";

describe("IPv6 that only looks like it carries IPv4 stays IPv6", () => {
  test.each([
    "::ff:102:304",
    "::ff00:102:304",
    "1::ff:102:304",
    "1::ffff:102:304",
    "::ff:0:102:304",
    "::ff00:0:102:304",
    "::ffff:100:102:304",
    "::ffff:1:102:304",
    "1::ffff:0:102:304",
    "1::ff:0:102:304",
    "164:ff9b::102:304",
    "65:ff9b::102:304",
    "64:fe9b::102:304",
    "64:ff9c::102:304",
    "1:9b::102:304",
    "1:ff9b::102:304",
  ])("%s", (address) => {
    expect(parseIp(address)).toHaveLength(16);
  });

  test("the real forms are unwrapped", () => {
    for (const address of ["::ffff:102:304", "::ffff:0:102:304", "64:ff9b::102:304", "::102:304"]) expect(addressKey(address)).toBe("1.2.3.4");
  });
});

describe("parsing limits", () => {
  test("255 is a byte, 256 is not", () => {
    expect(addressKey("1.2.3.255")).toBe("1.2.3.255");
    expect(parseIp("1.2.3.256")).toBeNull();
  });

  test("`::` stands for at least one group", () => {
    expect(parseIp("1:2:3:4:5:6:7::")).toHaveLength(16);
    expect(parseIp("::2:3:4:5:6:7:8")).toHaveLength(16);
    expect(parseIp("1:2:3:4::5:6:7")).toHaveLength(16);
    expect(parseIp("1:2:3:4::5:6:7:8")).toBeNull();
    expect(parseIp("1::2:3:4:5:6:7:8")).toBeNull();
  });

  test("dotted IPv4 only in the last group", () => {
    expect(parseIp("::1.2.3.4:1")).toBeNull();
    expect(parseIp("1.2.3.4::1")).toBeNull();
  });

  test("after brackets only a port", () => {
    expect(addressKey("[2001:db8::1]:443")).toBe("2001:db8:0:0:0:0:0:0/64");
    expect(parseIp("[2001:db8::1]x:443")).toBeNull();
    expect(parseIp("[2001:db8::1]:443x")).toBeNull();
  });

  test("100 characters at most", () => {
    const at100 = `fe80::1%${"a".repeat(92)}`;
    expect(at100).toHaveLength(100);
    expect(parseIp(at100)).toHaveLength(16);
    expect(parseIp(`${at100}a`)).toBeNull();
  });
});

describe("CIDR blocks", () => {
  test("IPv6 blocks take up to 128 bits, IPv4 up to 32; /0 is allowed", () => {
    expect(parseRange("fd00::/64").bits).toBe(64);
    expect(parseRange("fd00::/128").bits).toBe(128);
    expect(parseRange("0.0.0.0/0").bits).toBe(0);
    expect(parseRange("10.0.0.0/24").bits).toBe(24);
    expect(() => parseRange("10.0.0.0/33")).toThrow(TypeError);
  });

  test.each(["1.2.3.4/0x8", "1.2.3.4/+8", "1.2.3.4/8 ", "1.2.3.4/ 8", "1.2.3.4/-1", "1.2.3.4/8e0", "1.2.3.4/", "::/0129"])("%j is refused", (text) => {
    expect(() => parseRange(text)).toThrow(/is not an IP address or CIDR block/);
  });

  test("an IPv4 address never matches an IPv6 block, nor the reverse", () => {
    expect(inRanges("1.2.3.4", [parseRange("::/0")])).toBe(false);
    expect(inRanges("2001:db8::1", [parseRange("0.0.0.0/0")])).toBe(false);
    expect(inRanges("2001:db8::1", [parseRange("::/0")])).toBe(true);
    expect(inRanges("1.2.3.4", [parseRange("0.0.0.0/0")])).toBe(true);
  });
});
