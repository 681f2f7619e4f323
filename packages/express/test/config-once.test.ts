/** The middleware and getSession share one prepared config: core's one-time work and warnings happen once. */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { afterAll, beforeAll, expect, test } from "vitest";
import { ExpressAuth, getSession, type ExpressAuthConfig } from "@latch/express";
import Credentials from "@latch/core/providers/credentials";

const warnings: string[] = [];
const config: ExpressAuthConfig = {
  secret: "config-once-test-secret-0123456789-abcdef",
  trustHost: true,
  debug: true,
  logger: { warn: (code) => void warnings.push(code), debug: () => {}, error: () => {} },
  providers: [Credentials({ authorize: () => null })],
};
let server: Server;
let origin: string;

beforeAll(async () => {
  const app = express();
  app.use("/auth", ExpressAuth(config));
  app.get("/me", async (req, res) => res.json(await getSession(req, config)));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

test("the debug-enabled warning is logged once for the middleware and getSession together", async () => {
  expect(await (await fetch(`${origin}/auth/session`)).json()).toBeNull();
  expect(await (await fetch(`${origin}/me`)).json()).toBeNull();
  expect(await (await fetch(`${origin}/auth/providers`)).json()).toHaveProperty("credentials");
  expect(warnings).toEqual(["debug-enabled"]);
});
