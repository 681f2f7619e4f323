import { randomUUID } from "node:crypto";
import type { AdapterOrganization, AdapterScimGroup, AdapterScimUser, OrganizationAdapter, ScimAdapter } from "@latch/core/adapters";
import { describe, expect, test } from "vitest";
import { signUp } from "./context.js";
import type { AdapterTestOptions } from "./types.js";

/** Now in whole seconds (as every engine stores dates). */
const second = () => new Date(Math.floor(Date.now() / 1000) * 1000);

/**
 * Tests of the methods `Scim()` needs (`ScimAdapter`): provisioned users and groups kept per
 * organization, their uniqueness, and a membership written without an invitation. Skipped, saying
 * so, when the adapter has none of them.
 */
export function scimTests(options: AdapterTestOptions): void {
  const store = options.adapter as typeof options.adapter & Partial<OrganizationAdapter & ScimAdapter>;
  const present = typeof store.createScimUser === "function";
  if (!present) console.warn("skipped: SCIM tests (the adapter has no createScimUser and the other ScimAdapter methods, so Scim() refuses it)");
  const scim = () => store as Required<OrganizationAdapter & ScimAdapter>;

  /** An organization owned by a new user. */
  async function organization(): Promise<AdapterOrganization> {
    const owner = await signUp(options);
    const id = randomUUID();
    const made: AdapterOrganization = { id, name: `Org ${id.slice(0, 8)}`, slug: `scim-${id.slice(0, 8)}`, metadata: null, createdAt: second() };
    await scim().createOrganization(made, { organizationId: id, userId: owner.id, role: "owner", createdAt: second() });
    return made;
  }

  const record = (organizationId: string, userId: string, overrides: Partial<AdapterScimUser> = {}): AdapterScimUser => ({
    organizationId,
    userId,
    userName: `user-${userId.slice(0, 8)}@example.com`,
    externalId: `ext-${userId.slice(0, 8)}`,
    active: true,
    attributes: { name: { givenName: "Ada", familyName: "Lovelace" }, emails: [{ value: "ada@example.com", primary: true }], "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User": { department: "R&D" } },
    createdAt: second(),
    updatedAt: second(),
    ...overrides,
  });

  describe.skipIf(!present)("SCIM provisioning records", () => {
    test("a provisioned user is stored once per organization, its userName (without case) and externalId unique there, and read back whole", async () => {
      const [org, other] = [await organization(), await organization()];
      const [ada, bea] = [await signUp(options), await signUp(options)];
      const first = record(org.id, ada.id);
      expect(await scim().createScimUser(first)).toEqual(first);
      expect(await scim().getScimUser(org.id, ada.id)).toEqual(first);
      expect(await scim().getScimUser(other.id, ada.id)).toBeNull();
      // The same user, or the same names, in the same organization: refused; in another: stored.
      expect(await scim().createScimUser({ ...first, userName: "else@example.com", externalId: null })).toBeNull();
      expect(await scim().createScimUser(record(org.id, bea.id, { userName: first.userName.toUpperCase() }))).toBeNull();
      expect(await scim().createScimUser(record(org.id, bea.id, { externalId: first.externalId }))).toBeNull();
      expect(await scim().createScimUser(record(other.id, ada.id))).toMatchObject({ organizationId: other.id, userId: ada.id });
      const second_ = record(org.id, bea.id, { externalId: null });
      expect(await scim().createScimUser(second_)).toEqual(second_);
      expect((await scim().listScimUsers(org.id)).map((user) => user.userId).sort()).toEqual([ada.id, bea.id].sort());
      expect((await scim().listScimUsers(other.id)).map((user) => user.userId)).toEqual([ada.id]);
    });

    test("an update changes the given fields only, refuses another's userName or externalId, and a delete returns the record", async () => {
      const org = await organization();
      const [ada, bea] = [await signUp(options), await signUp(options)];
      const a = record(org.id, ada.id);
      const b = record(org.id, bea.id);
      await scim().createScimUser(a);
      await scim().createScimUser(b);
      const later = new Date(second().getTime() + 60_000);
      expect(await scim().updateScimUser(org.id, ada.id, { active: false, updatedAt: later })).toEqual({ ...a, active: false, updatedAt: later });
      expect(await scim().updateScimUser(org.id, ada.id, { externalId: null })).toEqual({ ...a, active: false, externalId: null, updatedAt: later });
      expect(await scim().updateScimUser(org.id, ada.id, { userName: b.userName.toUpperCase() })).toBeNull();
      expect(await scim().updateScimUser(org.id, ada.id, { externalId: b.externalId })).toBeNull();
      expect((await scim().getScimUser(org.id, ada.id))?.userName).toBe(a.userName);
      expect(await scim().updateScimUser(org.id, randomUUID(), { active: true })).toBeNull();
      expect(await scim().deleteScimUser(org.id, ada.id)).toMatchObject({ userId: ada.id, active: false });
      expect(await scim().deleteScimUser(org.id, ada.id)).toBeNull();
      expect(await scim().getScimUser(org.id, ada.id)).toBeNull();
    });

    test("addMember writes a membership once; the owner's stays as it was", async () => {
      const org = await organization();
      const ada = await signUp(options);
      const member = { organizationId: org.id, userId: ada.id, role: "member", createdAt: second() };
      expect(await scim().addMember(member)).toEqual(member);
      expect(await scim().addMember({ ...member, role: "admin" })).toBeNull();
      expect(await scim().getMember(org.id, ada.id)).toEqual(member);
    });

    test("a group is stored with its members once per displayName and externalId, its members replaced whole, and emptied of a deleted user", async () => {
      const org = await organization();
      const [ada, bea] = [await signUp(options), await signUp(options)];
      await scim().createScimUser(record(org.id, ada.id));
      await scim().createScimUser(record(org.id, bea.id));
      const group: AdapterScimGroup = { id: randomUUID(), organizationId: org.id, displayName: "Admins", externalId: "g-1", members: [ada.id], createdAt: second(), updatedAt: second() };
      expect(await scim().createScimGroup(group)).toEqual(group);
      expect(await scim().createScimGroup({ ...group, id: randomUUID(), externalId: null })).toBeNull();
      expect(await scim().createScimGroup({ ...group, id: randomUUID(), displayName: "Other" })).toBeNull();
      expect(await scim().getScimGroup(org.id, group.id)).toEqual(group);
      expect(await scim().getScimGroup(randomUUID(), group.id)).toBeNull();

      const both = [ada.id, bea.id].sort();
      expect(await scim().updateScimGroup(org.id, group.id, { members: both })).toEqual({ ...group, members: both });
      expect(await scim().updateScimGroup(org.id, group.id, { displayName: "Owners", members: [bea.id] })).toEqual({ ...group, displayName: "Owners", members: [bea.id] });
      const other: AdapterScimGroup = { ...group, id: randomUUID(), displayName: "Readers", externalId: null, members: [] };
      await scim().createScimGroup(other);
      expect(await scim().updateScimGroup(org.id, other.id, { displayName: "Owners" })).toBeNull();
      expect((await scim().listScimGroups(org.id)).map((g) => g.displayName).sort()).toEqual(["Owners", "Readers"]);

      await scim().deleteScimUser(org.id, bea.id);
      expect((await scim().getScimGroup(org.id, group.id))?.members).toEqual([]);
      expect(await scim().deleteScimGroup(org.id, group.id)).toMatchObject({ id: group.id, displayName: "Owners" });
      expect(await scim().getScimGroup(org.id, group.id)).toBeNull();
      expect(await scim().deleteScimGroup(org.id, group.id)).toBeNull();
    });

    test("an organization's deletion takes its provisioned users and groups", async () => {
      const org = await organization();
      const ada = await signUp(options);
      await scim().createScimUser(record(org.id, ada.id));
      await scim().createScimGroup({ id: randomUUID(), organizationId: org.id, displayName: "All", externalId: null, members: [ada.id], createdAt: second(), updatedAt: second() });
      await scim().deleteOrganization(org.id);
      expect(await scim().listScimUsers(org.id)).toEqual([]);
      expect(await scim().listScimGroups(org.id)).toEqual([]);
    });
  });
}
