import { randomBytes, randomUUID } from "node:crypto";
import type { AdapterInvitation, AdapterMember, AdapterOrganization, OrganizationAdapter } from "@latch/core/adapters";
import { describe, expect, test } from "vitest";
import { need, signUp } from "./context.js";
import type { AdapterTestOptions } from "./types.js";

/** Now in whole seconds (as every engine stores dates). */
const second = () => new Date(Math.floor(Date.now() / 1000) * 1000);

function organizationOf(overrides: Partial<AdapterOrganization> = {}): AdapterOrganization {
  const id = randomUUID();
  return { id, name: `Org ${id.slice(0, 8)}`, slug: `org-${id.slice(0, 8)}`, metadata: { plan: "pro", seats: 3 }, createdAt: second(), ...overrides };
}

const memberOf = (organizationId: string, userId: string, role = "member"): AdapterMember => ({ organizationId, userId, role, createdAt: second() });

function invitationOf(organizationId: string, inviterId: string, overrides: Partial<AdapterInvitation> = {}): AdapterInvitation {
  return {
    id: randomBytes(16).toString("hex"), organizationId, email: `${randomUUID().slice(0, 8)}@example.com`, role: "member", inviterId,
    hash: randomBytes(32).toString("hex"), status: "pending", expires: new Date(second().getTime() + 86_400_000), createdAt: second(), ...overrides,
  };
}

/**
 * Tests of the organization methods `Organizations()` needs (`OrganizationAdapter`). Skipped,
 * saying so, when the adapter has none of them.
 */
