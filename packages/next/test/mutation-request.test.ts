/** The Next.js request conversion on the cases the mutation run found untested: list values with spaces, bodies in several chunks, the refused method. */
import { describe, expect, test } from "vitest";
import { siteOrigin, toAuthRequest } from "../src/request.js";

function streamed(parts: Uint8Array[]): Request {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });
  return new Request("http://localhost:3000/api/auth/signin/email", { method: "POST", body, duplex: "half" } as RequestInit);
}

describe("Next.js requests", () => {
  test("the first value of a forwarded list, spaces around it removed", () => {
    const headers = new Headers({ "x-forwarded-host": "app.example , proxy.internal", "x-forwarded-proto": "https , http", host: "localhost:3000" });
    expect(siteOrigin({ headers, protocol: "http:" }, undefined)).toBe("https://app.example");
  });

  test("a body in several chunks arrives whole and in order", async () => {
    const encoder = new TextEncoder();
    const request = await toAuthRequest(streamed([encoder.encode("email=ada%40"), encoder.encode("example.com"), encoder.encode("&csrfToken=x")]), "http://localhost:3000");
    expect(await request.text()).toBe("email=ada%40example.com&csrfToken=x");
  });

  test("a body over 64 KiB in chunks is passed on past the limit, for core to refuse", async () => {
    const chunk = new Uint8Array(40 * 1024).fill(97);
    const request = await toAuthRequest(streamed([chunk, chunk, chunk]), "http://localhost:3000");
    const length = (await request.arrayBuffer()).byteLength;
    expect(length).toBeGreaterThan(64 * 1024);
    expect(length).toBeLessThanOrEqual(80 * 1024);
  });

  test("other methods are refused with 405, naming the method", async () => {
    const refused = await toAuthRequest(new Request("http://localhost:3000/api/auth/session", { method: "PUT", body: "x" }), "http://localhost:3000").catch((e: unknown) => e);
    expect(refused).toMatchObject({ type: "InvalidRequest", message: "Method PUT is not supported." });
    expect((refused as { status?: number }).status ?? (refused as { statusCode?: number }).statusCode).toBe(405);
  });
});
