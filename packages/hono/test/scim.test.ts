/**
 * SCIM provisioning through `@latch/hono` on Node (`@hono/node-server`, a real socket), stored
 * with `@latch/pg` on PGlite: Okta's create, its PATCH deactivation and Entra's DELETE reach
 * Latch with their methods and `application/scim+json` bodies, and the deactivated user's
 * session cookie reads `null` at its next request.
 */
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { getConnInfo } from "@hono/node-server/conninfo";
import { PGlite } from "@electric-sql/pglite";
import { ApiKeys, createApiKey } from "@latch/core/api-keys";
import type { OrganizationAdapter } from "@latch/core/adapters";
import { Organizations } from "@latch/core/organizations";
import Credentials from "@latch/core/providers/credentials";
import { Scim } from "@latch/core/scim";
import { authHandler, initAuthConfig, type HonoAuthConfig } from "@latch/hono";
import { PostgresAdapter, migrate } from "@latch/pg";
import { Hono } from "hono";
import { afterAll, beforeAll, expect, test } from "vitest";

const db = new PGlite();
const adapter = PostgresAdapter(db) as ReturnType<typeof PostgresAdapter> & OrganizationAdapter;
const config: HonoAuthConfig = {
  secret: "scim-hono-test-secret-0123456789-abcdef-0123",
  trustHost: true,
  basePath: "/auth",
  adapter,
  session: { strategy: "database" },
  organizations: Organizations(),
  apiKeys: ApiKeys(),
  scim: Scim(),
  logger: { warn: () => {}, debug: () => {}, error: () => {} },
  providers: [Credentials({ authorize: () => null })],
};
let server: ServerType;
let origin: string;
let key: string;

beforeAll(async () => {
  await migrate(db);
  for (const [id, email] of [["owner-1", "owner@example.com"], ["ada-1", "ada@example.com"]]) await db.query(`INSERT INTO users (id, email, "emailVerified") VALUES ($1, $2, now())`, [id, email]);
  const now = new Date();
  await adapter.createOrganization({ id: "org-1", name: "Acme", slug: "acme", metadata: null, createdAt: now }, { organizationId: "org-1", userId: "owner-1", role: "owner", createdAt: now });
  key = (await createApiKey(config, { type: "organization", id: "org-1" }, { name: "okta", scopes: ["scim"] })).key;
  const app = new Hono();
  app.use("*", initAuthConfig(config));
  app.use("/auth/*", authHandler({ getConnInfo }));
  server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await db.close();
});

test("create, PATCH active false (the browser signed out), DELETE", async () => {
  const token = `token-ada-${"0".repeat(40)}`;
  await db.query(`INSERT INTO sessions ("userId", expires, "sessionToken") VALUES ('ada-1', $1, $2)`, [new Date(Date.now() + 86_400_000), token]);
  // A member already (an account is linked only within its organization).
  await db.query(`INSERT INTO members ("organizationId", "userId", role, "createdAt") VALUES ('org-1', 'ada-1', 'member', now())`);
  const session = () => fetch(`${origin}/auth/session`, { headers: { cookie: `authjs.session-token=${token}` } }).then((r) => r.json() as Promise<{ user?: { email: string } } | null>);
  expect((await session())?.user?.email).toBe("ada@example.com");
  const scim = (path: string, method: string, body?: unknown) =>
    fetch(`${origin}/auth/scim/v2/${path}`, { method, headers: { authorization: `Bearer ${key}`, "content-type": "application/scim+json" }, body: body === undefined ? undefined : JSON.stringify(body) });

  expect((await scim("Users", "POST", { schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"], userName: "ada@example.com", active: true })).status).toBe(201);
  const off = await scim("Users/ada-1", "PATCH", { schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"], Operations: [{ op: "replace", value: { active: false } }] });
  expect(off.status).toBe(200);
  expect(await off.json()).toMatchObject({ active: false });
  expect(await session()).toBeNull();
  expect((await scim("Users/ada-1", "DELETE")).status).toBe(204);
  expect((await scim("Users/ada-1", "GET")).status).toBe(404);
});
