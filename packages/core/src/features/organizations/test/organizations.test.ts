/**
 * `Organizations()` over real HTTP (node:http in front of `Auth()`), stored through `@latch/pg`
 * on PGlite and on the real PostgreSQL, invitations mailed to the testing SMTP server: making
 * organizations, roles and what they allow, the last owner, the active organization on a
 * database session (read with it, no further read for a permission check), invitations (bound to
 * the address, single use, expiry, resend, cancel, decline) and what inviting reveals.
 */
import { createHash } from "node:crypto";
import type { AuthConfig } from "@latch/core";
import { Organizations, accessControl } from "@latch/core/organizations";
import { RateLimit } from "@latch/core/rate-limit";
import { migrate } from "@latch/pg";
import Nodemailer from "@latch/core/providers/nodemailer";
import { freePort, startSmtpServer, type SmtpTestServer } from "@latch/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { pgEngines, serveLatch, type Engine, type LatchServer } from "../../access-tokens/test/harness.js";
import { Browser, countedAdapter, organizationsConfig, people, peopleProvider, seedPeople } from "./harness.js";

const engines = await pgEngines();

const ac = accessControl({ project: ["create", "delete"] } as const, {
  owner: { project: ["create", "delete"], organization: ["update", "delete"], member: ["update", "delete"], invitation: ["create", "cancel"] },
  admin: { project: ["create", "delete"], organization: ["update"], member: ["update", "delete"], invitation: ["create", "cancel"] },
  member: { project: ["create"] },
});

