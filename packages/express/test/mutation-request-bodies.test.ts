/**
 * The Express request conversion on what the narrow mutation run left untested: GET and HEAD
 * keep their method and headers and never carry a body, repeated and absent header values,
 * parsed bodies that are not objects, and the 64 KiB cut of a raw body read byte for byte.
 * Requests are Node streams (`Readable`) carrying Express's fields.
 */
import { Readable } from "node:stream";
import type { Request as ExpressRequest } from "express";
import { describe, expect, test } from "vitest";
import { toWebRequest } from "../src/request.js";

const origin = "http://localhost:3000";
const maxBody = 64 * 1024;

interface Fields {
  method?: string;
  headers?: Record<string, string | string[] | undefined>;
  body?: unknown;
  chunks?: Uint8Array[];
}

function incoming(fields: Fields): ExpressRequest {
  const stream = Readable.from(fields.chunks ?? []);
  return Object.assign(stream, {
    method: fields.method ?? "POST",
    headers: fields.headers ?? {},
    body: fields.body,
    originalUrl: "/auth/signin/email",
  }) as unknown as ExpressRequest;
}

/** `length` bytes counting up modulo 251, so a byte in the wrong place shows. */
function bytes(length: number, from = 0): Uint8Array {
  return Uint8Array.from({ length }, (_, i) => (from + i) % 251 || 1);
}

describe("GET and HEAD", () => {
  test("keep their method and headers, and drop a body the stream carries", async () => {
    for (const method of ["GET", "HEAD", "get"]) {
      const request = await toWebRequest(incoming({ method, headers: { "x-probe": "1" }, chunks: [new TextEncoder().encode("a=1")] }), origin);
      expect(request.method).toBe(method.toUpperCase());
      expect(request.headers.get("x-probe")).toBe("1");
      expect(request.body).toBeNull();
    }
  });
});

describe("headers", () => {
  test("repeated values are each appended, absent ones are left out", async () => {
    const request = await toWebRequest(incoming({ method: "GET", headers: { "x-many": ["a", "b"], "x-none": undefined } }), origin);
    expect(request.headers.get("x-many")).toBe("a, b");
    expect(request.headers.has("x-none")).toBe(false);
  });
});

describe("parsed bodies that are not objects", () => {
  test("a null body is read from the stream, not written back as JSON", async () => {
    const request = await toWebRequest(incoming({ headers: { "content-type": "application/json" }, body: null, chunks: [new TextEncoder().encode('{"a":1}')] }), origin);
    expect(await request.text()).toBe('{"a":1}');
  });

  test("a string body under a form type is read from the stream, not taken apart", async () => {
    const request = await toWebRequest(incoming({ headers: { "content-type": "application/x-www-form-urlencoded" }, body: "a=1", chunks: [new TextEncoder().encode("a=1")] }), origin);
    expect(await request.text()).toBe("a=1");
  });
});

describe("raw bodies at the 64 KiB limit", () => {
  async function received(chunks: Uint8Array[]): Promise<Uint8Array> {
    const request = await toWebRequest(incoming({ headers: { "content-type": "application/octet-stream" }, chunks }), origin);
    return new Uint8Array(await request.arrayBuffer());
  }

  test("a body of exactly 64 KiB arrives whole, in one chunk or several", async () => {
    const whole = bytes(maxBody);
    expect(await received([whole])).toEqual(whole);
    expect(await received([whole.subarray(0, 1000), whole.subarray(1000)])).toEqual(whole);
  });

  test("a body one byte over arrives whole, so core can refuse it by its size", async () => {
    const over = bytes(maxBody + 1);
    expect(await received([over])).toEqual(over);
    expect(await received([over.subarray(0, maxBody), over.subarray(maxBody)])).toEqual(over);
  });

  test("a longer body is cut to 64 KiB and one byte, in the order sent", async () => {
    const long = bytes(maxBody + 5000);
    const got = await received([long.subarray(0, 40_000), long.subarray(40_000)]);
    // The chunk that passes the limit is not kept: only the first 40,000 bytes are real.
    expect(got.byteLength).toBe(maxBody + 1);
    expect(got.subarray(0, 40_000)).toEqual(long.subarray(0, 40_000));
  });
});
