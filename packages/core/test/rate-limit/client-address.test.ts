/**
 * Where the client's address comes from, for each source the app may declare: the handed-off
 * socket address by default, a declared header, trusted proxies by list or by count.
 */
import { describe, expect, test } from "vitest";
import { setClientAddress } from "@latch/core";
import { clientAddressHeader, declaresAddressSource } from "@latch/core/rate-limit";
import { addressSource, clientAddress, clientKey } from "../../src/limits/client-address.js";

function request(headers: Record<string, string>, socket?: string): Request {
  const r = new Request("http://localhost/auth/callback/credentials", { headers });
  setClientAddress(r, socket);
  return r;
}

describe("by default", () => {
  test("the handed-off socket address, whatever the headers say", () => {
    const source = addressSource();
    expect(clientAddress(request({ "x-forwarded-for": "1.1.1.1", forwarded: "for=2.2.2.2", "x-real-ip": "3.3.3.3" }, "::ffff:192.0.2.1"), source)).toBe("::ffff:192.0.2.1");
    expect(clientKey(request({}, "::ffff:192.0.2.1"), source)).toBe("192.0.2.1");
  });
  test("nothing handed off: no address, so limits count by account", () => {
    expect(clientKey(request({ "x-forwarded-for": "1.1.1.1" }), addressSource())).toBeUndefined();
  });
});

describe("a declared header", () => {
  test("its first value, or none when the header is missing", () => {
    const source = addressSource({ header: "X-Client-IP" });
    expect(clientAddress(request({ "x-client-ip": "198.51.100.4, 10.0.0.1" }, "10.0.0.9"), source)).toBe("198.51.100.4");
    expect(clientAddress(request({}, "10.0.0.9"), source)).toBeUndefined();
  });
  test("platform headers", () => {
    expect(clientAddressHeader({ platform: "vercel" })).toBe("x-real-ip");
    expect(clientAddressHeader({ platform: "fly", header: "X-Mine" })).toBe("x-mine");
    expect(clientAddressHeader(undefined)).toBeUndefined();
    expect(declaresAddressSource({ trustedProxies: 0 })).toBe(true);
    expect(declaresAddressSource({ ipv6Prefix: 48 })).toBe(false);
  });
});

describe("trusted proxies by list", () => {
  const source = addressSource({ trustedProxies: ["10.0.0.0/8", "fd00::/8"] });
  test("the socket is not a trusted proxy: the socket is the client", () => {
    expect(clientAddress(request({ "x-forwarded-for": "1.1.1.1" }, "203.0.113.1"), source)).toBe("203.0.113.1");
  });
  test("walked from the right, skipping trusted entries", () => {
    expect(clientAddress(request({ "x-forwarded-for": "6.6.6.6, 198.51.100.2, 10.1.1.1, fd00::3" }, "10.0.0.1"), source)).toBe("198.51.100.2");
  });
  test("every entry trusted: the leftmost; no header: the socket", () => {
    expect(clientAddress(request({ "x-forwarded-for": "10.3.3.3, 10.2.2.2" }, "10.0.0.1"), source)).toBe("10.3.3.3");
    expect(clientAddress(request({}, "10.0.0.1"), source)).toBe("10.0.0.1");
  });
  test("the Forwarded header: only for= parameters, quoted IPv6 with ports", () => {
    const forwarded = addressSource({ trustedProxies: ["10.0.0.0/8"], forwardedHeader: "forwarded" });
    const r = request({ forwarded: 'for=6.6.6.6, proto=https;for="[2001:db8::7]:4711";by=10.0.0.2, for=10.0.0.5;host=x' }, "10.0.0.1");
    expect(clientAddress(r, forwarded)).toBe("[2001:db8::7]:4711");
    expect(clientKey(r, forwarded)).toBe("2001:db8:0:0:0:0:0:0/64");
  });
});

describe("trusted proxies by count", () => {
  test("with a socket: that many hops back from it", () => {
    const source = addressSource({ trustedProxies: 2 });
    expect(clientAddress(request({ "x-forwarded-for": "6.6.6.6, 198.51.100.2, 10.0.0.2" }, "10.0.0.1"), source)).toBe("198.51.100.2");
    expect(clientAddress(request({ "x-forwarded-for": "10.0.0.2" }, "10.0.0.1"), source)).toBe("10.0.0.2");
  });
  test("without a socket (Next.js): the last entry was written by the nearest proxy", () => {
    const source = addressSource({ trustedProxies: 1 });
    expect(clientAddress(request({ "x-forwarded-for": "6.6.6.6, 198.51.100.2" }), source)).toBe("198.51.100.2");
    expect(clientAddress(request({}), source)).toBeUndefined();
  });
  test("zero proxies: the socket", () => {
    expect(clientAddress(request({ "x-forwarded-for": "6.6.6.6" }, "10.0.0.1"), addressSource({ trustedProxies: 0 }))).toBe("10.0.0.1");
  });
});

describe("bad options are refused", () => {
  test.each([{ ipv6Prefix: 0 }, { ipv6Prefix: 129 }, { ipv6Prefix: 1.5 }, { trustedProxies: 1.5 }, { trustedProxies: ["x"] }])("%o", (options) => {
    expect(() => addressSource(options as never)).toThrow(TypeError);
  });
});
