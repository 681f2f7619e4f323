/**
 * A Host header that is not a valid authority, sent on a real socket. Found by the request fuzzer
 * (packages/core/test/fuzz): the middleware builds the request URL from the Host header before
 * Latch sees the request, the URL constructor throws, and Express's default error handler answers
 * 500 with the stack trace and file paths. Expected: a 400 JSON answer, as core gives for
 * malformed requests, a port out of range (`localhost:99999`) included.
 */
import { connect, type AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ExpressAuth } from "@latch/express";
import Credentials from "@latch/core/providers/credentials";

let server: Server;
let port: number;

beforeAll(async () => {
  const app = express();
  app.use("/auth", ExpressAuth({ secret: "invalid-host-test-secret-0123456789abcdef", trustHost: true, logger: { error: () => {} }, providers: [Credentials({ authorize: () => null })] }));
  server = await new Promise((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** One raw HTTP/1.1 exchange; returns the status and the body. */
function send(host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: "127.0.0.1", port });
    const chunks: Buffer[] = [];
    socket.on("data", (c) => chunks.push(c));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      resolve({ status: Number(text.split(" ")[1]), body: text.slice(text.indexOf("\r\n\r\n") + 4) });
    });
    socket.write(`GET /auth/session HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
  });
}

describe("a Host header that names no valid authority", () => {
  it("a valid Host is answered normally (the harness works)", async () => {
    expect((await send(`127.0.0.1:${port}`)).status).toBe(200);
  });

  for (const host of ["a b", "localhost:3000:80"]) {
    it(`Host "${host}" → 4xx without a stack trace`, async () => {
      const { status, body } = await send(host);
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
      expect(body).not.toMatch(/\bat \S|node:internal|\.ts:\d+/);
    });
  }

  it(`Host "localhost:99999" (a port out of range) → 4xx without a stack trace`, async () => {
    const { status, body } = await send("localhost:99999");
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
    expect(body).not.toMatch(/\bat \S|node:internal|\.ts:\d+/);
  });
});