export function organizationTests(options: AdapterTestOptions): void {
  const store = options.adapter as typeof options.adapter & Partial<OrganizationAdapter>;
  const present = typeof store.createOrganization === "function";
  if (!present) console.warn("skipped: organization tests (the adapter has no createOrganization and the other OrganizationAdapter methods, so Organizations() refuses it)");
  const orgs = () => store as Required<OrganizationAdapter>;

  /** An organization owned by a new user. */
  async function owned(): Promise<{ organization: AdapterOrganization; ownerId: string }> {
    const owner = await signUp(options);
    const organization = organizationOf();
    expect(await orgs().createOrganization(organization, memberOf(organization.id, owner.id, "owner"))).toEqual(organization);
    return { organization, ownerId: owner.id };
  }

  /** Makes a new user a second owner of `organizationId`; their id. */
  async function secondOwner(organizationId: string, inviterId: string): Promise<string> {
    const user = await signUp(options);
    const invitation = invitationOf(organizationId, inviterId, { email: user.email, role: "owner" });
    await orgs().createInvitation(invitation);
    expect(await orgs().acceptInvitation(invitation.id, memberOf(organizationId, user.id, "owner"))).toMatchObject({ role: "owner" });
    return user.id;
  }

  describe.skipIf(!present)("organizations", () => {
    test("createOrganization stores it with its owner; a taken slug writes neither", async () => {
      const { organization, ownerId } = await owned();
      expect(await orgs().getOrganization(organization.id)).toEqual(organization);
      expect(await orgs().getOrganizationBySlug(organization.slug)).toEqual(organization);
      expect(await orgs().getMember(organization.id, ownerId)).toMatchObject({ organizationId: organization.id, userId: ownerId, role: "owner" });
      const other = await signUp(options);
      const clash = organizationOf({ slug: organization.slug });
      expect(await orgs().createOrganization(clash, memberOf(clash.id, other.id, "owner"))).toBeNull();
      expect(await orgs().getOrganization(clash.id)).toBeNull();
      expect(await orgs().listOrganizations(other.id)).toEqual([]);
    });

    test("updateOrganization changes the given fields; listOrganizations gives a user's with their role", async () => {
      const { organization, ownerId } = await owned();
      expect(await orgs().updateOrganization(organization.id, { name: "Renamed", metadata: null })).toEqual({ ...organization, name: "Renamed", metadata: null });
      expect(await orgs().updateOrganization(randomUUID(), { name: "x" })).toBeNull();
      expect(await orgs().listOrganizations(ownerId)).toEqual([{ ...organization, name: "Renamed", metadata: null, role: "owner" }]);
    });

    test("members: listed with address and name, role changed, removed; transferOwnership changes both or neither", async () => {
      const { organization, ownerId } = await owned();
      const joining = await signUp(options);
      const invitation = invitationOf(organization.id, ownerId, { email: joining.email });
      await orgs().createInvitation(invitation);
      expect(await orgs().acceptInvitation(invitation.id, memberOf(organization.id, joining.id))).toMatchObject({ userId: joining.id, role: "member" });
      const listed = await orgs().listMembers(organization.id);
      expect(listed.map((m) => [m.userId, m.role, m.email]).sort()).toEqual([[joining.id, "member", joining.email], [ownerId, "owner", expect.any(String)]].sort());
      expect(await orgs().updateMemberRole(organization.id, joining.id, "admin")).toMatchObject({ role: "admin" });
      const outsider = await signUp(options);
      expect(await orgs().transferOwnership(organization.id, ownerId, outsider.id, "admin")).toBe(false);
      expect((await orgs().getMember(organization.id, ownerId))?.role).toBe("owner");
      expect(await orgs().transferOwnership(organization.id, ownerId, joining.id, "admin")).toBe(true);
      expect((await orgs().getMember(organization.id, ownerId))?.role).toBe("admin");
      expect((await orgs().getMember(organization.id, joining.id))?.role).toBe("owner");
      expect(await orgs().deleteMember(organization.id, ownerId)).toMatchObject({ userId: ownerId });
      expect(await orgs().deleteMember(organization.id, ownerId)).toBeNull();
      expect(await orgs().getMember(organization.id, ownerId)).toBeNull();
    });

    test("the only owner is never removed nor demoted: deleteMember and updateMemberRole change nothing and return null", async () => {
      const { organization, ownerId } = await owned();
      expect(await orgs().deleteMember(organization.id, ownerId)).toBeNull();
      expect(await orgs().updateMemberRole(organization.id, ownerId, "admin")).toBeNull();
      expect((await orgs().getMember(organization.id, ownerId))?.role).toBe("owner");
      // Owner to owner is no demotion.
      expect(await orgs().updateMemberRole(organization.id, ownerId, "owner")).toMatchObject({ role: "owner" });
      const other = await secondOwner(organization.id, ownerId);
      expect(await orgs().updateMemberRole(organization.id, other, "admin")).toMatchObject({ role: "admin" });
      expect(await orgs().deleteMember(organization.id, ownerId)).toBeNull();
      expect(await orgs().deleteMember(organization.id, other)).toMatchObject({ userId: other, role: "admin" });
    });

    test("two owners leaving or demoting each other at the same time: one change wins, an owner always remains", async () => {
      const rounds = 8;
      const changes = [
        (organizationId: string, userId: string) => orgs().deleteMember(organizationId, userId),
        (organizationId: string, userId: string) => orgs().updateMemberRole(organizationId, userId, "admin"),
      ];
      for (let round = 0; round < rounds; round++) {
        const { organization, ownerId } = await owned();
        const other = await secondOwner(organization.id, ownerId);
        // Every pairing: both leave, both demoted, one leaves while the other is demoted (either way round).
        const first = changes[round % 2]!;
        const second = changes[Math.floor(round / 2) % 2]!;
        const outcomes = await Promise.all([first(organization.id, ownerId), second(organization.id, other)]);
        const owners = (await orgs().listMembers(organization.id)).filter((member) => member.role === "owner");
        expect(owners).toHaveLength(1);
        expect(outcomes.filter((outcome) => outcome !== null)).toHaveLength(1);
      }
    });

    test("an invitation is accepted once; updateInvitation changes only a pending one", async () => {
      const { organization, ownerId } = await owned();
      const user = await signUp(options);
      const invitation = invitationOf(organization.id, ownerId);
      expect(await orgs().createInvitation(invitation)).toEqual(invitation);
      expect(await orgs().getInvitation(invitation.id)).toEqual(invitation);
      const expires = new Date(invitation.expires.getTime() + 60_000);
      expect(await orgs().updateInvitation(invitation.id, { hash: "ab".repeat(32), expires })).toEqual({ ...invitation, hash: "ab".repeat(32), expires });
      expect(await orgs().acceptInvitation(invitation.id, memberOf(organization.id, user.id))).toMatchObject({ userId: user.id });
      expect(await orgs().acceptInvitation(invitation.id, memberOf(organization.id, user.id))).toBeNull();
      expect((await orgs().getInvitation(invitation.id))?.status).toBe("accepted");
      expect(await orgs().updateInvitation(invitation.id, { status: "canceled" })).toBeNull();
      const declined = invitationOf(organization.id, ownerId);
      await orgs().createInvitation(declined);
      await orgs().updateInvitation(declined.id, { status: "declined" });
      expect(await orgs().acceptInvitation(declined.id, memberOf(organization.id, user.id))).toBeNull();
      expect((await orgs().listInvitations(organization.id)).map((i) => i.status).sort()).toEqual(["accepted", "declined"]);
    });

    test("roles an organization makes: a name once per organization, listed, deleted only while no member holds them, and carried with the session", async () => {
      const { organization, ownerId } = await owned();
      const role = { organizationId: organization.id, name: "billing", permissions: ["billing:read", "project:create"], createdAt: second() };
      expect(await orgs().createOrganizationRole(role)).toEqual(role);
      expect(await orgs().createOrganizationRole({ ...role, permissions: [] })).toBeNull();
      expect(await orgs().listOrganizationRoles(organization.id)).toEqual([role]);
      const user = await signUp(options);
      const invitation = invitationOf(organization.id, ownerId);
      await orgs().createInvitation(invitation);
      await orgs().acceptInvitation(invitation.id, memberOf(organization.id, user.id, "billing"));
      const adapter = need(options, "createSession", "getSessionAndUser");
      const sessionToken = randomUUID();
      await adapter.createSession({ sessionToken, userId: user.id, expires: new Date(Date.now() + 86_400_000) });
      await orgs().setActiveOrganization(sessionToken, organization.id);
      expect((await adapter.getSessionAndUser(sessionToken))?.session.activeOrganization).toEqual({ id: organization.id, slug: organization.slug, role: "billing", permissions: role.permissions });
      expect(await orgs().deleteOrganizationRole(organization.id, "billing")).toBeNull();
      await orgs().updateMemberRole(organization.id, user.id, "member");
      expect(await orgs().deleteOrganizationRole(organization.id, "billing")).toEqual(role);
      expect(await orgs().listOrganizationRoles(organization.id)).toEqual([]);
    });

    test("the session's active organization comes with getSessionAndUser while the user is a member of it", async () => {
      const { organization, ownerId } = await owned();
      const adapter = need(options, "createSession", "getSessionAndUser");
      const sessionToken = randomUUID();
      await adapter.createSession({ sessionToken, userId: ownerId, expires: new Date(Date.now() + 86_400_000) });
      expect((await adapter.getSessionAndUser(sessionToken))?.session.activeOrganization ?? null).toBeNull();
      await orgs().setActiveOrganization(sessionToken, organization.id);
      expect((await adapter.getSessionAndUser(sessionToken))?.session.activeOrganization).toEqual({ id: organization.id, slug: organization.slug, role: "owner" });
      // Another owner first: the only owner keeps the role.
      await secondOwner(organization.id, ownerId);
      await orgs().updateMemberRole(organization.id, ownerId, "admin");
      expect((await adapter.getSessionAndUser(sessionToken))?.session.activeOrganization).toEqual({ id: organization.id, slug: organization.slug, role: "admin" });
      await orgs().deleteOrganization(organization.id);
      expect(await orgs().getOrganization(organization.id)).toBeNull();
      expect(await orgs().listMembers(organization.id)).toEqual([]);
      expect((await adapter.getSessionAndUser(sessionToken))?.session.activeOrganization ?? null).toBeNull();
      await orgs().setActiveOrganization(sessionToken, null);
    });
  });
}