describe.each(engines)("organizations stored on %s", (_name, open, available) => {
  let engine: Engine;
  let latch: LatchServer;
  let smtp: SmtpTestServer;
  let counted: ReturnType<typeof countedAdapter>;
  const events: string[] = [];
  const option = Organizations({
    access: ac,
    events: {
      organizationCreated: ({ organization }) => void events.push(`created ${organization.slug}`),
      memberAdded: ({ member }) => void events.push(`added ${member.userId} ${member.role}`),
      memberRemoved: ({ member }) => void events.push(`removed ${member.userId}`),
      roleChanged: ({ member, from }) => void events.push(`role ${member.userId} ${from}->${member.role}`),
      invitationSent: ({ invitation }) => void events.push(`invited ${invitation.email}`),
    },
  });
  const configOf = (overrides: Partial<AuthConfig> = {}) => organizationsConfig(counted.adapter, smtp, { organizations: option, ...overrides });
  let alice: Browser, bob: Browser, carol: Browser, dave: Browser;

  /** Makes an organization as alice; its id. */
  async function organization(slug: string): Promise<string> {
    const response = await alice.post("organizations/create", { name: `Org ${slug}`, slug });
    expect(response.status).toBe(201);
    return ((await response.json()) as { organization: { id: string } }).organization.id;
  }

  /** Invites `email` to `organizationId` as `by`; the mailed link. */
  async function invite(by: Browser, organizationId: string, email: string, role?: string): Promise<string> {
    const response = await by.post("organizations/invitations/create", { organizationId, email, ...(role && { role }) });
    expect(response.status).toBe(201);
    const mail = await smtp.waitForMail({ to: email });
    return mail.urls.find((url) => url.includes("/organizations/invitations/accept"))!;
  }

  /** Accepts the link as `who`: the POST's response. */
  const accept = (who: Browser, link: string) => {
    const url = new URL(link);
    return who.post("organizations/invitations/accept", { id: url.searchParams.get("id"), token: url.searchParams.get("token") });
  };

  beforeAll(async () => {
    if (!available) return;
    engine = await open();
    await migrate(engine.db as never);
    await seedPeople(engine);
    smtp = await startSmtpServer();
    counted = countedAdapter(engine.db);
    latch = await serveLatch(configOf());
    [alice, bob, carol, dave] = await Promise.all([new Browser(latch.origin).signIn("alice"), new Browser(latch.origin).signIn("bob"), new Browser(latch.origin).signIn("carol"), new Browser(latch.origin).signIn("dave")]);
  });
  afterAll(async () => {
    if (!available) return;
    await latch.close();
    await smtp.close();
    await engine.close();
  });

  test.skipIf(!available)("an invitation whose mail cannot be sent is answered as an error and leaves no pending invitation", async () => {
    const id = await organization("mail-down");
    const closed = await freePort();
    latch.config = configOf({ providers: [peopleProvider(), Nodemailer({ server: `smtp://127.0.0.1:${closed}`, from: "Latch <no-reply@example.com>" })] });
    try {
      const response = await alice.post("organizations/invitations/create", { organizationId: id, email: "unreached@example.com" });
      expect(response.status).toBe(502);
      expect(await response.json()).toMatchObject({ error: "InvitationNotSent" });
    } finally {
      latch.config = configOf();
    }
    const listed = (await (await alice.get(`organizations/invitations?organizationId=${id}`)).json()) as { invitations: { email: string; status: string }[] };
    expect(listed.invitations.filter((invitation) => invitation.email === "unreached@example.com" && invitation.status === "pending")).toEqual([]);
    expect((await engine.db.query(`SELECT status FROM invitations WHERE email = 'unreached@example.com'`)).rows).toEqual([{ status: "canceled" }]);
  });

  test.skipIf(!available)("a signed-in user makes an organization (CSRF checked, slug checked and unique) and is its owner", async () => {
    const refused = await alice.post("organizations/create", { name: "No token", slug: "no-token" }, { csrf: false });
    expect(refused.status).toBe(403);
    expect((await engine.db.query(`SELECT 1 FROM organizations WHERE slug = 'no-token'`)).rows).toEqual([]);
    const anonymous = await new Browser(latch.origin).post("organizations/create", { name: "Anon", slug: "anon" });
    expect(anonymous.status).toBe(401);
    for (const slug of ["Upper", "two--hyphens", "-edge", "", "x".repeat(49), 42]) {
      const response = await alice.post("organizations/create", { name: "Bad", slug });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: "InvalidRequest" });
    }
    const made = await alice.post("organizations/create", { name: "Acme", slug: "acme", metadata: { plan: "pro" } });
    expect(made.status).toBe(201);
    const { organization } = (await made.json()) as { organization: { id: string; slug: string; metadata: unknown } };
    expect(organization).toMatchObject({ slug: "acme", metadata: { plan: "pro" } });
    expect(events).toEqual(expect.arrayContaining(["created acme", `added ${people.alice.id} owner`]));
    const taken = await bob.post("organizations/create", { name: "Other", slug: "acme" });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ error: "OrganizationSlugTaken" });
    // Nothing half-written: no organization without its owner, no member of an organization not made.
    expect((await engine.db.query(`SELECT count(*)::int AS n FROM organizations WHERE slug = 'acme'`)).rows).toEqual([{ n: 1 }]);
    expect((await engine.db.query(`SELECT count(*)::int AS n FROM members WHERE "userId" = $1`, [people.bob.id])).rows).toEqual([{ n: 0 }]);
    const listed = (await (await alice.get("organizations")).json()) as { organizations: { slug: string; role: string }[] };
    expect(listed.organizations).toContainEqual(expect.objectContaining({ slug: "acme", role: "owner" }));
    expect(((await (await bob.get("organizations")).json()) as { organizations: unknown[] }).organizations).toEqual([]);
    // Another user sees nothing of it.
    expect((await bob.get(`organizations/get?organizationId=${organization.id}`)).status).toBe(404);
    const updated = await alice.post("organizations/update", { organizationId: organization.id, name: "Acme Inc." });
    expect(await updated.json()).toMatchObject({ organization: { name: "Acme Inc.", slug: "acme" } });
  });

  test.skipIf(!available)("inviting an address with an account and one without gives the same answer, mails both, and does the same adapter work", async () => {
    const id = await organization("enum-check");
    const work: Record<string, number>[] = [];
    const answers: unknown[] = [];
    for (const email of [people.bob.email, "nobody-here@example.com"]) {
      counted.calls.clear();
      const response = await alice.post("organizations/invitations/create", { organizationId: id, email });
      expect(response.status).toBe(201);
      const { invitation } = (await response.json()) as { invitation: Record<string, unknown> };
      answers.push(Object.keys(invitation).sort());
      expect(invitation).not.toHaveProperty("hash");
      work.push(Object.fromEntries(counted.calls));
      const mail = await smtp.waitForMail({ to: email });
      expect(mail.subject).toBe("You are invited to join Org enum-check");
      expect(mail.text).toContain("Alice invited you to join Org enum-check");
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(work[0]).toEqual(work[1]);
    expect(work[0]).not.toHaveProperty("getUserByEmail");
  });

  test.skipIf(!available)("the mailed link: not signed in, to sign-in and back; bound to the invited address; stored as its SHA-256; used once", async () => {
    const id = await organization("join-us");
    const link = await invite(alice, id, people.bob.email);
    const token = new URL(link).searchParams.get("token")!;
    const { rows } = await engine.db.query(`SELECT hash FROM invitations WHERE id = $1`, [new URL(link).searchParams.get("id")]);
    expect(rows).toEqual([{ hash: createHash("sha256").update(token).digest("hex") }]);
    expect(JSON.stringify(rows)).not.toContain(token);

    // Not signed in: the sign-in page, coming back to the link.
    const opened = await fetch(link, { redirect: "manual" });
    expect(opened.status).toBe(302);
    const signIn = new URL(opened.headers.get("location")!);
    expect(signIn.pathname).toBe("/auth/signin");
    expect(signIn.searchParams.get("callbackUrl")).toBe(link);

    // Another signed-in address: refused, and nothing spent.
    const other = await carol.get(link.slice(`${latch.origin}/auth/`.length));
    expect(other.status).toBe(403);
    expect(await other.json()).toMatchObject({ error: "InvitationForAnotherAddress" });
    const otherAccept = await accept(carol, link);
    expect(otherAccept.status).toBe(403);
    expect((await engine.db.query(`SELECT 1 FROM members WHERE "userId" = $1 AND "organizationId" = $2`, [people.carol.id, id])).rows).toEqual([]);

    // A wrong token: one refusal for every reason.
    const wrong = new URL(link);
    wrong.searchParams.set("token", "A".repeat(43));
    expect(await (await accept(bob, wrong.toString())).json()).toMatchObject({ error: "InvitationInvalid" });

    const shown = await bob.get(link.slice(`${latch.origin}/auth/`.length));
    expect(await shown.json()).toMatchObject({ organization: { id, slug: "join-us" }, invitation: { email: people.bob.email, role: "member" } });
    const joined = await accept(bob, link);
    expect(joined.status).toBe(200);
    expect(await joined.json()).toMatchObject({ organization: { id }, role: "member" });
    expect(events).toContain(`added ${people.bob.id} member`);
    const again = await accept(bob, link);
    expect(again.status).toBe(410);
    expect(await again.json()).toMatchObject({ error: "InvitationInvalid" });
  });

  test.skipIf(!available)("an address without an account: the link leads through sign-in and back to the invitation", async () => {
    const id = await organization("newcomers");
    // dave's address stands for one whose account is made at the sign-in the link leads to.
    const link = await invite(alice, id, people.dave.email);
    const stranger = new Browser(latch.origin);
    const opened = await stranger.get(link.slice(`${latch.origin}/auth/`.length));
    const back = new URL(opened.headers.get("location")!).searchParams.get("callbackUrl")!;
    await stranger.signIn("dave");
    const shown = await stranger.get(back.slice(`${latch.origin}/auth/`.length));
    expect(shown.status).toBe(200);
    expect((await accept(stranger, back)).status).toBe(200);
    expect((await engine.db.query(`SELECT role FROM members WHERE "userId" = $1 AND "organizationId" = $2`, [people.dave.id, id])).rows).toEqual([{ role: "member" }]);
  });

  test.skipIf(!available)("accepting proves an unproven address: what was attached to it before ends, her sessions included, and she joins", async () => {
    const id = await organization("proof");
    const [first, second] = [await new Browser(latch.origin).signIn("erin"), await new Browser(latch.origin).signIn("erin")];
    const link = await invite(alice, id, people.erin.email);
    const proofs: string[] = [];
    latch.config = configOf({ events: { emailProven: ({ provider }) => void proofs.push(provider) } });
    try {
      expect((await accept(first, link)).status).toBe(200);
    } finally {
      latch.config = configOf();
    }
    expect(proofs).toEqual(["invitation"]);
    const { rows } = await engine.db.query(`SELECT "emailVerified" FROM users WHERE id = $1`, [people.erin.id]);
    expect((rows[0] as { emailVerified: Date | null }).emailVerified).toBeInstanceOf(Date);
    expect((await engine.db.query(`SELECT 1 FROM sessions WHERE "userId" = $1`, [people.erin.id])).rows).toEqual([]);
    expect(await first.session()).toBeNull();
    expect(await second.session()).toBeNull();
    expect((await engine.db.query(`SELECT role FROM members WHERE "organizationId" = $1 AND "userId" = $2`, [id, people.erin.id])).rows).toEqual([{ role: "member" }]);
  });

  test.skipIf(!available)("declined, canceled, expired and resent invitations: each old link is refused", async () => {
    const id = await organization("closing");
    const declined = await invite(alice, id, "declined@example.com");
    const url = new URL(declined);
    expect((await new Browser(latch.origin).post("organizations/invitations/decline", { id: url.searchParams.get("id"), token: url.searchParams.get("token") })).status).toBe(200);
    expect((await accept(bob, declined)).status).toBe(410);

    const canceledLink = await invite(alice, id, people.carol.email);
    const canceledId = new URL(canceledLink).searchParams.get("id");
    expect((await alice.post("organizations/invitations/cancel", { organizationId: id, invitationId: canceledId })).status).toBe(200);
    expect((await accept(carol, canceledLink)).status).toBe(410);

    const expiring = await invite(alice, id, people.carol.email);
    await engine.db.query(`UPDATE invitations SET expires = now() - interval '1 second' WHERE id = $1`, [new URL(expiring).searchParams.get("id")]);
    expect((await accept(carol, expiring)).status).toBe(410);

    const first = await invite(alice, id, people.carol.email);
    const invitationId = new URL(first).searchParams.get("id");
    expect((await alice.post("organizations/invitations/resend", { organizationId: id, invitationId })).status).toBe(200);
    const resent = (await smtp.waitForMail({ to: people.carol.email })).urls.find((u) => u.includes("/invitations/accept"))!;
    expect(resent).not.toBe(first);
    expect((await accept(carol, first)).status).toBe(410);
    expect((await accept(carol, resent)).status).toBe(200);
    const listed = (await (await alice.get(`organizations/invitations?organizationId=${id}`)).json()) as { invitations: { status: string; hash?: string }[] };
    expect(listed.invitations.map((i) => i.status).sort()).toEqual(["accepted", "canceled", "declined", "pending"]);
    expect(listed.invitations.every((i) => !("hash" in i))).toBe(true);
  });

  test.skipIf(!available)("a member acting beyond their role is refused with 403; an admin may manage members but not delete the organization", async () => {
    const id = await organization("roles");
    await accept(bob, await invite(alice, id, people.bob.email));
    await accept(carol, await invite(alice, id, people.carol.email, "admin"));
    const asMember: [string, Record<string, unknown>][] = [
      ["organizations/invitations/create", { organizationId: id, email: "x@example.com" }],
      ["organizations/members/remove", { organizationId: id, userId: people.carol.id }],
      ["organizations/members/role", { organizationId: id, userId: people.carol.id, role: "member" }],
      ["organizations/update", { organizationId: id, name: "Taken over" }],
      ["organizations/delete", { organizationId: id }],
    ];
    for (const [path, body] of asMember) {
      const response = await bob.post(path, body);
      expect(response.status, path).toBe(403);
      expect(await response.json()).toMatchObject({ error: "OrganizationPermissionDenied" });
    }
    expect((await carol.post("organizations/delete", { organizationId: id })).status).toBe(403);
    // An admin cannot touch an owner, nor make one.
    expect((await carol.post("organizations/members/remove", { organizationId: id, userId: people.alice.id })).status).toBe(403);
    expect((await carol.post("organizations/members/role", { organizationId: id, userId: people.bob.id, role: "owner" })).status).toBe(403);
    expect((await carol.post("organizations/members/role", { organizationId: id, userId: people.bob.id, role: "emperor" })).status).toBe(400);
    const promoted = await carol.post("organizations/members/role", { organizationId: id, userId: people.bob.id, role: "admin" });
    expect(promoted.status).toBe(200);
    expect(events).toContain(`role ${people.bob.id} member->admin`);
    const members = (await (await bob.get(`organizations/members?organizationId=${id}`)).json()) as { members: { email: string; role: string }[] };
    expect(members.members.map((m) => `${m.email} ${m.role}`)).toEqual([`${people.alice.email} owner`, `${people.bob.email} admin`, `${people.carol.email} admin`]);
    expect((await dave.get(`organizations/members?organizationId=${id}`)).status).toBe(404);
  });

  test.skipIf(!available)("the last owner cannot leave, be removed or lose the role; after a transfer the former owner may leave", async () => {
    const id = await organization("last-owner");
    await accept(bob, await invite(alice, id, people.bob.email));
    const leave = await alice.post("organizations/leave", { organizationId: id });
    expect(leave.status).toBe(409);
    expect(await leave.json()).toMatchObject({ error: "LastOwner" });
    const removed = await alice.post("organizations/members/remove", { organizationId: id, userId: people.alice.id });
    expect(removed.status).toBe(409);
    expect(await removed.json()).toMatchObject({ error: "LastOwner" });
    const demoted = await alice.post("organizations/members/role", { organizationId: id, userId: people.alice.id, role: "admin" });
    expect(demoted.status).toBe(409);
    expect(await demoted.json()).toMatchObject({ error: "LastOwner" });
    expect((await engine.db.query(`SELECT role FROM members WHERE "organizationId" = $1 AND "userId" = $2`, [id, people.alice.id])).rows).toEqual([{ role: "owner" }]);

    expect((await bob.post("organizations/transfer", { organizationId: id, userId: people.bob.id })).status).toBe(403);
    expect((await alice.post("organizations/transfer", { organizationId: id, userId: people.carol.id })).status).toBe(404);
    expect((await alice.post("organizations/transfer", { organizationId: id, userId: people.bob.id })).status).toBe(200);
    const roles = (await engine.db.query(`SELECT "userId", role FROM members WHERE "organizationId" = $1 ORDER BY "userId"`, [id])).rows;
    expect(roles).toEqual([{ userId: people.alice.id, role: "admin" }, { userId: people.bob.id, role: "owner" }]);
    expect((await alice.post("organizations/leave", { organizationId: id })).status).toBe(200);
    expect(events).toContain(`removed ${people.alice.id}`);
  });

  test.skipIf(!available)("two owners leaving, or demoting each other, at the same time: one is refused and an owner always remains", async () => {
    const rounds = 12;
    for (let round = 0; round < rounds; round++) {
      const id = `race-${round}-${Date.now()}`;
      await engine.db.query(`INSERT INTO organizations (id, name, slug, "createdAt") VALUES ($1, $1, $1, now())`, [id]);
      for (const person of [people.alice, people.bob]) await engine.db.query(`INSERT INTO members ("organizationId", "userId", role, "createdAt") VALUES ($1, $2, 'owner', now())`, [id, person.id]);
      const [first, second] =
        round % 2
          ? await Promise.all([alice.post("organizations/members/role", { organizationId: id, userId: people.bob.id, role: "admin" }), bob.post("organizations/members/role", { organizationId: id, userId: people.alice.id, role: "admin" })])
          : await Promise.all([alice.post("organizations/leave", { organizationId: id }), bob.post("organizations/leave", { organizationId: id })]);
      const owners = (await engine.db.query(`SELECT "userId" FROM members WHERE "organizationId" = $1 AND role = 'owner'`, [id])).rows;
      expect(owners).toHaveLength(1);
      // The one that came second is refused: LastOwner, or (demoted already when it read its own role) no owner to unmake one.
      const refused = first!.status === 200 ? second! : first!;
      expect([first!.status, second!.status]).toContain(200);
      expect(await refused.json()).toMatchObject(refused.status === 409 ? { error: "LastOwner" } : { error: "OrganizationPermissionDenied" });
    }
  });

  test.skipIf(!available)("the active organization rides on the database session: one read for the session, none for a permission check", async () => {
    const id = await organization("active");
    await accept(bob, await invite(alice, id, people.bob.email));
    const other = await organization("not-bobs");
    const refused = await bob.post("organizations/switch", { organizationId: other });
    expect(refused.status).toBe(404);
    expect((await bob.session())?.organization).toBeUndefined();
    expect((await bob.post("organizations/switch", { organizationId: id }, { csrf: false })).status).toBe(403);
    const switched = await bob.post("organizations/switch", { organizationId: id });
    expect(await switched.json()).toEqual({ organization: { id, slug: "active", role: "member" } });

    counted.calls.clear();
    const session = await bob.session();
    expect(session?.organization).toEqual({ id, slug: "active", role: "member" });
    expect(Object.fromEntries(counted.calls)).toEqual({ getSessionAndUser: 1 });
    expect(ac.hasPermission(session, "project:create")).toBe(true);
    expect(ac.hasPermission(session, "project:delete")).toBe(false);
    expect(ac.hasPermission(session, "member:delete")).toBe(false);
    expect(counted.total()).toBe(1);

    // A role change holds at the session's next request.
    await alice.post("organizations/members/role", { organizationId: id, userId: people.bob.id, role: "admin" });
    const promoted = await bob.session();
    expect(promoted?.organization?.role).toBe("admin");
    expect(ac.hasPermission(promoted, "project:delete")).toBe(true);

    // Back to none.
    expect(await (await bob.post("organizations/switch", { organizationId: null })).json()).toEqual({ organization: null });
    expect((await bob.session())?.organization).toBeUndefined();
  });

  test.skipIf(!available)("roles an organization makes at run time: stored through the adapter, no more than their maker holds, carried with the session", async () => {
    const id = await organization("custom-roles");
    await accept(bob, await invite(alice, id, people.bob.email));
    await accept(carol, await invite(alice, id, people.carol.email, "admin"));
    const make = (who: Browser, name: unknown, permissions: unknown) => who.post("organizations/roles/create", { organizationId: id, name, permissions });
    // An admin cannot hand out what an admin lacks.
    const beyond = await make(carol, "deleters", ["organization:delete"]);
    expect(beyond.status).toBe(403);
    expect(await beyond.json()).toMatchObject({ error: "OrganizationPermissionDenied" });
    expect((await make(bob, "mine", ["project:create"])).status).toBe(403);
    expect((await make(carol, "billing", ["project:fly"])).status).toBe(400);
    expect((await make(carol, "Billing", ["project:create"])).status).toBe(400);
    expect(await (await make(carol, "admin", ["project:create"])).json()).toMatchObject({ error: "OrganizationRoleConflict" });
    const made = await make(carol, "billing", ["project:create", "invitation:create"]);
    expect(made.status).toBe(201);
    expect((await make(carol, "billing", ["project:create"])).status).toBe(409);
    // The owner may make a role an admin could not, and then the admin cannot hand it out.
    expect((await make(alice, "closers", ["organization:delete"])).status).toBe(201);
    const handed = await carol.post("organizations/members/role", { organizationId: id, userId: people.bob.id, role: "closers" });
    expect(handed.status).toBe(403);
    expect((await carol.post("organizations/invitations/create", { organizationId: id, email: "closer@example.com", role: "closers" })).status).toBe(403);
    expect((await engine.db.query(`SELECT permissions FROM organization_roles WHERE "organizationId" = $1 AND name = 'billing'`, [id])).rows).toEqual([{ permissions: ["project:create", "invitation:create"] }]);
    const roles = (await (await bob.get(`organizations/roles?organizationId=${id}`)).json()) as { roles: { name: string; builtIn: boolean }[] };
    expect(roles.roles.map((role) => `${role.name}${role.builtIn ? "" : "*"}`)).toEqual(["owner", "admin", "member", "billing*", "closers*"]);

    expect((await alice.post("organizations/members/role", { organizationId: id, userId: people.bob.id, role: "billing" })).status).toBe(200);
    await bob.post("organizations/switch", { organizationId: id });
    counted.calls.clear();
    const session = await bob.session();
    expect(session?.organization).toEqual({ id, slug: "custom-roles", role: "billing", permissions: ["project:create", "invitation:create"] });
    expect(Object.fromEntries(counted.calls)).toEqual({ getSessionAndUser: 1 });
    expect(ac.hasPermission(session, "project:create")).toBe(true);
    expect(ac.hasPermission(session, "project:delete")).toBe(false);
    expect(counted.total()).toBe(1);
    // The endpoints read the made role too.
    expect((await bob.post("organizations/invitations/create", { organizationId: id, email: "billing-friend@example.com" })).status).toBe(201);
    await smtp.waitForMail({ to: "billing-friend@example.com" });
    expect((await bob.post("organizations/members/remove", { organizationId: id, userId: people.carol.id })).status).toBe(403);

    // Held, it stays; given back, it goes.
    const held = await carol.post("organizations/roles/delete", { organizationId: id, name: "billing" });
    expect(held.status).toBe(409);
    await alice.post("organizations/members/role", { organizationId: id, userId: people.bob.id, role: "member" });
    expect((await carol.post("organizations/roles/delete", { organizationId: id, name: "billing" })).status).toBe(200);
    expect((await bob.session())?.organization).toEqual({ id, slug: "custom-roles", role: "member" });
    expect((await alice.post("organizations/members/role", { organizationId: id, userId: people.bob.id, role: "billing" })).status).toBe(400);
  });

  test.skipIf(!available)("a removed member's session no longer acts for the organization at its next request", async () => {
    const id = await organization("removal");
    await accept(carol, await invite(alice, id, people.carol.email, "admin"));
    await carol.post("organizations/switch", { organizationId: id });
    const before = await carol.session();
    expect(ac.hasPermission(before, "member:delete")).toBe(true);
    expect((await alice.post("organizations/members/remove", { organizationId: id, userId: people.carol.id })).status).toBe(200);
    const after = await carol.session();
    expect(after?.user?.email).toBe(people.carol.email);
    expect(after?.organization).toBeUndefined();
    expect(ac.hasPermission(after, "member:delete")).toBe(false);
    const invited = await carol.post("organizations/invitations/create", { organizationId: id, email: "late@example.com" });
    expect(invited.status).toBe(404);
    expect(await invited.json()).toMatchObject({ error: "OrganizationNotFound" });
  });

  test.skipIf(!available)("deleting an organization takes its members and invitations with it", async () => {
    const id = await organization("short-lived");
    await invite(alice, id, "pending@example.com");
    await accept(bob, await invite(alice, id, people.bob.email));
    await bob.post("organizations/switch", { organizationId: id });
    expect((await alice.post("organizations/delete", { organizationId: id })).status).toBe(200);
    for (const table of ["members", "invitations"]) expect((await engine.db.query(`SELECT 1 FROM ${table} WHERE "organizationId" = $1`, [id])).rows).toEqual([]);
    expect((await bob.session())?.organization).toBeUndefined();
  });

  test.skipIf(!available)("invitations are limited per inviter and per organization through the rate limits", async () => {
    const id = await organization("limited");
    await accept(carol, await invite(alice, id, people.carol.email, "admin"));
    latch.config = configOf({ rateLimit: RateLimit({ routes: { invitation: { ip: 100, account: 2 }, organizationInvitation: { account: 3 } }, keyPrefix: `orgs-${Date.now()}-${Math.random()}:` }) });
    try {
      let n = 0;
      const send = (by: Browser) => by.post("organizations/invitations/create", { organizationId: id, email: `limit-${++n}@example.com` });
      expect((await send(alice)).status).toBe(201);
      expect((await send(alice)).status).toBe(201);
      // A third by the same inviter, to another address: the inviter's limit.
      const third = await send(alice);
      expect(third.status).toBe(429);
      expect(third.headers.get("retry-after")).toMatch(/^\d+$/);
      // Another inviter of the organization: its third invitation passes, its fourth is over the organization's limit.
      expect((await send(carol)).status).toBe(201);
      const fourth = await send(carol);
      expect(fourth.status).toBe(429);
      expect((await engine.db.query(`SELECT count(*)::int AS n FROM invitations WHERE "organizationId" = $1 AND email LIKE 'limit-%'`, [id])).rows).toEqual([{ n: 3 }]);
    } finally {
      latch.config = configOf();
    }
  });
});
