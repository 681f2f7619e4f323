/**
 * `auth()` with bearer sessions on: a client that is not a browser sends its JWT session as
 * `Authorization: Bearer`, and `auth(req, res)` reads it; with the feature off it does not.
 */
import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import { describe, expect, test } from "vitest";
import Credentials from "@latch/core/providers/credentials";
import { BearerSessions } from "@latch/core/bearer";
import { encode } from "@latch/core/jwt";
import { createAuth } from "../src/auth.js";
import type { NextAuthConfig } from "../src/config.js";

const secret = "bearer-sessions-test-secret-0123456789abcdef";

function exchange(headers: Record<string, string>): { req: IncomingMessage; res: ServerResponse } {
  const req = new IncomingMessage(new Socket());
  req.headers = { host: "app.test", ...headers };
  return { req, res: new ServerResponse(req) };
}

const config = (bearer: boolean): NextAuthConfig => ({
  secret,
  trustHost: true,
  providers: [Credentials({ authorize: () => null })],
  logger: { error: () => {}, warn: () => {} },
  session: bearer ? { bearer: BearerSessions() } : {},
});

describe("auth() with bearer sessions", () => {
  test("on: the bearer session is read; off: it is not", async () => {
    const token = await encode({ token: { name: "Ada", email: "ada@example.com", sub: "1" }, secret, salt: "authjs.session-token" });
    const on = exchange({ authorization: `Bearer ${token}` });
    expect((await createAuth(config(true))(on.req, on.res))?.user?.email).toBe("ada@example.com");
    const off = exchange({ authorization: `Bearer ${token}` });
    expect(await createAuth(config(false))(off.req, off.res)).toBeNull();
  });
});
