/**
 * API keys through `auth(req, res)` of `@latch/next`, served over real HTTP by node:http (the
 * pages-router call, as an API route makes it), keys stored with `@latch/pg` on PGlite: a key
 * sent as `x-api-key` or `Authorization: Bearer` reads its owner's session; revoked, or with the
 * feature off, it reads none.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { PGlite } from "@electric-sql/pglite";
import { PostgresAdapter, migrate } from "@latch/pg";
import Credentials from "@latch/core/providers/credentials";
import { ApiKeys, createApiKey, revokeApiKey } from "@latch/core/api-keys";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createAuth } from "../src/auth.js";

const db = new PGlite();
const owner = { type: "user", id: "user-1" } as const;
// Typed by inference, so one object is both a NextAuthConfig (createAuth) and the AuthConfig the
// server API takes.
const config = (apiKeys: boolean) => ({
  secret: "api-keys-next-test-secret-0123456789abcdef",
  trustHost: true,
  adapter: PostgresAdapter(db),
  session: { strategy: "database" as const },
  providers: [Credentials({ authorize: () => null })],
  logger: { error: () => {}, warn: () => {}, debug: () => {} },
  ...(apiKeys ? { apiKeys: ApiKeys() } : {}),
});
const on = config(true);
let server: Server;
let origin: string;

beforeAll(async () => {
  await migrate(db);
  await db.query(`INSERT INTO users (id, email) VALUES ('user-1', 'ada@example.com')`);
  const auths = { on: createAuth(on), off: createAuth(config(false)) };
  server = createServer(async (req, res) => {
    const session = await auths[req.url === "/off" ? "off" : "on"](req as never, res as never);
    res.writeHead(session ? 200 : 401, { "content-type": "application/json" });
    res.end(JSON.stringify(session));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await db.close();
});

test("auth() reads a key's session from x-api-key and from a bearer header; not once revoked, nor with the feature off", async () => {
  const { key, apiKey } = await createApiKey(on, owner, { name: "cli", scopes: ["orders:read"] });
  for (const headers of [{ "x-api-key": key }, { authorization: `Bearer ${key}` }] as Record<string, string>[]) {
    const response = await fetch(`${origin}/me`, { headers });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ user: { id: "user-1" }, apiKey: { id: apiKey.id, name: "cli", scopes: ["orders:read"], owner } });
  }
  expect((await fetch(`${origin}/off`, { headers: { "x-api-key": key } })).status).toBe(401);
  await revokeApiKey(on, owner, apiKey.id);
  expect((await fetch(`${origin}/me`, { headers: { "x-api-key": key } })).status).toBe(401);
});
