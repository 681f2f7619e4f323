/**
 * SCIM groups kept as teams (`Scim({ groupTeams: true })` with `Organizations({ teams: true })`),
 * over real HTTP with `@latch/pg` on PGlite: the team is made, renamed and deleted with its group,
 * its members are the group's members who are members of the organization, and a deactivated
 * user leaves it and comes back with the reactivation.
 */
import { ApiKeys, createApiKey } from "@latch/core/api-keys";
import { Organizations } from "@latch/core/organizations";
import { Scim } from "@latch/core/scim";
import { migrate } from "@latch/pg";
import { startSmtpServer, type SmtpTestServer } from "@latch/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { pgEngines, serveLatch, type Engine, type LatchServer } from "../../access-tokens/test/harness.js";
import { Browser, countedAdapter, organizationsConfig, seedPeople } from "../../organizations/test/harness.js";
import * as okta from "./okta.js";

const openPglite = (await pgEngines())[0]![1];

describe("SCIM groups kept as teams", () => {
  let engine: Engine;
  let latch: LatchServer;
  let smtp: SmtpTestServer;
  let organizationId: string;
  let key: string;

  const scim = async (path: string, method = "GET", body?: unknown) => {
    const response = await fetch(`${latch.origin}/auth/scim/v2/${path}`, { method, headers: { authorization: `Bearer ${key}`, "content-type": okta.scimContentType }, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as { id: string; displayName?: string } };
  };
  const teams = async () =>
    (await engine.db.query(`SELECT t.name, coalesce(array_agg(tm."userId" ORDER BY tm."userId") FILTER (WHERE tm."userId" IS NOT NULL), '{}') AS members FROM teams t LEFT JOIN team_members tm ON tm."teamId" = t.id WHERE t."organizationId" = $1 GROUP BY t.name ORDER BY t.name`, [organizationId])).rows;

  beforeAll(async () => {
    engine = await openPglite();
    await migrate(engine.db as never);
    await seedPeople(engine);
    smtp = await startSmtpServer();
    const config = organizationsConfig(countedAdapter(engine.db).adapter, smtp, { organizations: Organizations({ teams: true }), apiKeys: ApiKeys(), scim: Scim({ groupTeams: true }) });
    latch = await serveLatch(config);
    const alice = await new Browser(latch.origin).signIn("alice");
    const created = await alice.post("organizations/create", { name: "Teams Org", slug: "scim-teams" });
    organizationId = ((await created.json()) as { organization: { id: string } }).organization.id;
    key = (await createApiKey(config, { type: "organization", id: organizationId }, { name: "okta", scopes: ["scim"] })).key;
  });
  afterAll(async () => {
    await latch.close();
    await smtp.close();
    await engine.close();
  });

  test("a group's team follows its name and members; deactivation takes a user out, reactivation puts them back", async () => {
    const one = (await scim("Users", "POST", okta.createUser("one@example.org", "One", "Member"))).body.id;
    const two = (await scim("Users", "POST", okta.createUser("two@example.org", "Two", "Member"))).body.id;
    const group = await scim("Groups", "POST", { ...okta.createGroup("Support"), members: [{ value: one }] });
    expect(group.status).toBe(201);
    expect(await teams()).toEqual([{ name: "Support", members: [one] }]);

    await scim(`Groups/${group.body.id}`, "PATCH", okta.addMembers([{ value: two, display: "two@example.org" }]));
    expect(await teams()).toEqual([{ name: "Support", members: [one, two].sort() }]);

    await scim(`Users/${two}`, "PATCH", okta.setActive(false));
    expect(await teams()).toEqual([{ name: "Support", members: [one] }]);
    await scim(`Users/${two}`, "PATCH", okta.setActive(true));
    expect(await teams()).toEqual([{ name: "Support", members: [one, two].sort() }]);

    await scim(`Groups/${group.body.id}`, "PATCH", okta.renameGroup(group.body.id, "Customer Care"));
    await scim(`Groups/${group.body.id}`, "PATCH", okta.removeMember(one));
    expect(await teams()).toEqual([{ name: "Customer Care", members: [two] }]);

    expect((await scim(`Groups/${group.body.id}`, "DELETE")).status).toBe(204);
    expect(await teams()).toEqual([]);
  });

  test("groupTeams without Organizations({ teams: true }) is a configuration error naming what to add", async () => {
    const logged: string[] = [];
    const config = organizationsConfig(countedAdapter(engine.db).adapter, smtp, {
      organizations: Organizations(),
      apiKeys: ApiKeys(),
      scim: Scim({ groupTeams: true }),
      logger: { error: (code: string, error: unknown) => logged.push(`${code} ${String(error)}`), warn: () => {}, debug: () => {} },
    });
    const server = await serveLatch(config);
    try {
      expect((await fetch(`${server.origin}/auth/scim/v2/Groups`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(500);
      expect(logged.join("\n")).toContain("Organizations({ teams: true })");
    } finally {
      await server.close();
    }
  });
});
