/**
 * SCIM deprovisioning with JWT sessions, over real HTTP with `@latch/pg` on PGlite and the
 * revocation store on the real Redis: a deactivated user's browser, holding a JWT that is still
 * well inside its lifetime, is signed out at its next request; without `JwtRevocation()` the
 * configuration is refused at start.
 */
import { randomUUID } from "node:crypto";
import { ApiKeys, createApiKey } from "@latch/core/api-keys";
import { Organizations } from "@latch/core/organizations";
import { JwtRevocation } from "@latch/core/revocation";
import { Scim } from "@latch/core/scim";
import { migrate } from "@latch/pg";
import { RedisRevocationStore } from "@latch/redis";
import { needService, services, startSmtpServer, type SmtpTestServer } from "@latch/testing";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { pgEngines, serveLatch, type Engine, type LatchServer } from "../../access-tokens/test/harness.js";
import { Browser, countedAdapter, organizationsConfig, people, seedPeople } from "../../organizations/test/harness.js";
import * as okta from "./okta.js";

const openPglite = (await pgEngines())[0]![1];
const redisUp = await needService(services.redis);

describe("SCIM with JWT sessions", () => {
  let engine: Engine;
  let latch: LatchServer;
  let smtp: SmtpTestServer;
  const redis = new Redis({ host: services.redis.host, port: services.redis.port, lazyConnect: true });
  const prefix = `latch-scim-${randomUUID().slice(0, 8)}:`;

  beforeAll(async () => {
    engine = await openPglite();
    await migrate(engine.db as never);
    await seedPeople(engine);
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await latch?.close();
    await smtp.close();
    await engine.close();
    if (redisUp) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
    }
    redis.disconnect();
  });

  test("without JwtRevocation() the configuration is refused, naming what to add", async () => {
    const logged: string[] = [];
    const config = organizationsConfig(countedAdapter(engine.db).adapter, smtp, {
      organizations: Organizations(),
      apiKeys: ApiKeys(),
      scim: Scim(),
      session: { strategy: "jwt" },
      logger: { error: (code: string, error: unknown) => logged.push(`${code} ${String(error)}`), warn: () => {}, debug: () => {} },
    });
    const server = await serveLatch(config);
    try {
      const response = await fetch(`${server.origin}/auth/scim/v2/Users`, { headers: { authorization: "Bearer latch_0123456789abcdef_" + "A".repeat(43) } });
      expect(response.status).toBe(500);
      expect(logged.join("\n")).toContain("Scim with JWT sessions needs session.revocation = JwtRevocation()");
    } finally {
      await server.close();
    }
  });

  test.skipIf(!redisUp)("a deactivated user's JWT session ends at its next request; the others' stay", async () => {
    const config = organizationsConfig(countedAdapter(engine.db).adapter, smtp, {
      organizations: Organizations(),
      apiKeys: ApiKeys(),
      scim: Scim(),
      session: { strategy: "jwt", revocation: JwtRevocation({ store: RedisRevocationStore(redis, { prefix }), cacheSeconds: 0 }) },
    });
    latch = await serveLatch(config);
    const alice = await new Browser(latch.origin).signIn("alice");
    const created = await alice.post("organizations/create", { name: "JWT Org", slug: "scim-jwt" });
    const organizationId = ((await created.json()) as { organization: { id: string } }).organization.id;
    const { key } = await createApiKey(config, { type: "organization", id: organizationId }, { name: "okta", scopes: ["scim"] });
    const scim = (path: string, method = "GET", body?: unknown) =>
      fetch(`${latch.origin}/auth/scim/v2/${path}`, { method, headers: { authorization: `Bearer ${key}`, "content-type": okta.scimContentType }, body: body === undefined ? undefined : JSON.stringify(body) });

    const dave = await new Browser(latch.origin).signIn("dave");
    const bob = await new Browser(latch.origin).signIn("bob");
    await engine.db.query(`INSERT INTO members ("organizationId", "userId", role, "createdAt") VALUES ($1, $2, 'member', now())`, [organizationId, people.dave.id]);
    expect((await scim("Users", "POST", okta.createUser(people.dave.email, "Dave", "Doe"))).status).toBe(201);
    expect((await dave.session())?.user?.email).toBe(people.dave.email);

    expect((await scim(`Users/${people.dave.id}`, "PATCH", okta.setActive(false))).status).toBe(200);
    expect(await dave.session()).toBeNull();
    expect((await bob.session())?.user?.email).toBe(people.bob.email);
    expect((await alice.session())?.user?.email).toBe(people.alice.email);
    expect((await engine.db.query(`SELECT count(*)::int AS n FROM members WHERE "organizationId" = $1 AND "userId" = $2`, [organizationId, people.dave.id])).rows).toEqual([{ n: 0 }]);

    // Reactivated: a member again; a new sign-in holds.
    expect((await scim(`Users/${people.dave.id}`, "PATCH", okta.setActive(true))).status).toBe(200);
    const back = await new Browser(latch.origin).signIn("dave");
    expect((await back.session())?.user?.email).toBe(people.dave.email);
  });
});
