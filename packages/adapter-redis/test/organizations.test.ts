/**
 * Organizations and site administration stored in Redis: `Organizations()` through `Auth()` with
 * database sessions, invitations mailed to the testing SMTP server (an organization made with its
 * owner, a taken slug refused with nothing written, an invitation accepted once, the active
 * organization read with the session, a removed member's session that no longer acts for it at
 * its next request); what deleting an organization or a user leaves (no key of theirs); and the
 * index of users that `listUsers` reads, written with the user and rebuilt for users stored before it.
 */
import { randomUUID } from "node:crypto";
import { Auth, type AuthConfig } from "@latch/core";
import type { AdminAdapter, OrganizationAdapter } from "@latch/core/adapters";
import { Organizations, accessControl } from "@latch/core/organizations";
import { hashPassword } from "@latch/core/passwords";
import Nodemailer from "@latch/core/providers/nodemailer";
import Password from "@latch/core/providers/password";
import { handlerClient, needService, services, startSmtpServer, type SmtpTestServer } from "@latch/testing";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { RedisAdapter } from "../src/adapter.js";
import { indexStoredUsers } from "../src/index.js";

const prefix = `latch-test-${randomUUID().slice(0, 8)}:`;
const origin = "http://localhost:3000";

const ac = accessControl({ project: ["create"] } as const, {
  owner: { project: ["create"], organization: ["update", "delete"], member: ["update", "delete"], invitation: ["create", "cancel"] },
  admin: { project: ["create"], member: ["update", "delete"], invitation: ["create", "cancel"] },
  member: { project: ["create"] },
});

