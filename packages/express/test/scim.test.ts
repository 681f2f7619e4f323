/**
 * SCIM provisioning through Express over real HTTP, stored with `@latch/pg` on PGlite: Okta's
 * create and deactivation sent as `application/scim+json`, read raw by the integration, and again
 * behind an app-wide `express.json()` that also parses `application/scim+json` (the integration
 * sends the parsed body on). Deactivation signs the user's browser out: its session cookie reads
 * `null` at the next request.
 */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { PGlite } from "@electric-sql/pglite";
import { PostgresAdapter, migrate } from "@latch/pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ExpressAuth, type ExpressAuthConfig } from "@latch/express";
import { ApiKeys, createApiKey } from "@latch/core/api-keys";
import { Organizations } from "@latch/core/organizations";
import { Scim } from "@latch/core/scim";
import type { OrganizationAdapter } from "@latch/core/adapters";
import Credentials from "@latch/core/providers/credentials";

const db = new PGlite();
const adapter = PostgresAdapter(db) as ReturnType<typeof PostgresAdapter> & OrganizationAdapter;
const config: ExpressAuthConfig = {
  secret: "scim-express-test-secret-0123456789-abcdef",
  trustHost: true,
  adapter,
  session: { strategy: "database" },
  organizations: Organizations(),
  apiKeys: ApiKeys(),
  scim: Scim(),
  logger: { warn: () => {}, debug: () => {}, error: () => {} },
  providers: [Credentials({ authorize: () => null })],
};
const servers: Server[] = [];
let key: string;

async function serve(parseJson: boolean): Promise<string> {
  const app = express();
  if (parseJson) app.use(express.json({ type: ["application/json", "application/scim+json"] }));
  app.use("/auth", ExpressAuth(config));
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  await migrate(db);
  for (const [id, email] of [["owner-1", "owner@example.com"], ["ada-1", "ada@example.com"], ["bea-1", "bea@example.com"]]) {
    await db.query(`INSERT INTO users (id, email, "emailVerified") VALUES ($1, $2, now())`, [id, email]);
  }
  const now = new Date();
  await adapter.createOrganization({ id: "org-1", name: "Acme", slug: "acme", metadata: null, createdAt: now }, { organizationId: "org-1", userId: "owner-1", role: "owner", createdAt: now });
  key = (await createApiKey(config, { type: "organization", id: "org-1" }, { name: "okta", scopes: ["scim"] })).key;
});
afterAll(async () => {
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
  await db.close();
});

describe.each([
  ["the raw body", false, "ada"],
  ["a body express.json() parsed first", true, "bea"],
])("SCIM through Express, %s", (_what, parseJson, person) => {
  test("Okta creates the user, then deactivates it: the membership ends and the browser is signed out", async () => {
    const origin = await serve(parseJson);
    const email = `${person}@example.com`;
    const token = `token-${person}-${"0".repeat(40)}`;
    await db.query(`INSERT INTO sessions ("userId", expires, "sessionToken") VALUES ($1, $2, $3)`, [`${person}-1`, new Date(Date.now() + 86_400_000), token]);
    // A member already (an account is linked only within its organization).
    await db.query(`INSERT INTO members ("organizationId", "userId", role, "createdAt") VALUES ('org-1', $1, 'member', now())`, [`${person}-1`]);
    const session = () => fetch(`${origin}/auth/session`, { headers: { cookie: `authjs.session-token=${token}` } }).then((r) => r.json() as Promise<{ user?: { email: string } } | null>);
    expect((await session())?.user?.email).toBe(email);

    const scim = (path: string, method: string, body: unknown) =>
      fetch(`${origin}/auth/scim/v2/${path}`, { method, headers: { authorization: `Bearer ${key}`, "content-type": "application/scim+json" }, body: JSON.stringify(body) });
    const created = await scim("Users", "POST", { schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"], userName: email, emails: [{ value: email, primary: true }], active: true });
    expect(created.status).toBe(201);
    expect(created.headers.get("content-type")).toBe("application/scim+json");
    expect(await created.json()).toMatchObject({ id: `${person}-1`, userName: email, active: true });
    expect((await db.query(`SELECT role FROM members WHERE "organizationId" = 'org-1' AND "userId" = $1`, [`${person}-1`])).rows).toEqual([{ role: "member" }]);

    const off = await scim(`Users/${person}-1`, "PATCH", { schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"], Operations: [{ op: "replace", value: { active: false } }] });
    expect(off.status).toBe(200);
    expect((await db.query(`SELECT role FROM members WHERE "organizationId" = 'org-1' AND "userId" = $1`, [`${person}-1`])).rows).toEqual([]);
    expect(await session()).toBeNull();
  });
});
