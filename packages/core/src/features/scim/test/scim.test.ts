/**
 * SCIM provisioning over real HTTP (`Auth()` behind node:http) with `@latch/pg` on PGlite and on
 * PostgreSQL: the token refusals, the request sequences Okta and Entra ID send (fixtures in
 * okta.ts and entra.ts), deprovisioning that ends the membership and signs the user's browser out
 * at its next request, reactivation, groups that map to roles, and one organization's token that
 * never reaches another's users or groups.
 */
import { ApiKeys, createApiKey, revokeApiKey } from "@latch/core/api-keys";
import { Organizations } from "@latch/core/organizations";
import { Scim } from "@latch/core/scim";
import type { AuthConfig } from "@latch/core";
import { migrate } from "@latch/pg";
import { startSmtpServer, type SmtpTestServer } from "@latch/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { pgEngines, serveLatch, type Engine, type LatchServer } from "../../access-tokens/test/harness.js";
import { Browser, countedAdapter, organizationsConfig, people, seedPeople } from "../../organizations/test/harness.js";
import * as entra from "./entra.js";
import * as okta from "./okta.js";

const engines = await pgEngines();

type Json = Record<string, unknown> & { Resources?: Record<string, unknown>[]; totalResults?: number; id?: string };

describe.each(engines)("SCIM provisioning stored on %s", (_name, open, available) => {
  let engine: Engine;
  let latch: LatchServer;
  let smtp: SmtpTestServer;
  let config: AuthConfig;
  let calls: Map<string, number>;
  let alice: Browser;
  let orgA: string, orgB: string;
  let tokenA: string, tokenB: string;

  const scim = async (token: string | null, path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
    const response = await fetch(`${latch.origin}/auth/scim/v2/${path}`, {
      method: init.method ?? "GET",
      headers: { ...(token === null ? {} : { authorization: `Bearer ${token}` }), ...(init.body === undefined ? {} : { "content-type": okta.scimContentType }), ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await response.text();
    return { status: response.status, type: response.headers.get("content-type"), body: (text ? JSON.parse(text) : null) as Json };
  };
  const memberRole = async (organizationId: string, userId: string) =>
    ((await engine.db.query(`SELECT role FROM members WHERE "organizationId" = $1 AND "userId" = $2`, [organizationId, userId])).rows[0] as { role: string } | undefined)?.role ?? null;

  async function organization(slug: string): Promise<string> {
    const response = await alice.post("organizations/create", { name: slug, slug });
    expect(response.status).toBe(201);
    return ((await response.json()) as { organization: { id: string } }).organization.id;
  }

  beforeAll(async () => {
    if (!available) return;
    engine = await open();
    await migrate(engine.db as never);
    await seedPeople(engine);
    smtp = await startSmtpServer();
    const counted = countedAdapter(engine.db);
    calls = counted.calls;
    config = organizationsConfig(counted.adapter, smtp, { organizations: Organizations(), apiKeys: ApiKeys(), scim: Scim({ groupRoles: { Admins: "admin" } }) });
    latch = await serveLatch(config);
    alice = await new Browser(latch.origin).signIn("alice");
    [orgA, orgB] = [await organization("scim-a"), await organization("scim-b")];
    tokenA = (await createApiKey(config, { type: "organization", id: orgA }, { name: "okta", scopes: ["scim"] })).key;
    tokenB = (await createApiKey(config, { type: "organization", id: orgB }, { name: "entra", scopes: ["scim"] })).key;
  });
  afterAll(async () => {
    if (!available) return;
    await latch.close();
    await smtp.close();
    await engine.close();
  });

  test.skipIf(!available)("a request without a valid SCIM token is refused with the SCIM error body, whatever cookies it carries", async () => {
    const none = await scim(null, "Users");
    expect(none.status).toBe(401);
    expect(none.type).toBe("application/scim+json");
    expect(none.body).toMatchObject({ schemas: ["urn:ietf:params:scim:api:messages:2.0:Error"], status: "401" });
    // A signed-in browser's cookie is never read on these paths.
    const cookie = await fetch(`${latch.origin}/auth/scim/v2/Users`, { headers: { cookie: alice.jar.header() } });
    expect(cookie.status).toBe(401);
    expect((await scim("latch_0123456789abcdef_" + "A".repeat(43), "Users")).status).toBe(401);
    expect((await scim(`${tokenA}x`, "Users")).status).toBe(401);

    const userKey = (await createApiKey(config, { type: "user", id: people.alice.id }, { name: "mine", scopes: ["scim"] })).key;
    expect(await scim(userKey, "Users")).toMatchObject({ status: 403, body: { status: "403" } });
    const unscoped = (await createApiKey(config, { type: "organization", id: orgA }, { name: "deploy", scopes: ["deploy"] })).key;
    expect((await scim(unscoped, "Users")).status).toBe(403);

    const revoked = await createApiKey(config, { type: "organization", id: orgA }, { name: "old", scopes: ["scim"] });
    expect((await scim(revoked.key, "Users")).status).toBe(200);
    await revokeApiKey(config, { type: "organization", id: orgA }, revoked.apiKey.id);
    expect(await scim(revoked.key, "Users")).toMatchObject({ status: 401, body: { status: "401" } });
  });

  test.skipIf(!available)("discovery: ServiceProviderConfig, ResourceTypes and Schemas", async () => {
    const config = await scim(tokenA, "ServiceProviderConfig");
    expect(config.status).toBe(200);
    expect(config.body).toMatchObject({ patch: { supported: true }, filter: { supported: true, maxResults: 100 }, bulk: { supported: false } });
    const types = await scim(tokenA, "ResourceTypes");
    expect(types.body.Resources!.map((type) => type.id)).toEqual(["User", "Group"]);
    const schemas = await scim(tokenA, "Schemas");
    expect(schemas.body.totalResults).toBe(3);
    expect((await scim(tokenA, "Schemas/urn:ietf:params:scim:schemas:core:2.0:User")).body.name).toBe("User");
    expect((await scim(tokenA, "Nothing")).status).toBe(404);
  });

  test.skipIf(!available)("Okta's sequence: lookup, create, read, replace, deactivate (membership and sessions end), reactivate", async () => {
    // Dave has an account with a proven address and joined the organization: provisioning links it.
    const dave = await new Browser(latch.origin).signIn("dave");
    await engine.db.query(`INSERT INTO members ("organizationId", "userId", role, "createdAt") VALUES ($1, $2, 'member', now())`, [orgA, people.dave.id]);
    expect((await dave.session())?.user?.email).toBe(people.dave.email);

    const lookup = await scim(tokenA, okta.lookup(people.dave.email));
    expect(lookup).toMatchObject({ status: 200, body: { schemas: ["urn:ietf:params:scim:api:messages:2.0:ListResponse"], totalResults: 0, startIndex: 1, Resources: [] } });
    const created = await scim(tokenA, "Users", { method: "POST", body: okta.createUser(people.dave.email, "Dave", "Doe") });
    expect(created.status).toBe(201);
    expect(created.type).toBe("application/scim+json");
    expect(created.body).toMatchObject({ id: people.dave.id, userName: people.dave.email, active: true, name: { givenName: "Dave", familyName: "Doe" }, meta: { resourceType: "User", location: `${latch.origin}/auth/scim/v2/Users/${people.dave.id}` } });
    expect(created.body.password).toBeUndefined();
    expect(await memberRole(orgA, people.dave.id)).toBe("member");

    const found = await scim(tokenA, okta.lookup(people.dave.email.toUpperCase()));
    expect(found.body.totalResults).toBe(1);
    expect((await scim(tokenA, `Users/${people.dave.id}`)).body).toMatchObject({ userName: people.dave.email, externalId: expect.any(String) });
    const replaced = await scim(tokenA, `Users/${people.dave.id}`, { method: "PUT", body: okta.replaceUser(people.dave.id, people.dave.email, "Dave", "Dane") });
    expect(replaced).toMatchObject({ status: 200, body: { name: { familyName: "Dane" }, active: true } });

    // Deactivation: the membership ends and dave's browser is signed out at its next request.
    const deactivated = await scim(tokenA, `Users/${people.dave.id}`, { method: "PATCH", body: okta.setActive(false) });
    expect(deactivated).toMatchObject({ status: 200, body: { active: false } });
    expect(await memberRole(orgA, people.dave.id)).toBeNull();
    expect(await dave.session()).toBeNull();
    expect((await engine.db.query(`SELECT count(*)::int AS n FROM sessions WHERE "userId" = $1`, [people.dave.id])).rows).toEqual([{ n: 0 }]);
    expect((await scim(tokenA, `Users?filter=${encodeURIComponent("active eq false")}`)).body.totalResults).toBe(1);

    // Reactivation restores the membership.
    expect((await scim(tokenA, `Users/${people.dave.id}`, { method: "PATCH", body: okta.setActive(true) })).body.active).toBe(true);
    expect(await memberRole(orgA, people.dave.id)).toBe("member");
  });

  test.skipIf(!available)("Entra ID's sequence: lookup, create with the enterprise extension, path PATCHes, \"False\" as text, DELETE", async () => {
    const carol = await new Browser(latch.origin).signIn("carol");
    await engine.db.query(`INSERT INTO members ("organizationId", "userId", role, "createdAt") VALUES ($1, $2, 'member', now())`, [orgB, people.carol.id]);
    expect((await scim(tokenB, entra.lookup(people.carol.email))).body.totalResults).toBe(0);
    const created = await scim(tokenB, "Users", { method: "POST", body: entra.createUser(people.carol.email, "entra-carol") });
    expect(created.status).toBe(201);
    expect(created.body.schemas).toEqual(["urn:ietf:params:scim:schemas:core:2.0:User", entra.enterprise]);
    expect(created.body[entra.enterprise]).toMatchObject({ department: "Research", manager: { value: "boss-1" } });
    expect(await memberRole(orgB, people.carol.id)).toBe("member");

    const patched = await scim(tokenB, `Users/${people.carol.id}`, { method: "PATCH", body: entra.updateAttributes("carol.work@example.com") });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ displayName: "Test Renamed", name: { familyName: "Renamed", givenName: "Test" }, emails: [{ type: "work", value: "carol.work@example.com", primary: true }] });
    expect(patched.body[entra.enterprise]).toMatchObject({ department: "Platform", employeeNumber: "701" });
    expect((await scim(tokenB, `Users?filter=${encodeURIComponent('emails.value eq "carol.work@example.com" and externalId eq "entra-carol"')}`)).body.totalResults).toBe(1);
    expect((await scim(tokenB, `Users?filter=${encodeURIComponent('externalId eq "ENTRA-CAROL"')}`)).body.totalResults).toBe(0);

    expect((await carol.session())?.user?.email).toBe(people.carol.email);
    const off = await scim(tokenB, `Users/${people.carol.id}`, { method: "PATCH", body: entra.deactivate });
    expect(off).toMatchObject({ status: 200, body: { active: false } });
    expect(await memberRole(orgB, people.carol.id)).toBeNull();
    expect(await carol.session()).toBeNull();

    const again = await new Browser(latch.origin).signIn("carol");
    expect((await scim(tokenB, `Users/${people.carol.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await scim(tokenB, `Users/${people.carol.id}`)).status).toBe(404);
    // Deleted while inactive: the membership stays ended; her later session is not the deprovisioning's business.
    expect(await memberRole(orgB, people.carol.id)).toBeNull();
    expect((await again.session())?.user?.email).toBe(people.carol.email);
  });

  test.skipIf(!available)("DELETE of an active user ends the membership and the sessions", async () => {
    const bob = await new Browser(latch.origin).signIn("bob");
    await engine.db.query(`INSERT INTO members ("organizationId", "userId", role, "createdAt") VALUES ($1, $2, 'member', now())`, [orgB, people.bob.id]);
    const created = await scim(tokenB, "Users", { method: "POST", body: okta.createUser(people.bob.email, "Bob", "Builder") });
    expect(created.status).toBe(201);
    expect(await memberRole(orgB, people.bob.id)).toBe("member");
    expect((await scim(tokenB, `Users/${people.bob.id}`, { method: "DELETE" })).status).toBe(204);
    expect(await memberRole(orgB, people.bob.id)).toBeNull();
    expect(await bob.session()).toBeNull();
  });

  test.skipIf(!available)("an account outside the organization is never linked: 409, no membership, its sessions untouched", async () => {
    // Bob's address is proven, but he is no member of the first organization.
    const bob = await new Browser(latch.origin).signIn("bob");
    const refused = await scim(tokenA, "Users", { method: "POST", body: okta.createUser(people.bob.email, "Bob", "Outside") });
    expect(refused).toMatchObject({ status: 409, body: { scimType: "uniqueness" } });
    expect(await memberRole(orgA, people.bob.id)).toBeNull();
    expect((await scim(tokenA, okta.lookup(people.bob.email))).body.totalResults).toBe(0);
    expect((await bob.session())?.user?.email).toBe(people.bob.email);
  });

  test.skipIf(!available)("a new address makes a new user, unproven; an unproven account is never taken over; a taken userName is 409", async () => {
    const created = await scim(tokenA, "Users", { method: "POST", body: okta.createUser("newcomer@example.org", "New", "Comer") });
    expect(created.status).toBe(201);
    const stored = (await engine.db.query(`SELECT email, name, "emailVerified" FROM users WHERE id = $1`, [created.body.id])).rows;
    expect(stored).toEqual([{ email: "newcomer@example.org", name: "New Comer", emailVerified: null }]);

    const erin = await scim(tokenA, "Users", { method: "POST", body: okta.createUser(people.erin.email, "Erin", "E") });
    expect(erin).toMatchObject({ status: 409, body: { scimType: "uniqueness", status: "409" } });
    expect(await memberRole(orgA, people.erin.id)).toBeNull();

    // A taken userName (without case) is refused before any account is made, not made and then deleted.
    const made = calls.get("createUser") ?? 0;
    const again = await scim(tokenA, "Users", { method: "POST", body: { ...okta.createUser("other@example.org", "O", "T"), userName: "NEWCOMER@example.org" } });
    expect(again).toMatchObject({ status: 409, body: { scimType: "uniqueness" } });
    expect(calls.get("createUser") ?? 0).toBe(made);
    const sameExternal = await scim(tokenA, "Users", { method: "POST", body: { ...okta.createUser("other@example.org", "O", "T"), externalId: created.body.externalId } });
    expect(sameExternal).toMatchObject({ status: 409, body: { scimType: "uniqueness" } });
    expect(calls.get("createUser") ?? 0).toBe(made);
    // A PUT taking another user's userName changes nothing.
    const second = await scim(tokenA, "Users", { method: "POST", body: okta.createUser("second@example.org", "Sec", "Ond") });
    const taken = await scim(tokenA, `Users/${second.body.id}`, { method: "PUT", body: okta.replaceUser(second.body.id!, "Newcomer@Example.org", "Sec", "Ond") });
    expect(taken).toMatchObject({ status: 409, body: { scimType: "uniqueness" } });
    expect((await scim(tokenA, `Users/${second.body.id}`)).body.userName).toBe("second@example.org");
    // Nor may a PUT change the id.
    expect(await scim(tokenA, `Users/${second.body.id}`, { method: "PUT", body: okta.replaceUser("another-id", "second@example.org", "Sec", "Ond") })).toMatchObject({ status: 400, body: { scimType: "mutability" } });
    expect((await engine.db.query(`SELECT count(*)::int AS n FROM users WHERE email = 'other@example.org'`)).rows).toEqual([{ n: 0 }]);
  });

  test.skipIf(!available)("filters: a malformed one and one naming an unknown attribute are 400 invalidFilter; pagination", async () => {
    for (const filter of ['userName eq "unclosed', "userName zz \"x\"", 'userName eq "a" and', 'nickname2 eq "x"', 'password eq "x"']) {
      const answer = await scim(tokenA, `Users?filter=${encodeURIComponent(filter)}`);
      expect(answer, filter).toMatchObject({ status: 400, body: { scimType: "invalidFilter", status: "400" } });
    }
    for (const [index, name] of ["p1", "p2", "p3"].entries()) {
      expect((await scim(tokenA, "Users", { method: "POST", body: okta.createUser(`${name}@example.org`, name, `N${index}`) })).status).toBe(201);
    }
    const all = await scim(tokenA, "Users");
    const total = all.body.totalResults!;
    const second = await scim(tokenA, "Users?startIndex=2&count=2");
    expect(second.body).toMatchObject({ totalResults: total, startIndex: 2, itemsPerPage: 2 });
    expect(second.body.Resources!.map((r) => r.id)).toEqual(all.body.Resources!.slice(1, 3).map((r) => r.id));
    const either = await scim(tokenA, `Users?filter=${encodeURIComponent('userName eq "p1@example.org" or userName sw "P3"')}`);
    expect(either.body.Resources!.map((r) => r.userName).sort()).toEqual(["p1@example.org", "p3@example.org"]);
  });

  test.skipIf(!available)("one organization's token never reads or touches another's users or groups", async () => {
    const user = await scim(tokenA, "Users", { method: "POST", body: okta.createUser("isolated@example.org", "Iso", "Lated") });
    const group = await scim(tokenA, "Groups", { method: "POST", body: okta.createGroup("Isolated") });
    const [userId, groupId] = [user.body.id!, group.body.id!];
    expect((await scim(tokenB, `Users/${userId}`)).status).toBe(404);
    expect((await scim(tokenB, `Users/${userId}`, { method: "PUT", body: okta.replaceUser(userId, "isolated@example.org", "X", "Y") })).status).toBe(404);
    expect((await scim(tokenB, `Users/${userId}`, { method: "PATCH", body: okta.setActive(false) })).status).toBe(404);
    expect((await scim(tokenB, `Users/${userId}`, { method: "DELETE" })).status).toBe(404);
    expect((await scim(tokenB, `Users?filter=${encodeURIComponent('userName eq "isolated@example.org"')}`)).body.totalResults).toBe(0);
    expect((await scim(tokenB, `Groups/${groupId}`)).status).toBe(404);
    expect((await scim(tokenB, `Groups/${groupId}`, { method: "PATCH", body: okta.renameGroup(groupId, "Taken") })).status).toBe(404);
    expect((await scim(tokenB, `Groups/${groupId}`, { method: "DELETE" })).status).toBe(404);
    // Nor can its group name another organization's user as a member.
    expect(await scim(tokenB, "Groups", { method: "POST", body: { ...okta.createGroup("Reach"), members: [{ value: userId }] } })).toMatchObject({ status: 400, body: { scimType: "invalidValue" } });
    expect((await scim(tokenA, `Users/${userId}`)).body).toMatchObject({ active: true, name: { givenName: "Iso" } });
    expect(await memberRole(orgA, userId)).toBe("member");
    expect((await scim(tokenA, `Groups/${groupId}`)).body.displayName).toBe("Isolated");
  });

  test.skipIf(!available)("Okta's groups: create, members added and removed, renamed; a mapped group gives its role", async () => {
    const user = await scim(tokenA, "Users", { method: "POST", body: okta.createUser("grouped@example.org", "Gro", "Uped") });
    const userId = user.body.id!;
    const created = await scim(tokenA, "Groups", { method: "POST", body: okta.createGroup("Admins") });
    expect(created).toMatchObject({ status: 201, body: { displayName: "Admins", members: [] } });
    const groupId = created.body.id!;
    expect((await scim(tokenA, "Groups", { method: "POST", body: okta.createGroup("admins") })).status).toBe(201);
    expect(await scim(tokenA, "Groups", { method: "POST", body: okta.createGroup("Admins") })).toMatchObject({ status: 409, body: { scimType: "uniqueness" } });

    const added = await scim(tokenA, `Groups/${groupId}`, { method: "PATCH", body: okta.addMembers([{ value: userId, display: "grouped@example.org" }]) });
    expect(added.body.members).toEqual([expect.objectContaining({ value: userId })]);
    expect(await memberRole(orgA, userId)).toBe("admin");
    expect((await scim(tokenA, `Users/${userId}`)).body.groups).toEqual([expect.objectContaining({ value: groupId, display: "Admins" })]);
    // displayName compares without case (RFC 7643: caseExact false): both groups match, listed without their members.
    const listed = (await scim(tokenA, `Groups?filter=${encodeURIComponent('displayName eq "Admins"')}&excludedAttributes=members`)).body.Resources!;
    expect(listed.map((group) => group.displayName).sort()).toEqual(["Admins", "admins"]);
    expect(listed.every((group) => !("members" in group))).toBe(true);

    expect((await scim(tokenA, `Groups/${groupId}`, { method: "PATCH", body: okta.removeMember(userId) })).body.members).toEqual([]);
    expect(await memberRole(orgA, userId)).toBe("member");

    // Entra's value-list forms.
    await scim(tokenA, `Groups/${groupId}`, { method: "PATCH", body: entra.members("Add", [userId]) });
    expect(await memberRole(orgA, userId)).toBe("admin");
    await scim(tokenA, `Groups/${groupId}`, { method: "PATCH", body: entra.members("Remove", [userId]) });
    expect(await memberRole(orgA, userId)).toBe("member");

    // Renamed away from the mapped name: its members lose the role; back, they have it again.
    await scim(tokenA, `Groups/${groupId}`, { method: "PATCH", body: okta.addMembers([{ value: userId, display: "grouped@example.org" }]) });
    expect((await scim(tokenA, `Groups/${groupId}`, { method: "PATCH", body: okta.renameGroup(groupId, "Former Admins") })).body.displayName).toBe("Former Admins");
    expect(await memberRole(orgA, userId)).toBe("member");
    expect(await scim(tokenA, `Groups/${groupId}`, { method: "PATCH", body: okta.renameGroup("another-id", "Admins") })).toMatchObject({ status: 400, body: { scimType: "mutability" } });
    expect(await scim(tokenA, `Groups/${groupId}`, { method: "PUT", body: { ...okta.createGroup("Admins"), id: "another-id" } })).toMatchObject({ status: 400, body: { scimType: "mutability" } });
    // A PUT replaces the whole group: its members with it.
    const put = await scim(tokenA, `Groups/${groupId}`, { method: "PUT", body: { ...okta.createGroup("Admins"), id: groupId, members: [{ value: userId }] } });
    expect(put.body).toMatchObject({ displayName: "Admins", members: [expect.objectContaining({ value: userId })] });
    expect(await memberRole(orgA, userId)).toBe("admin");
    expect((await scim(tokenA, `Groups/${groupId}`, { method: "DELETE" })).status).toBe(204);
    // Deleting the group takes its role away.
    expect(await memberRole(orgA, userId)).toBe("member");
    expect((await scim(tokenA, `Groups/${groupId}`)).status).toBe(404);
  });

  test.skipIf(!available)("PATCH refusals: an unknown attribute path, an unknown op, and a body that is not JSON", async () => {
    const user = await scim(tokenA, "Users", { method: "POST", body: okta.createUser("patchy@example.org", "Pat", "Chy") });
    const id = user.body.id!;
    const patch = (operations: unknown[]) => scim(tokenA, `Users/${id}`, { method: "PATCH", body: { schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"], Operations: operations } });
    expect(await patch([{ op: "replace", path: "shoeSize", value: 44 }])).toMatchObject({ status: 400, body: { scimType: "invalidPath" } });
    expect(await patch([{ op: "move", path: "active", value: false }])).toMatchObject({ status: 400, body: { scimType: "invalidValue" } });
    expect(await patch([{ op: "remove" }])).toMatchObject({ status: 400, body: { scimType: "noTarget" } });
    expect(await patch([{ op: "replace", path: "active", value: "maybe" }])).toMatchObject({ status: 400, body: { scimType: "invalidValue" } });
    const broken = await fetch(`${latch.origin}/auth/scim/v2/Users/${id}`, { method: "PATCH", headers: { authorization: `Bearer ${tokenA}`, "content-type": "application/scim+json" }, body: "{not json" });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ scimType: "invalidSyntax" });
    expect((await scim(tokenA, `Users/${id}`)).body.active).toBe(true);
  });
});
