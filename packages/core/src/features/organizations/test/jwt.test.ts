/**
 * `Organizations()` with JWT sessions over real HTTP, on PGlite with `@latch/pg`: the
 * configuration without `JwtRevocation()` is refused with a configuration error; with it (its
 * store in real Redis), the active organization is a claim of the token, and a removed member's
 * tokens are refused at once; the switcher page's form switches by writing a new token, and the
 * members page shows the claim's organization.
 */
import { randomUUID } from "node:crypto";
import { Organizations } from "@latch/core/organizations";
import { JwtRevocation } from "@latch/core/revocation";
import { migrate } from "@latch/pg";
import { RedisRevocationStore } from "@latch/redis";
import { needService, services, startSmtpServer, type SmtpTestServer } from "@latch/testing";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { pgEngines, serveLatch, type Engine, type LatchServer } from "../../access-tokens/test/harness.js";
import { Browser, countedAdapter, organizationsConfig, people, seedPeople } from "./harness.js";

const openPglite = (await pgEngines())[0]![1];
const redisUp = await needService(services.redis);

describe("organizations with JWT sessions", () => {
  let engine: Engine;
  let latch: LatchServer;
  let smtp: SmtpTestServer;
  const redis = new Redis({ host: services.redis.host, port: services.redis.port, lazyConnect: true });
  const prefix = `latch-orgs-${randomUUID().slice(0, 8)}:`;
  let configOf: (revocation: boolean) => ReturnType<typeof organizationsConfig>;

  beforeAll(async () => {
    engine = await openPglite();
    await migrate(engine.db as never);
    await seedPeople(engine);
    smtp = await startSmtpServer();
    const { adapter } = countedAdapter(engine.db);
    const option = Organizations();
    configOf = (revocation) =>
      organizationsConfig(adapter, smtp, {
        organizations: option,
        session: revocation ? { strategy: "jwt", revocation: JwtRevocation({ store: RedisRevocationStore(redis, { prefix }), cacheSeconds: 0 }) } : { strategy: "jwt" },
      });
    latch = await serveLatch(configOf(redisUp));
  });
  afterAll(async () => {
    await latch.close();
    await smtp.close();
    await engine.close();
    if (redisUp) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
    }
    redis.disconnect();
  });

  test("without JwtRevocation() every organization endpoint answers a configuration error naming what to add", async () => {
    const logged: string[] = [];
    latch.config = { ...configOf(false), logger: { error: (code, ...rest) => void logged.push(`${code} ${rest.map((part) => (part instanceof Error ? part.message : String(part))).join(" ")}`), warn: () => {}, debug: () => {} } };
    try {
      const alice = await new Browser(latch.origin).signIn("alice");
      for (const response of [await alice.get("organizations"), await alice.post("organizations/create", { name: "Nope", slug: "nope" })]) {
        expect(response.status).toBe(500);
        expect(await response.json()).toEqual({ error: "Configuration" });
      }
      expect(logged.join("\n")).toContain("InvalidOrganizations");
      expect(logged.join("\n")).toContain("JwtRevocation()");
      expect((await engine.db.query(`SELECT 1 FROM organizations WHERE slug = 'nope'`)).rows).toEqual([]);
    } finally {
      latch.config = configOf(redisUp);
    }
  });

  test.skipIf(!redisUp)("the active organization is a claim; a removed member's token is refused at once", async () => {
    const alice = await new Browser(latch.origin).signIn("alice");
    const bob = await new Browser(latch.origin).signIn("bob");
    const made = await alice.post("organizations/create", { name: "Jwt Org", slug: "jwt-org" });
    const { organization } = (await made.json()) as { organization: { id: string } };
    await alice.post("organizations/invitations/create", { organizationId: organization.id, email: people.bob.email });
    const link = new URL((await smtp.waitForMail({ to: people.bob.email })).urls.find((url) => url.includes("/invitations/accept"))!);
    expect((await bob.post("organizations/invitations/accept", { id: link.searchParams.get("id"), token: link.searchParams.get("token") })).status).toBe(200);
    const switched = await bob.post("organizations/switch", { organizationId: organization.id });
    expect(await switched.json()).toEqual({ organization: { id: organization.id, slug: "jwt-org", role: "member" } });
    expect((await bob.session())?.organization).toEqual({ id: organization.id, slug: "jwt-org", role: "member" });
    // Switching to an organization of which bob is no member is refused.
    const other = (await (await alice.post("organizations/create", { name: "Other", slug: "jwt-other" })).json()) as { organization: { id: string } };
    expect((await bob.post("organizations/switch", { organizationId: other.organization.id })).status).toBe(404);

    // The owner's own token keeps working and carries her role after she switches.
    await alice.post("organizations/switch", { organizationId: organization.id });
    expect((await alice.session())?.organization?.role).toBe("owner");

    expect((await alice.post("organizations/members/remove", { organizationId: organization.id, userId: people.bob.id })).status).toBe(200);
    expect(await bob.session()).toBeNull();
    expect((await alice.session())?.organization?.role).toBe("owner");
  });

  test.skipIf(!redisUp)("the switcher page's form writes the new claim into the session cookie; the members page reads it", async () => {
    const carol = await new Browser(latch.origin).signIn("carol");
    const made = (await (await carol.post("organizations/create", { name: "Page Org", slug: "jwt-page-org" })).json()) as { organization: { id: string } };
    expect((await carol.session())?.organization ?? null).toBeNull();
    const before = carol.jar.header();
    const csrfToken = await carol.csrf();
    const switched = await carol.get("organizations/switch", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
      body: new URLSearchParams({ csrfToken, organizationId: made.organization.id }),
    });
    expect(switched.status).toBe(302);
    expect(switched.headers.getSetCookie().some((cookie) => /session-token=[^;]+/.test(cookie))).toBe(true);
    expect(carol.jar.header()).not.toBe(before);
    expect((await carol.session())?.organization).toEqual({ id: made.organization.id, slug: "jwt-page-org", role: "owner" });
    const switcher = await (await carol.get("organizations", { headers: { accept: "text/html" } })).text();
    expect(switcher).toContain("<strong>Page Org</strong>");
    expect(switcher).toMatch(/<strong class="active">/);
    const members = await carol.get(`organizations/members?organizationId=${made.organization.id}`, { headers: { accept: "text/html" } });
    expect(members.status).toBe(200);
    expect(await members.text()).toContain(people.carol.email);
  });
});
