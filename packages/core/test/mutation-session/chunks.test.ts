/** Session cookies cut into chunks: the boundaries of the cut and which stale chunks are deleted. */
import { describe, expect, test } from "vitest";
import { chunkSize, clearChunkedCookie, readChunkedCookie, writeChunkedCookie } from "../../src/session/read.js";

const cookie = { name: "s", options: { path: "/", httpOnly: true } };
const names = (cookies: { name: string; options: { maxAge?: number } }[], deleted: boolean) =>
  cookies.filter((c) => (c.options.maxAge === 0) === deleted).map((c) => c.name);

describe("reading", () => {
  test("the whole cookie wins; chunks are joined in numeric order; other suffixes are ignored", () => {
    expect(readChunkedCookie({ s: "whole", "s.0": "x" }, "s")).toBe("whole");
    expect(readChunkedCookie({ "s.10": "c", "s.2": "b", "s.0": "a", "s.x": "!", "sx.1": "!" }, "s")).toBe("abc");
  });

  test("nothing, or only a suffix that is not a number, reads as no cookie", () => {
    expect(readChunkedCookie({}, "s")).toBeUndefined();
    expect(readChunkedCookie({ "s.x": "v", "s.": "v" }, "s")).toBeUndefined();
    expect(readChunkedCookie({ s: "" }, "s")).toBe("");
  });
});

describe("writing", () => {
  test(`up to ${chunkSize} characters: one cookie under the name itself`, () => {
    const written = writeChunkedCookie({}, cookie, "a".repeat(chunkSize));
    expect(written).toEqual([{ name: "s", value: "a".repeat(chunkSize), options: cookie.options }]);
  });

  test("one more: two chunks; an exact multiple: no empty last chunk", () => {
    const two = writeChunkedCookie({}, cookie, "a".repeat(chunkSize + 1));
    expect(two.map((c) => [c.name, c.value.length])).toEqual([["s.0", chunkSize], ["s.1", 1]]);
    const exact = writeChunkedCookie({}, cookie, "b".repeat(2 * chunkSize));
    expect(exact.map((c) => [c.name, c.value.length])).toEqual([["s.0", chunkSize], ["s.1", chunkSize]]);
    expect(readChunkedCookie(Object.fromEntries(exact.map((c) => [c.name, c.value])), "s")).toBe("b".repeat(2 * chunkSize));
  });

  test("carried cookies the new value does not overwrite are deleted first, with the cookie's attributes", () => {
    const carried = { s: "old", "s.0": "a", "s.1": "b", "s.2": "c", "s.x": "keep", other: "keep" };
    const written = writeChunkedCookie(carried, cookie, "a".repeat(chunkSize + 1));
    expect(names(written, true)).toEqual(["s", "s.2"]);
    expect(names(written, false)).toEqual(["s.0", "s.1"]);
    expect(written[0]).toEqual({ name: "s", value: "", options: { ...cookie.options, maxAge: 0 } });
    const whole = writeChunkedCookie(carried, cookie, "short");
    expect(names(whole, true)).toEqual(["s.0", "s.1", "s.2"]);
  });

  test("an expiry goes on every piece, not on the deletions", () => {
    const expires = new Date(Date.UTC(2030, 0, 1));
    const written = writeChunkedCookie({ "s.5": "x" }, cookie, "a".repeat(chunkSize + 1), expires);
    expect(written.map((c) => c.options.expires)).toEqual([undefined, expires, expires]);
  });

  test("clearing deletes the name itself and every chunk carried", () => {
    expect(names(clearChunkedCookie({ "s.0": "a", "s.1": "b", "s.x": "c" }, cookie), true)).toEqual(["s", "s.0", "s.1"]);
    expect(names(clearChunkedCookie({}, cookie), true)).toEqual(["s"]);
  });
});