describe.runIf(await needService(services.redis))("organizations and site administration stored in Redis", () => {
  const redis = new Redis({ host: services.redis.host, port: services.redis.port, lazyConnect: true });
  const adapter = RedisAdapter(redis, { prefix }) as ReturnType<typeof RedisAdapter> & OrganizationAdapter & AdminAdapter;
  let smtp: SmtpTestServer;
  beforeAll(async () => {
    await redis.connect();
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    const found = await redis.keys(`${prefix}*`);
    if (found.length) await redis.del(...found);
    await redis.quit();
    await smtp.close();
  });

  /** The keys of this run that hold `text`. */
  const keysHolding = async (text: string) => (await redis.keys(`${prefix}*`)).filter((key) => key.includes(encodeURIComponent(text)));

  const person = async (name: string) => {
    const user = await adapter.createUser!({ id: randomUUID(), email: `${name}-${randomUUID().slice(0, 8)}@example.com`, name, image: null, emailVerified: new Date() });
    await adapter.setPassword!({ userId: user.id, hash: await hashPassword("copper lantern 77"), updatedAt: new Date() });
    return user;
  };

  test("through Auth(): made with its owner, a taken slug writes nothing, an invitation joins once, a removed member's session loses the organization", async () => {
    const config: AuthConfig = {
      secret: "redis-organizations-secret-0123456789abcdef",
      trustHost: true,
      adapter,
      providers: [Password(), Nodemailer({ server: smtp.url, from: "Latch <no-reply@example.com>" })],
      session: { strategy: "database" },
      organizations: Organizations({ access: ac }),
      logger: { error: () => {}, warn: () => {}, debug: () => {} },
    };
    const signedIn = async (email: string) => {
      const client = handlerClient((request) => Auth(request, config), { origin });
      const signIn = await client.post("/auth/callback/password", { callbackUrl: `${origin}/home`, email, password: "copper lantern 77" });
      expect(signIn.headers.get("location")).toBe(`${origin}/home`);
      return {
        session: client.session as () => Promise<{ user?: { email?: string }; organization?: { id: string; slug: string; role: string } } | null>,
        post: async (path: string, body: Record<string, unknown>) =>
          client.request(`/auth/${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ csrfToken: await client.csrf(), ...body }) }),
      };
    };
    const [aliceUser, bobUser] = [await person("alice"), await person("bob")];
    const [alice, bob] = [await signedIn(aliceUser.email), await signedIn(bobUser.email)];

    const made = await alice.post("organizations/create", { name: "Acme", slug: "acme", metadata: { plan: "pro" } });
    expect(made.status).toBe(201);
    const { organization } = (await made.json()) as { organization: { id: string; slug: string } };
    expect(organization).toMatchObject({ slug: "acme", metadata: { plan: "pro" } });
    const taken = await bob.post("organizations/create", { name: "Other", slug: "acme" });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ error: "OrganizationSlugTaken" });
    expect(await adapter.listOrganizations(bobUser.id)).toEqual([]);
    expect((await keysHolding(bobUser.id)).filter((key) => key.includes("member:") || key.includes("user-organizations:"))).toEqual([]);

    expect((await alice.post("organizations/switch", { organizationId: organization.id })).status).toBe(200);
    expect((await alice.session())?.organization).toEqual({ id: organization.id, slug: "acme", role: "owner" });

    expect((await alice.post("organizations/invitations/create", { organizationId: organization.id, email: bobUser.email, role: "admin" })).status).toBe(201);
    const link = new URL((await smtp.waitForMail({ to: bobUser.email })).urls.find((url) => url.includes("/organizations/invitations/accept"))!);
    const accept = () => bob.post("organizations/invitations/accept", { id: link.searchParams.get("id"), token: link.searchParams.get("token") });
    expect((await accept()).status).toBe(200);
    expect((await accept()).status).toBeGreaterThanOrEqual(400);
    expect((await adapter.listOrganizations(bobUser.id)).map((entry) => entry.role)).toEqual(["admin"]);

    expect((await bob.post("organizations/switch", { organizationId: organization.id })).status).toBe(200);
    expect((await bob.session())?.organization).toEqual({ id: organization.id, slug: "acme", role: "admin" });
    expect((await alice.post("organizations/members/remove", { organizationId: organization.id, userId: bobUser.id })).status).toBe(200);
    const after = await bob.session();
    expect(after?.user?.email).toBe(bobUser.email);
    expect(after?.organization).toBeUndefined();

    // Deleting it leaves no key of it: the slug is free again.
    expect((await alice.post("organizations/delete", { organizationId: organization.id })).status).toBe(200);
    expect(await keysHolding(organization.id)).toEqual([]);
    expect(await redis.exists(`${prefix}organization-slug:acme`, `${prefix}invitation:${encodeURIComponent(link.searchParams.get("id")!)}`)).toBe(0);
    expect((await alice.session())?.organization).toBeUndefined();
  });

  test("deleting a user ends the user's memberships and standing, leaving no key that names the user", async () => {
    const [owner, member] = [await person("owner"), await person("member")];
    const organization = { id: randomUUID(), name: "Gone", slug: `gone-${randomUUID().slice(0, 8)}`, metadata: null, createdAt: new Date() };
    await adapter.createOrganization(organization, { organizationId: organization.id, userId: owner.id, role: "owner", createdAt: new Date() });
    const invitation = { id: randomUUID(), organizationId: organization.id, email: member.email, role: "member", inviterId: owner.id, hash: "ab".repeat(32), status: "pending" as const, expires: new Date(Date.now() + 60_000), createdAt: new Date() };
    await adapter.createInvitation(invitation);
    await adapter.acceptInvitation(invitation.id, { organizationId: organization.id, userId: member.id, role: "member", createdAt: new Date() });
    await adapter.updateUserStanding(member.id, { banned: true, banReason: "spam" });
    await adapter.deleteUser!(member.id);
    expect(await keysHolding(member.id)).toEqual([]);
    expect((await adapter.listMembers(organization.id)).map((entry) => entry.userId)).toEqual([owner.id]);
    expect((await adapter.listUsers({ search: member.email, offset: 0, limit: 10 })).total).toBe(0);
  });

  test("the users index follows an address change, and indexStoredUsers adds users stored before it", async () => {
    const user = await person("renamed");
    const renamed = `renamed-${randomUUID().slice(0, 8)}@example.com`;
    await adapter.updateUser!({ id: user.id, email: renamed });
    expect((await adapter.listUsers({ search: user.email, offset: 0, limit: 10 })).total).toBe(0);
    expect((await adapter.listUsers({ search: renamed, offset: 0, limit: 10 })).users.map((entry) => entry.user.id)).toEqual([user.id]);

    // An older version wrote users without the index.
    const all = await adapter.listUsers({ offset: 0, limit: 1000 });
    await redis.del(`${prefix}users`);
    expect((await adapter.listUsers({ offset: 0, limit: 1000 })).total).toBe(0);
    expect(await indexStoredUsers(redis, { prefix })).toBe(all.total);
    expect(await adapter.listUsers({ offset: 0, limit: 1000 })).toEqual(all);
    expect(await indexStoredUsers(redis, { prefix })).toBe(0);
  });
});
