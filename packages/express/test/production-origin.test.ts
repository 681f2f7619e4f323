/**
 * The Express walkthrough in production: without AUTH_URL or AUTH_TRUST_HOST the host of a request
 * is not trusted, which is a configuration error (the Configuration page, no stack trace in the
 * answer) naming both settings; with AUTH_URL set the pages work, and an AUTH_URL naming another
 * host than the one the browser reached is warned about once. On a real socket.
 */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { afterAll, afterEach, beforeEach, describe, expect, test } from "vitest";
import { ExpressAuth, type ExpressAuthConfig } from "@latch/express";
import Credentials from "@latch/core/providers/credentials";

const servers: Server[] = [];
const saved = { NODE_ENV: process.env.NODE_ENV, AUTH_URL: process.env.AUTH_URL, AUTH_TRUST_HOST: process.env.AUTH_TRUST_HOST };

beforeEach(() => {
  process.env.NODE_ENV = "production";
  delete process.env.AUTH_URL;
  delete process.env.AUTH_TRUST_HOST;
});
afterEach(() => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});
afterAll(() => Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve())))));

interface Logs { error: string[]; warn: string[] }

async function start(env: Record<string, string> = {}): Promise<{ origin: string; logs: Logs }> {
  Object.assign(process.env, env);
  const logs: Logs = { error: [], warn: [] };
  const config: ExpressAuthConfig = {
    secret: "production-origin-test-secret-0123456789",
    logger: {
      error: (code, error) => void logs.error.push(`${code}: ${(error as Error).message}`),
      warn: (code, message) => void logs.warn.push(`${code}: ${String(message)}`),
      debug: () => {},
    },
    providers: [Credentials({ credentials: { username: { label: "Username" } }, authorize: () => null })],
  };
  const app = express();
  app.use("/auth", ExpressAuth(config));
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  servers.push(server);
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, logs };
}

describe("Express in production", () => {
  test("no AUTH_URL, no AUTH_TRUST_HOST: the Configuration page, and the log names both settings", async () => {
    const { origin, logs } = await start();
    const response = await fetch(`${origin}/auth/signin`);
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toMatch(/configuration/i);
    expect(html).not.toMatch(/\n\s+at /);
    expect(logs.error).toEqual([expect.stringMatching(/^UntrustedHost: .*AUTH_TRUST_HOST.*AUTH_URL/)]);
  });

  test("AUTH_URL set to the address used: the sign-in page answers", async () => {
    const { origin, logs } = await start();
    // The environment is read at the first request, so the port is known by then.
    process.env.AUTH_URL = origin;
    const response = await fetch(`${origin}/auth/signin`);
    expect(response.status).toBe(200);
    expect(logs.error).toEqual([]);
    expect(logs.warn.filter((w) => w.startsWith("site-url-mismatch"))).toEqual([]);
  });

  test("an AUTH_URL naming another host: one warning, however many requests", async () => {
    const { origin, logs } = await start({ AUTH_URL: "http://localhost:1" });
    for (let i = 0; i < 3; i++) await (await fetch(`${origin}/auth/signin`)).text();
    const warnings = logs.warn.filter((w) => w.startsWith("site-url-mismatch"));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("http://localhost:1");
    expect(warnings[0]).toContain(origin.slice("http://".length));
  });

  test("through a proxy (a forwarding header) the Host is not compared", async () => {
    const { origin, logs } = await start({ AUTH_URL: "http://localhost:1" });
    await (await fetch(`${origin}/auth/signin`, { headers: { "x-forwarded-for": "203.0.113.9" } })).text();
    expect(logs.warn.filter((w) => w.startsWith("site-url-mismatch"))).toEqual([]);
  });
});
