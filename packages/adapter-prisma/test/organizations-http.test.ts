/**
 * `Organizations()` through `Auth()` with database sessions stored by @latch/prisma on each
 * provider, invitations mailed to the testing SMTP server: an organization made with its owner, a
 * taken slug refused with nothing written, an invitation accepted once, the active organization
 * read with the session, and a removed member's session that no longer acts for it at its next
 * request.
 */
import { randomUUID } from "node:crypto";
import { Auth, type AuthConfig } from "@latch/core";
import { Organizations, accessControl } from "@latch/core/organizations";
import { hashPassword } from "@latch/core/passwords";
import Nodemailer from "@latch/core/providers/nodemailer";
import Password from "@latch/core/providers/password";
import { handlerClient, needService, services, startSmtpServer, type SmtpTestServer } from "@latch/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PrismaAdapter } from "../src/adapter.js";
import { deployMigrations, openStore, type Provider, type TestStore } from "./clients.js";

const origin = "http://localhost:3000";
const reachable: Record<Provider, boolean> = {
  postgresql: await needService(services.postgres),
  mysql: await needService(services.mariadb),
  sqlite: true,
};

const ac = accessControl({ project: ["create"] } as const, {
  owner: { project: ["create"], organization: ["update", "delete"], member: ["update", "delete"], invitation: ["create", "cancel"] },
  admin: { project: ["create"], member: ["update", "delete"], invitation: ["create", "cancel"] },
  member: { project: ["create"] },
});

/** A browser of one person, signed in with `Password()`, that posts JSON with the CSRF token. */
async function signedIn(config: AuthConfig, email: string) {
  const client = handlerClient((request) => Auth(request, config), { origin });
  const signIn = await client.post("/auth/callback/password", { callbackUrl: `${origin}/home`, email, password: "copper lantern 77" });
  expect(signIn.headers.get("location")).toBe(`${origin}/home`);
  return {
    session: client.session as () => Promise<{ user?: { email?: string }; organization?: { id: string; slug: string; role: string } } | null>,
    post: async (path: string, body: Record<string, unknown>) =>
      client.request(`/auth/${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ csrfToken: await client.csrf(), ...body }) }),
  };
}

describe.each(["postgresql", "mysql", "sqlite"] as const)("Organizations() on @latch/prisma under Auth() on %s", (provider) => {
  const run = reachable[provider];
  let store: TestStore;
  let smtp: SmtpTestServer;
  beforeAll(async () => {
    if (!run) return;
    store = await openStore(provider);
    await deployMigrations(store.prisma, provider);
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await store?.drop();
    await smtp?.close();
  });

  test.runIf(run)("made with its owner, a taken slug writes nothing, an invitation joins once, a removed member's session loses the organization", async () => {
    const adapter = PrismaAdapter(store.prisma);
    const config: AuthConfig = {
      secret: "prisma-organizations-secret-0123456789abcdef",
      trustHost: true,
      adapter,
      providers: [Password(), Nodemailer({ server: smtp.url, from: "Latch <no-reply@example.com>" })],
      session: { strategy: "database" },
      organizations: Organizations({ access: ac }),
      logger: { error: () => {}, warn: () => {}, debug: () => {} },
    };
    const person = async (name: string) => {
      const user = await adapter.createUser!({ id: randomUUID(), email: `${name}-${randomUUID().slice(0, 8)}@example.com`, name, image: null, emailVerified: new Date() });
      await adapter.setPassword!({ userId: user.id, hash: await hashPassword("copper lantern 77"), updatedAt: new Date() });
      return user;
    };
    const [aliceUser, bobUser] = [await person("alice"), await person("bob")];
    const [alice, bob] = [await signedIn(config, aliceUser.email), await signedIn(config, bobUser.email)];

    const made = await alice.post("organizations/create", { name: "Acme", slug: `acme-${provider}`, metadata: { plan: "pro" } });
    expect(made.status).toBe(201);
    const { organization } = (await made.json()) as { organization: { id: string; slug: string; metadata: unknown } };
    expect(organization).toMatchObject({ slug: `acme-${provider}`, metadata: { plan: "pro" } });
    const taken = await bob.post("organizations/create", { name: "Other", slug: `acme-${provider}` });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ error: "OrganizationSlugTaken" });
    expect(await store.prisma.organization.count({ where: { slug: `acme-${provider}` } })).toBe(1);
    expect(await store.prisma.member.count({ where: { userId: bobUser.id } })).toBe(0);

    expect((await alice.post("organizations/switch", { organizationId: organization.id })).status).toBe(200);
    expect((await alice.session())?.organization).toEqual({ id: organization.id, slug: organization.slug, role: "owner" });

    expect((await alice.post("organizations/invitations/create", { organizationId: organization.id, email: bobUser.email, role: "admin" })).status).toBe(201);
    const link = new URL((await smtp.waitForMail({ to: bobUser.email })).urls.find((url) => url.includes("/organizations/invitations/accept"))!);
    const accept = () => bob.post("organizations/invitations/accept", { id: link.searchParams.get("id"), token: link.searchParams.get("token") });
    expect((await accept()).status).toBe(200);
    expect((await accept()).status).toBeGreaterThanOrEqual(400);
    expect(await store.prisma.member.count({ where: { userId: bobUser.id } })).toBe(1);

    expect((await bob.post("organizations/switch", { organizationId: organization.id })).status).toBe(200);
    expect((await bob.session())?.organization).toEqual({ id: organization.id, slug: organization.slug, role: "admin" });
    expect((await alice.post("organizations/members/remove", { organizationId: organization.id, userId: bobUser.id })).status).toBe(200);
    const after = await bob.session();
    expect(after?.user?.email).toBe(bobUser.email);
    expect(after?.organization).toBeUndefined();
  });
});
