/**
 * Rate limits through Express on a real socket: the client is the socket's peer, whatever
 * `X-Forwarded-For` says (even with Express's own "trust proxy" on), until the Latch config names
 * the proxy it trusts.
 */
import { forgedAddressAttempt } from "@latch/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import express from "express";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { ExpressAuth, type ExpressAuthConfig } from "@latch/express";
import Credentials from "@latch/core/providers/credentials";
import { RateLimit, type RateLimitOptions } from "@latch/core/rate-limit";

const secret = "express-rate-limit-secret-0123456789-abcdefghij";
const silent = { error: () => {}, warn: () => {}, debug: () => {} };
const calls = { direct: 0, proxied: 0 };

function makeConfig(counter: keyof typeof calls, options: RateLimitOptions): ExpressAuthConfig {
  return {
    secret,
    trustHost: true,
    logger: silent,
    rateLimit: RateLimit({ routes: { credentials: { ip: 5, account: 0 } }, lockout: false, ...options }),
    providers: [Credentials({ credentials: { username: {}, password: {} }, authorize: () => (calls[counter]++, null) })],
  };
}

let server: Server;
let base: string;

beforeAll(async () => {
  const app = express();
  // Express's own proxy trust does not reach Latch's limits: they read the socket.
  app.set("trust proxy", true);
  app.use("/direct/auth", ExpressAuth(makeConfig("direct", {})));
  app.use("/proxied/auth", ExpressAuth(makeConfig("proxied", { clientAddress: { trustedProxies: ["127.0.0.1", "::1"] } })));
  await new Promise<void>((resolve) => {
    server = app.listen(0, "127.0.0.1", () => resolve());
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const attempt = (mount: string, i: number, forwardedFor: string) => forgedAddressAttempt(`${base}${mount}`, i, forwardedFor);

describe("Express hands the socket's address to the limits", () => {
  test("a forged X-Forwarded-For does not make a new client: 429 with Retry-After after the limit", async () => {
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 20; i++) {
      const response = await attempt("/direct/auth", i, `198.51.100.${i}`);
      statuses.push(response.status);
      if (response.status === 429) retryAfter ??= response.headers.get("retry-after");
    }
    expect(statuses.slice(0, 5)).toEqual([302, 302, 302, 302, 302]);
    expect(new Set(statuses.slice(5))).toEqual(new Set([429]));
    expect(calls.direct).toBe(5);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });

  test("behind a proxy the config trusts, the forwarded address is the client", async () => {
    for (let i = 0; i < 20; i++) expect((await attempt("/proxied/auth", i, `198.51.100.${i}`)).status).toBe(302);
    expect(calls.proxied).toBe(20);
  });
});
