/**
 * Teams of `Organizations({ teams: true })` over real HTTP, stored through `@latch/pg` on PGlite
 * and on PostgreSQL: made, renamed and deleted by an owner or admin, refused (403) to a member;
 * only members of the organization join; removing someone from the organization takes them out of
 * its teams at once; the events; and without `teams` no team endpoint at all.
 */
import type { AuthConfig } from "@latch/core";
import { Organizations } from "@latch/core/organizations";
import { migrate } from "@latch/pg";
import { startSmtpServer, type SmtpTestServer } from "@latch/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { pgEngines, serveLatch, type Engine, type LatchServer } from "../../access-tokens/test/harness.js";
import { Browser, countedAdapter, organizationsConfig, people, seedPeople } from "./harness.js";

const engines = await pgEngines();

describe.each(engines)("teams stored on %s", (_name, open, available) => {
  let engine: Engine;
  let latch: LatchServer;
  let smtp: SmtpTestServer;
  let alice: Browser, bob: Browser, carol: Browser;
  const events: string[] = [];
  const option = Organizations({
    teams: true,
    events: {
      teamCreated: ({ team }) => void events.push(`created ${team.name}`),
      teamDeleted: ({ team }) => void events.push(`deleted ${team.name}`),
      teamMemberAdded: ({ team, member }) => void events.push(`added ${member.userId} to ${team.name}`),
      teamMemberRemoved: ({ team, member }) => void events.push(`removed ${member.userId} from ${team.name}`),
    },
  });
  let configOf: (overrides?: Partial<AuthConfig>) => AuthConfig;

  /** An organization owned by alice with bob as a `member` and carol as an `admin`. */
  async function organization(slug: string): Promise<string> {
    const response = await alice.post("organizations/create", { name: slug, slug });
    expect(response.status).toBe(201);
    const id = ((await response.json()) as { organization: { id: string } }).organization.id;
    await engine.db.query(`INSERT INTO members ("organizationId", "userId", role, "createdAt") VALUES ($1, $2, 'member', now()), ($1, $3, 'admin', now())`, [id, people.bob.id, people.carol.id]);
    return id;
  }

  beforeAll(async () => {
    if (!available) return;
    engine = await open();
    await migrate(engine.db as never);
    await seedPeople(engine);
    smtp = await startSmtpServer();
    const { adapter } = countedAdapter(engine.db);
    configOf = (overrides = {}) => organizationsConfig(adapter, smtp, { organizations: option, ...overrides });
    latch = await serveLatch(configOf());
    [alice, bob, carol] = await Promise.all([new Browser(latch.origin).signIn("alice"), new Browser(latch.origin).signIn("bob"), new Browser(latch.origin).signIn("carol")]);
  });
  afterAll(async () => {
    if (!available) return;
    await latch.close();
    await smtp.close();
    await engine.close();
  });

  test.skipIf(!available)("an admin makes, renames and deletes a team (a name once per organization); a member is refused with 403 and changes nothing", async () => {
    const id = await organization("teams-made");
    const made = await carol.post("organizations/teams/create", { organizationId: id, name: "Support" });
    expect(made.status).toBe(201);
    const { team } = (await made.json()) as { team: { id: string; name: string; organizationId: string } };
    expect(team).toMatchObject({ name: "Support", organizationId: id });
    expect((await carol.post("organizations/teams/create", { organizationId: id, name: "Support" })).status).toBe(409);
    for (const [path, body] of [
      ["organizations/teams/create", { organizationId: id, name: "Mine" }],
      ["organizations/teams/update", { organizationId: id, teamId: team.id, name: "Renamed" }],
      ["organizations/teams/delete", { organizationId: id, teamId: team.id }],
      ["organizations/teams/members/add", { organizationId: id, teamId: team.id, userId: people.bob.id }],
    ] as const) {
      const refused = await bob.post(path, body);
      expect(refused.status, path).toBe(403);
      expect(await refused.json()).toMatchObject({ error: "OrganizationPermissionDenied" });
    }
    expect((await engine.db.query(`SELECT name FROM teams WHERE "organizationId" = $1`, [id])).rows).toEqual([{ name: "Support" }]);
    expect((await engine.db.query(`SELECT 1 FROM team_members WHERE "teamId" = $1`, [team.id])).rows).toEqual([]);
    // A member lists the teams; a non-member does not see them.
    const listed = await bob.get(`organizations/teams?organizationId=${id}`);
    expect(((await listed.json()) as { teams: { name: string }[] }).teams.map((t) => t.name)).toEqual(["Support"]);
    expect((await (await new Browser(latch.origin).signIn("dave")).get(`organizations/teams?organizationId=${id}`)).status).toBe(404);
    expect((await carol.post("organizations/teams/update", { organizationId: id, teamId: team.id, name: "Care" })).status).toBe(200);
    expect((await carol.post("organizations/teams/delete", { organizationId: id, teamId: team.id })).status).toBe(200);
    expect((await engine.db.query(`SELECT 1 FROM teams WHERE id = $1`, [team.id])).rows).toEqual([]);
    expect(events).toEqual(expect.arrayContaining(["created Support", "deleted Care"]));
  });

  test.skipIf(!available)("only members of the organization join a team; removing someone from the organization takes them out of its teams at once", async () => {
    const id = await organization("teams-members");
    const other = await organization("teams-elsewhere");
    const { team } = (await (await alice.post("organizations/teams/create", { organizationId: id, name: "Ops" })).json()) as { team: { id: string } };
    const outsider = await alice.post("organizations/teams/members/add", { organizationId: id, teamId: team.id, userId: people.dave.id });
    expect(outsider.status).toBe(404);
    expect(await outsider.json()).toMatchObject({ error: "MemberNotFound" });
    // A team of another organization is not reached through this one.
    expect((await alice.post("organizations/teams/members/add", { organizationId: other, teamId: team.id, userId: people.bob.id })).status).toBe(404);
    expect((await alice.post("organizations/teams/members/add", { organizationId: id, teamId: team.id, userId: people.bob.id })).status).toBe(201);
    expect((await alice.post("organizations/teams/members/add", { organizationId: id, teamId: team.id, userId: people.bob.id })).status).toBe(409);
    const members = await bob.get(`organizations/teams/members?organizationId=${id}&teamId=${team.id}`);
    expect(((await members.json()) as { members: { userId: string; email: string }[] }).members).toEqual([expect.objectContaining({ userId: people.bob.id, email: people.bob.email })]);
    const mine = await bob.get("organizations/teams/mine");
    expect(((await mine.json()) as { teams: { id: string }[] }).teams.map((t) => t.id)).toEqual([team.id]);
    expect((await alice.post("organizations/members/remove", { organizationId: id, userId: people.bob.id })).status).toBe(200);
    expect((await engine.db.query(`SELECT 1 FROM team_members WHERE "teamId" = $1`, [team.id])).rows).toEqual([]);
    expect(((await (await bob.get("organizations/teams/mine")).json()) as { teams: unknown[] }).teams).toEqual([]);
    expect(events).toContain(`added ${people.bob.id} to Ops`);
    await alice.post("organizations/teams/members/add", { organizationId: id, teamId: team.id, userId: people.carol.id });
    expect((await alice.post("organizations/teams/members/remove", { organizationId: id, teamId: team.id, userId: people.carol.id })).status).toBe(200);
    expect(events).toContain(`removed ${people.carol.id} from Ops`);
  });

  test.skipIf(!available)("without teams: true no team endpoint answers, and the adapter is asked for no team method", async () => {
    latch.config = configOf({ organizations: Organizations() });
    try {
      const id = await organization("teams-off");
      const response = await alice.post("organizations/teams/create", { organizationId: id, name: "Nope" });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect((await engine.db.query(`SELECT 1 FROM teams WHERE "organizationId" = $1`, [id])).rows).toEqual([]);
    } finally {
      latch.config = configOf();
    }
  });
});
