/** The SvelteKit request conversion on the cases the mutation run found untested. */
import { describe, expect, test } from "vitest";
import { handedOffAddress } from "../../core/src/security/client-address.js";
import { toAuthRequest } from "../src/request.js";

const url = new URL("http://localhost:5173/auth/callback/credentials?x=1");

describe("SvelteKit requests", () => {
  test("a body over 64 KiB is refused with 413 and says why", async () => {
    const request = new Request(url, { method: "POST", body: new Uint8Array(64 * 1024 + 1) });
    const refused = await toAuthRequest({ request, url }, "http://localhost:5173").catch((e: unknown) => e);
    expect(refused).toMatchObject({ type: "InvalidRequest", message: "The request body is too large." });
  });

  test("a body of exactly 64 KiB is passed on whole, without framing headers", async () => {
    const request = new Request(url, { method: "POST", body: new Uint8Array(64 * 1024).fill(97), headers: { "content-length": "65536" } });
    const converted = await toAuthRequest({ request, url }, "http://localhost:5173");
    expect((await converted.arrayBuffer()).byteLength).toBe(64 * 1024);
    expect(converted.headers.get("content-length")).toBeNull();
  });

  test("the client's address is handed to core; a failing getClientAddress leaves none", async () => {
    const get = await toAuthRequest({ request: new Request(url), url, getClientAddress: () => "192.0.2.7" }, "http://localhost:5173");
    expect(handedOffAddress(get)).toBe("192.0.2.7");
    expect(get.url).toBe("http://localhost:5173/auth/callback/credentials?x=1");
    const failing = await toAuthRequest({ request: new Request(url), url, getClientAddress: () => { throw new Error("not known"); } }, "http://localhost:5173");
    expect(handedOffAddress(failing)).toBeUndefined();
  });
});
