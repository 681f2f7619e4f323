/**
 * A stand-in for SvelteKit's cookie jar is used here (SvelteKit creates its jar inside the request
 * handling and does not export it): an empty jar, as a script that keeps no cookies has. The
 * session read that `locals.auth()` runs, served over real HTTP by node:http and given the
 * request's `Authorization` and `x-api-key` as `handle` gives them, reads an API key's session;
 * revoked, it reads none. Keys are stored with `@latch/pg` on PGlite.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Cookies } from "@sveltejs/kit";
import { PGlite } from "@electric-sql/pglite";
import { PostgresAdapter, migrate } from "@latch/pg";
import Credentials from "@latch/core/providers/credentials";
import { ApiKeys, createApiKey, revokeApiKey } from "@latch/core/api-keys";
import { afterAll, beforeAll, expect, it } from "vitest";
import { readSession } from "../src/session.js";
import type { PreparedConfig } from "../src/config.js";

const db = new PGlite();
const owner = { type: "user", id: "user-1" } as const;
const emptyJar = { getAll: () => [], set: () => {} } as unknown as Cookies;
const config: PreparedConfig = {
  secret: "api-keys-sveltekit-test-secret-0123456789abcdef",
  trustHost: true,
  basePath: "/auth",
  adapter: PostgresAdapter(db),
  session: { strategy: "database" },
  apiKeys: ApiKeys(),
  providers: [Credentials({ authorize: () => null })],
  logger: { error: () => {}, warn: () => {}, debug: () => {} },
};
let server: Server;
let origin: string;

beforeAll(async () => {
  await migrate(db);
  await db.query(`INSERT INTO users (id, email) VALUES ('user-1', 'ada@example.com')`);
  server = createServer(async (req, res) => {
    const header = (name: string) => (typeof req.headers[name] === "string" ? (req.headers[name] as string) : null);
    const session = await readSession(emptyJar, origin, config, header("authorization"), header("x-api-key"));
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

it("reads a key's session from x-api-key and from a bearer header, and none once it is revoked", async () => {
  const { key, apiKey } = await createApiKey(config, owner, { name: "script", scopes: ["orders:read"] });
  for (const headers of [{ "x-api-key": key }, { authorization: `Bearer ${key}` }] as Record<string, string>[]) {
    const response = await fetch(`${origin}/me`, { headers });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ user: { id: "user-1" }, apiKey: { id: apiKey.id, name: "script", scopes: ["orders:read"], owner } });
  }
  await revokeApiKey(config, owner, apiKey.id);
  expect((await fetch(`${origin}/me`, { headers: { "x-api-key": key } })).status).toBe(401);
  expect((await fetch(`${origin}/me`)).status).toBe(401);
});
