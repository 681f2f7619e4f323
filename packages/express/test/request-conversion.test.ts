/**
 * The request-conversion attacks of `@latch/testing` against `ExpressAuth` on a real socket: the
 * request line and headers go out exactly as written (absolute form included).
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import Credentials from "@latch/core/providers/credentials";
import { ExpressAuth, getSession, type ExpressAuthConfig } from "@latch/express";
import { requestConversionAttacks, runRequestAttack, sendAttack } from "@latch/testing";
import express from "express";
import { afterAll, describe, expect, it } from "vitest";

const secret = "express-request-conversion-secret-0123456789abcdef";
const silent = { error: () => {}, warn: () => {}, debug: () => {} };
const siteUrl = "https://app.example.test";

function config(overrides: Partial<ExpressAuthConfig> = {}): ExpressAuthConfig {
  return {
    secret,
    trustHost: true,
    logger: silent,
    providers: [Credentials({ credentials: { username: {} }, authorize: async () => null })],
    ...overrides,
  };
}

const loopback = "127.0.0.1";
const app = express();
app.set("trust proxy", true);
app.use("/auth", ExpressAuth(config()));
app.use("/site/auth", ExpressAuth(config({ siteUrl })));
const pageConfig = config();
app.get("/me", async (req, res) => void res.json(await getSession(req, pageConfig)));
// Listening before the tests are collected lets each attack name the real port.
const server: Server = await new Promise((resolve) => {
  const s = app.listen(0, loopback, () => resolve(s));
});
const port = (server.address() as AddressInfo).port;
const host = `${loopback}:${port}`;

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("with a trusted Host and no site URL", () => {
  for (const attack of requestConversionAttacks({ basePath: "/auth", host, origin: `http://${host}`, siteUrlSet: false })) {
    it(attack.name, () => runRequestAttack(attack, { host: loopback, port }));
  }

  it("an ordinary request keeps the Host's origin", async () => {
    const response = await sendAttack({ method: "GET", target: "/auth/providers", headers: { host } }, { host: loopback, port });
    expect(JSON.parse(response.body).credentials.callbackUrl).toBe(`http://${host}/auth/callback/credentials`);
  });

  it("a malformed request gets no stack trace even when the app has no error handler", async () => {
    const response = await sendAttack({ method: "GET", target: "/auth/session", headers: { host: "user@evil.example" } }, { host: loopback, port });
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toMatchObject({ error: "InvalidRequest" });
  });
});

describe("getSession", () => {
  it("a malformed Host reads no session instead of throwing", async () => {
    const response = await sendAttack({ method: "GET", target: "/me", headers: { host: "user@evil.example" } }, { host: loopback, port });
    expect(response.status).toBe(200);
    expect(response.body).toBe("null");
  });
});

describe("with a site URL", () => {
  for (const attack of requestConversionAttacks({ basePath: "/site/auth", host, origin: siteUrl, siteUrlSet: true })) {
    it(attack.name, () => runRequestAttack(attack, { host: loopback, port }));
  }
});
