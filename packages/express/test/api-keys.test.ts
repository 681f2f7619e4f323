/**
 * API keys through Express over real HTTP, keys stored with `@latch/pg` on PGlite: `getSession`
 * reads a key sent as `x-api-key` or `Authorization: Bearer`, the mounted `GET /auth/session`
 * answers a refused key with its JSON, and an app route requires a scope with `verifyApiKey`.
 */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { PGlite } from "@electric-sql/pglite";
import { PostgresAdapter, migrate } from "@latch/pg";
import { afterAll, beforeAll, expect, test } from "vitest";
import { ExpressAuth, getSession, type ExpressAuthConfig } from "@latch/express";
import { ApiKeys, createApiKey, revokeApiKey, verifyApiKey } from "@latch/core/api-keys";
import { AuthError } from "@latch/core/errors";
import Credentials from "@latch/core/providers/credentials";

const db = new PGlite();
const owner = { type: "user", id: "user-1" } as const;
const config: ExpressAuthConfig = {
  secret: "api-keys-express-test-secret-0123456789-abcdef",
  trustHost: true,
  adapter: PostgresAdapter(db),
  session: { strategy: "database" },
  apiKeys: ApiKeys(),
  logger: { warn: () => {}, debug: () => {}, error: () => {} },
  providers: [Credentials({ authorize: () => null })],
};
let server: Server;
let origin: string;

beforeAll(async () => {
  await migrate(db);
  await db.query(`INSERT INTO users (id, email) VALUES ('user-1', 'ada@example.com')`);
  const app = express();
  app.use("/auth", ExpressAuth(config));
  app.get("/me", async (req, res) => {
    const session = await getSession(req, config);
    if (!session) return res.status(401).json({ error: "NotSignedIn" });
    res.json(session);
  });
  app.get("/orders", async (req, res) => {
    try {
      const key = await verifyApiKey(config, new Request(`http://${req.headers.host}${req.url}`, { headers: req.headers as Record<string, string> }), { scopes: ["orders:read"] });
      res.json({ orders: [], for: key.owner.id });
    } catch (error) {
      if (!(error instanceof AuthError) || !("status" in error)) throw error;
      res.status(error.status as number).json({ error: error.type });
    }
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await db.close();
});

test("a key reads its owner's session in getSession; revoked, it is refused with clear JSON", async () => {
  const { key, apiKey } = await createApiKey(config, owner, { name: "curl", scopes: ["orders:read"] });
  for (const headers of [{ "x-api-key": key }, { authorization: `Bearer ${key}` }] as Record<string, string>[]) {
    const me = await fetch(`${origin}/me`, { headers });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ user: { id: "user-1" }, apiKey: { id: apiKey.id, scopes: ["orders:read"], owner } });
  }
  expect(await (await fetch(`${origin}/orders`, { headers: { "x-api-key": key } })).json()).toEqual({ orders: [], for: "user-1" });

  expect(await revokeApiKey(config, owner, apiKey.id)).toBe(true);
  const session = await fetch(`${origin}/auth/session`, { headers: { "x-api-key": key } });
  expect(session.status).toBe(401);
  expect(await session.json()).toEqual({ error: "InvalidApiKey", message: "The API key is not valid." });
  expect((await fetch(`${origin}/me`, { headers: { "x-api-key": key } })).status).toBe(401);
  expect(await (await fetch(`${origin}/orders`, { headers: { "x-api-key": key } })).json()).toEqual({ error: "InvalidApiKey" });
});

test("a key without the route's scope is refused 403 ApiKeyScopeMissing; an expired one 401 ApiKeyExpired", async () => {
  const { key } = await createApiKey(config, owner, { name: "narrow", scopes: ["billing:read"] });
  const narrow = await fetch(`${origin}/orders`, { headers: { "x-api-key": key } });
  expect(narrow.status).toBe(403);
  expect(await narrow.json()).toEqual({ error: "ApiKeyScopeMissing" });
  const { key: expiring, apiKey } = await createApiKey(config, owner, { name: "expiring", expires: new Date(Date.now() + 60_000) });
  await db.query(`UPDATE api_keys SET expires = now() - interval '1 second' WHERE id = $1`, [apiKey.id]);
  const expired = await fetch(`${origin}/auth/session`, { headers: { "x-api-key": expiring } });
  expect(expired.status).toBe(401);
  expect(((await expired.json()) as { error: string }).error).toBe("ApiKeyExpired");
});
