/**
 * Without a secret, `getSession` throws the seed's `MissingSecretError` (not a plain `Error`),
 * while the middleware answers the Configuration error page (status 500), as Auth.js does.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { AuthError, ExpressAuth, MissingSecretError, getSession, type ExpressAuthConfig } from "@latch/express";
import Credentials from "@latch/core/providers/credentials";

const logged: string[] = [];
const config: ExpressAuthConfig = {
  trustHost: true,
  logger: { error: (code) => logged.push(String(code)), warn: () => {}, debug: () => {} },
  providers: [Credentials({ authorize: () => null })],
};

let server: Server;
let origin: string;
let previous: string | undefined;

beforeAll(async () => {
  previous = process.env.AUTH_SECRET;
  delete process.env.AUTH_SECRET;
  const app = express();
  app.use("/auth", ExpressAuth(config));
  app.get("/me", async (req, res) => {
    try {
      res.json(await getSession(req, config));
    } catch (error) {
      const e = error as AuthError;
      res.status(500).json({ name: e.name, type: e.type, isMissingSecret: e instanceof MissingSecretError, isAuthError: e instanceof AuthError, message: e.message });
    }
  });
  server = await new Promise((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  if (previous !== undefined) process.env.AUTH_SECRET = previous;
  await new Promise((resolve) => server?.close(resolve));
});

describe("no secret", () => {
  test("getSession throws MissingSecretError, type MissingSecret, naming the fix", async () => {
    const body = (await (await fetch(`${origin}/me`)).json()) as Record<string, unknown>;
    expect(body).toMatchObject({ name: "MissingSecret", type: "MissingSecret", isMissingSecret: true, isAuthError: true });
    expect(body.message).toContain("AUTH_SECRET");
  });

  test("the middleware answers the Configuration error page instead of throwing", async () => {
    const response = await fetch(`${origin}/auth/signin`, { redirect: "manual" });
    expect(response.status).toBe(500);
    expect(response.headers.get("content-type")).toMatch(/text\/html/);
    expect(await response.text()).toMatch(/configuration/i);
    expect(logged).toContain("MissingSecret");
  });
});
