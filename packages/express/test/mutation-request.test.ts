/**
 * The Express request conversion on the cases the mutation run found untested: the refusal
 * messages, a wildcard mount with a trailing slash, bodies a parser read in a form core does not
 * take, and an empty POST. Requests are Node streams (`Readable`) carrying Express's fields.
 */
import { Readable } from "node:stream";
import type { Request as ExpressRequest } from "express";
import { describe, expect, test } from "vitest";
import { mountPathOf, requestUrlOf, toWebRequest } from "../src/request.js";

const origin = "http://localhost:3000";

function incoming(fields: { method?: string; headers?: Record<string, string>; body?: unknown; chunks?: string[]; originalUrl?: string }): ExpressRequest {
  const stream = Readable.from((fields.chunks ?? []).map((c) => Buffer.from(c)));
  return Object.assign(stream, { method: fields.method ?? "POST", headers: fields.headers ?? {}, body: fields.body, originalUrl: fields.originalUrl ?? "/auth/signin/email" }) as unknown as ExpressRequest;
}

describe("Express requests", () => {
  test("refusals say what was refused", async () => {
    await expect(toWebRequest(incoming({ method: "PUT" }), origin)).rejects.toMatchObject({ type: "InvalidRequest", message: "Method PUT is not supported." });
    expect(() => requestUrlOf({ originalUrl: "*" } as ExpressRequest, origin)).toThrow("The request target is not valid.");
    expect(() => requestUrlOf({ originalUrl: "http://[bad" } as ExpressRequest, origin)).toThrow("The request target is not valid.");
  });

  test("a wildcard mount: the action, with or without a trailing slash, is not part of the mount path", () => {
    const mount = (baseUrl: string) => mountPathOf({ baseUrl, path: "/" } as ExpressRequest);
    expect(mount("/wild/auth/session/")).toBe("/wild/auth");
    expect(mount("/wild/auth/session")).toBe("/wild/auth");
    expect(mount("/wild/auth/callback/github/")).toBe("/wild/auth");
    expect(mount("/wild/auth/")).toBe("/wild/auth/");
    expect(mount("")).toBe("");
    expect(mountPathOf({ baseUrl: "/account/signin", path: "/csrf" } as ExpressRequest)).toBe("/account/signin");
  });

  test("a parsed JSON or form body is written back in its own format", async () => {
    const json = await toWebRequest(incoming({ headers: { "content-type": "application/json", "content-length": "99" }, body: { a: 1 } }), origin);
    expect(await json.text()).toBe('{"a":1}');
    expect(json.headers.get("content-length")).not.toBe("99");
    const form = await toWebRequest(incoming({ headers: { "content-type": "application/x-www-form-urlencoded" }, body: { a: "1", b: "x y" } }), origin);
    expect(await form.text()).toBe("a=1&b=x+y");
  });

  test("a parsed body of another type is read from the stream as sent", async () => {
    const text = await toWebRequest(incoming({ headers: { "content-type": "text/plain" }, body: { a: "1" }, chunks: ["raw ", "text"] }), origin);
    expect(await text.text()).toBe("raw text");
    const string = await toWebRequest(incoming({ headers: { "content-type": "text/plain" }, body: "raw text", chunks: ["raw text"] }), origin);
    expect(await string.text()).toBe("raw text");
  });

  test("an empty POST without a body parser is passed on without a body; a non-empty one drops Transfer-Encoding", async () => {
    const empty = await toWebRequest(incoming({ headers: { "content-type": "application/x-www-form-urlencoded" } }), origin);
    expect(empty.body).toBeNull();
    const chunked = await toWebRequest(incoming({ headers: { "content-type": "application/x-www-form-urlencoded", "transfer-encoding": "chunked" }, chunks: ["a=1"] }), origin);
    expect(chunked.headers.get("transfer-encoding")).toBeNull();
    expect(await chunked.text()).toBe("a=1");
  });
});
