import { randomUUID } from "node:crypto";
import type { AdapterOrganization, OrganizationAdapter, TeamAdapter } from "@latch/core/adapters";
import { describe, expect, test } from "vitest";
import { signUp } from "./context.js";
import type { AdapterTestOptions } from "./types.js";

/** Now in whole seconds (as every engine stores dates). */
const second = () => new Date(Math.floor(Date.now() / 1000) * 1000);

/**
 * Tests of the team methods `Organizations({ teams: true })` needs (`TeamAdapter`). Skipped,
 * saying so, when the adapter has none of them.
 */
export function teamTests(options: AdapterTestOptions): void {
  const store = options.adapter as typeof options.adapter & Partial<OrganizationAdapter & TeamAdapter>;
  const present = typeof store.createTeam === "function";
  if (!present) console.warn("skipped: team tests (the adapter has no createTeam and the other TeamAdapter methods, so Organizations({ teams: true }) refuses it)");
  const teams = () => store as Required<OrganizationAdapter & TeamAdapter>;

  /** An organization owned by a new user, with a second member. */
  async function organization(): Promise<{ organization: AdapterOrganization; ownerId: string; memberId: string }> {
    const owner = await signUp(options);
    const id = randomUUID();
    const made: AdapterOrganization = { id, name: `Org ${id.slice(0, 8)}`, slug: `team-${id.slice(0, 8)}`, metadata: null, createdAt: second() };
    await teams().createOrganization(made, { organizationId: id, userId: owner.id, role: "owner", createdAt: second() });
    const member = await signUp(options);
    const invitation = { id: randomUUID(), organizationId: id, email: member.email!, role: "member", inviterId: owner.id, hash: "ab".repeat(32), status: "pending" as const, expires: new Date(Date.now() + 86_400_000), createdAt: second() };
    await teams().createInvitation(invitation);
    await teams().acceptInvitation(invitation.id, { organizationId: id, userId: member.id, role: "member", createdAt: second() });
    return { organization: made, ownerId: owner.id, memberId: member.id };
  }

  describe.skipIf(!present)("teams", () => {
    test("a team is made once per name in its organization, renamed, listed, and deleted with its memberships", async () => {
      const { organization: org, ownerId } = await organization();
      const team = { id: randomUUID(), organizationId: org.id, name: "Support", createdAt: second() };
      expect(await teams().createTeam(team)).toEqual(team);
      expect(await teams().createTeam({ ...team, id: randomUUID() })).toBeNull();
      const other = { id: randomUUID(), organizationId: org.id, name: "Sales", createdAt: second() };
      await teams().createTeam(other);
      expect(await teams().getTeam(team.id)).toEqual(team);
      expect(await teams().updateTeam(team.id, { name: "Sales" })).toBeNull();
      expect(await teams().updateTeam(team.id, { name: "Care" })).toEqual({ ...team, name: "Care" });
      expect((await teams().listTeams(org.id)).map((t) => t.name).sort()).toEqual(["Care", "Sales"]);
      expect(await teams().addTeamMember({ teamId: team.id, userId: ownerId, createdAt: second() })).toEqual({ teamId: team.id, userId: ownerId, createdAt: second() });
      expect(await teams().deleteTeam(team.id)).toEqual({ ...team, name: "Care" });
      expect(await teams().getTeam(team.id)).toBeNull();
      expect(await teams().listTeamMembers(team.id)).toEqual([]);
      expect((await teams().listUserTeams(ownerId)).map((t) => t.id)).toEqual([]);
    });

    test("only a member of the organization joins a team, once; leaving the organization leaves its teams at once; the organization takes its teams", async () => {
      const { organization: org, ownerId, memberId } = await organization();
      const team = { id: randomUUID(), organizationId: org.id, name: "Ops", createdAt: second() };
      await teams().createTeam(team);
      const outsider = await signUp(options);
      expect(await teams().addTeamMember({ teamId: team.id, userId: outsider.id, createdAt: second() })).toBeNull();
      expect(await teams().addTeamMember({ teamId: team.id, userId: memberId, createdAt: second() })).toMatchObject({ teamId: team.id, userId: memberId });
      expect(await teams().addTeamMember({ teamId: team.id, userId: memberId, createdAt: second() })).toBeNull();
      await teams().addTeamMember({ teamId: team.id, userId: ownerId, createdAt: second() });
      expect((await teams().listTeamMembers(team.id)).map((m) => [m.userId, typeof m.email]).sort()).toEqual([[memberId, "string"], [ownerId, "string"]].sort());
      expect((await teams().listUserTeams(memberId)).map((t) => t.id)).toEqual([team.id]);
      expect(await teams().deleteMember(org.id, memberId)).toMatchObject({ userId: memberId });
      expect((await teams().listTeamMembers(team.id)).map((m) => m.userId)).toEqual([ownerId]);
      expect(await teams().listUserTeams(memberId)).toEqual([]);
      expect(await teams().removeTeamMember(team.id, ownerId)).toMatchObject({ teamId: team.id, userId: ownerId });
      expect(await teams().removeTeamMember(team.id, ownerId)).toBeNull();
      await teams().deleteOrganization(org.id);
      expect(await teams().getTeam(team.id)).toBeNull();
    });
  });
}
