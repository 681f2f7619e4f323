/**
 * The SCIM row's rate limit (route `provisioning`) and the token's own per-key limit, over real
 * HTTP with `@latch/pg` on PGlite: past either, the identity provider is answered 429 with
 * `Retry-After`, and nothing more is read or written.
 */
import { ApiKeys, createApiKey } from "@latch/core/api-keys";
import { Organizations } from "@latch/core/organizations";
import { RateLimit } from "@latch/core/rate-limit";
import { Scim } from "@latch/core/scim";
import { migrate } from "@latch/pg";
import { startSmtpServer, type SmtpTestServer } from "@latch/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { pgEngines, serveLatch, type Engine, type LatchServer } from "../../access-tokens/test/harness.js";
import { Browser, countedAdapter, organizationsConfig, seedPeople } from "../../organizations/test/harness.js";

const openPglite = (await pgEngines())[0]![1];

describe("SCIM rate limits", () => {
  let engine: Engine;
  let latch: LatchServer;
  let smtp: SmtpTestServer;
  let organizationId: string;

  beforeAll(async () => {
    engine = await openPglite();
    await migrate(engine.db as never);
    await seedPeople(engine);
    smtp = await startSmtpServer();
    const config = organizationsConfig(countedAdapter(engine.db).adapter, smtp, { organizations: Organizations(), apiKeys: ApiKeys({ limit: { max: 3, window: 60 } }), scim: Scim() });
    latch = await serveLatch(config);
    const alice = await new Browser(latch.origin).signIn("alice");
    organizationId = ((await (await alice.post("organizations/create", { name: "Limits", slug: "scim-limits" })).json()) as { organization: { id: string } }).organization.id;
  });
  afterAll(async () => {
    await latch.close();
    await smtp.close();
    await engine.close();
  });

  const get = (key: string) => fetch(`${latch.origin}/auth/scim/v2/Users`, { headers: { authorization: `Bearer ${key}` } });

  test("the token's own limit: the fourth request in the window is 429 with the SCIM error body", async () => {
    const { key } = await createApiKey(latch.config, { type: "organization", id: organizationId }, { name: "okta", scopes: ["scim"] });
    for (let i = 0; i < 3; i++) expect((await get(key)).status).toBe(200);
    const refused = await get(key);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBeTruthy();
    expect(await refused.json()).toMatchObject({ schemas: ["urn:ietf:params:scim:api:messages:2.0:Error"], status: "429" });
  });

  test("the row's route, provisioning: past its limit a request is refused before its token is read", async () => {
    const base = latch.config;
    latch.config = { ...base, apiKeys: ApiKeys(), rateLimit: RateLimit({ routes: { provisioning: { ip: 2 } }, keyPrefix: `scim-${Date.now()}-${Math.random()}:` }) };
    try {
      const { key } = await createApiKey(latch.config, { type: "organization", id: organizationId }, { name: "entra", scopes: ["scim"] });
      expect((await get(key)).status).toBe(200);
      expect((await get(key)).status).toBe(200);
      const refused = await get(key);
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBeTruthy();
    } finally {
      latch.config = base;
    }
  });
});
