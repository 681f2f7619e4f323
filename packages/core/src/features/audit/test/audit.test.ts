/**
 * `AuditTrail()` over real HTTP (node:http in front of `Auth()`), events stored through `@latch/pg`
 * on PGlite and on the real PostgreSQL (a schema of its own): credentials sign-ins that succeed
 * and fail (the provider and the error's type, never the password), an emailed link through the
 * testing SMTP server, sign-out, an organization's invitation sent and accepted, an
 * administrator's ban, the client's network hashed (or in clear, or dropped), who may read which
 * events at `GET <base>/audit` (a user their own, an organization's owners and admins theirs, a
 * site administrator all) with cursor paging, the logger exporter, and a failed write that
 * leaves the request as it was.
 */
import type { AuthConfig } from "@latch/core";
import type { AdapterAuditEvent, AuditAdapter } from "@latch/core/adapters";
import { Admin } from "@latch/core/admin";
import { AuditTrail, listAuditEvents, loggerExporter, type AuditTrailOptions } from "@latch/core/audit";
import { Organizations } from "@latch/core/organizations";
import Nodemailer from "@latch/core/providers/nodemailer";
import type { SmtpTestServer } from "@latch/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { pgEngines, serveLatch, type Engine, type LatchServer } from "../../access-tokens/test/harness.js";
import { Browser, countedAdapter, openWithPeople, organizationsConfig, people } from "../../organizations/test/harness.js";

const engines = await pgEngines();

type Shown = Omit<AdapterAuditEvent, "at"> & { at: string };

describe.each(engines)("the audit trail on %s", (_name, open, available) => {
  let engine: Engine;
  let smtp: SmtpTestServer;
  let latch: LatchServer;
  let config: AuthConfig;
  const logged: [string, string][] = [];
  const logger = { error: (code: string, message: unknown) => void logged.push([code, String(message)]), warn: (code: string, message: unknown) => void logged.push([code, String(message)]), debug: () => {} };
  const configOf = (adapter: AuthConfig["adapter"], audit: AuditTrailOptions = {}): AuthConfig =>
    organizationsConfig(adapter!, smtp, {
      logger,
      providers: [...(organizationsConfig(adapter!, smtp).providers ?? []).slice(0, 1), Nodemailer({ server: smtp.url, from: "Latch <no-reply@example.com>" })],
      admin: Admin({ adminUserIds: [people.dave.id] }),
      organizations: Organizations(),
      audit: AuditTrail({ clientAddress: { header: "x-client-ip" }, exporters: [loggerExporter()], ...audit }),
    });
  const browser = () => new Browser(latch.origin);
  const page = async (who: Browser, query = "") => {
    const response = await who.get(`audit${query}`);
    return { status: response.status, body: (await response.json()) as { events: Shown[]; cursor: string | null; error?: string } };
  };
  const stored = async (userId: string) => (await listAuditEvents(config, { userId, limit: 100 })).events;

  beforeAll(async () => {
    if (!available) return;
    ({ engine, smtp } = await openWithPeople(open));
    config = configOf(countedAdapter(engine.db).adapter);
    latch = await serveLatch(config);
  });
  afterAll(async () => {
    if (!available) return;
    await latch.close();
    await smtp.close();
    await engine.close();
  });

  test.runIf(available)("a credentials sign-in and a wrong password are recorded with the provider, the error's type and the hashed network; never the password", async () => {
    const wrong = browser();
    const csrfToken = await wrong.csrf();
    const refused = await fetch(`${latch.origin}/auth/callback/credentials`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: wrong.jar.header(), "x-client-ip": "203.0.113.7", "user-agent": "AuditTest/1" },
      body: new URLSearchParams({ csrfToken, username: "alice", password: "not-the-password" }),
    });
    expect(refused.status).toBe(302);
    const alice = await browser().signIn("alice");
    const events = await stored(people.alice.id);
    expect(events[0]).toMatchObject({ action: "signIn", outcome: "success", actorUserId: people.alice.id, subjectUserId: people.alice.id, details: { provider: "credentials" } });
    const all = (await listAuditEvents(config, { limit: 500 })).events;
    const failed = all.find((event) => event.action === "signIn" && event.outcome === "failure" && event.userAgent === "AuditTest/1")!;
    expect(failed).toMatchObject({ details: { provider: "credentials", error: "CredentialsSignin" }, subjectUserId: null });
    expect(failed.network).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(all)).not.toContain("not-the-password");
    expect(JSON.stringify(all)).not.toContain("203.0.113.7");
    // Equal addresses match within the app.
    const again = browser();
    const token = await again.csrf();
    await fetch(`${latch.origin}/auth/callback/credentials`, { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded", cookie: again.jar.header(), "x-client-ip": "203.0.113.7", "user-agent": "AuditTest/2" }, body: new URLSearchParams({ csrfToken: token, username: "bob", password: "nope" }) });
    const second = (await listAuditEvents(config, { limit: 500 })).events.find((event) => event.userAgent === "AuditTest/2")!;
    expect(second.network).toBe(failed.network);
    // The logger exporter wrote one line per event, without the password.
    expect(logged.filter(([code]) => code === "AuditEvent").some(([, text]) => text.includes('"error":"CredentialsSignin"'))).toBe(true);
    expect(logged.map(([, text]) => text).join("\n")).not.toContain("not-the-password");
    const out = await alice.post("signout", {});
    expect(out.status).toBeLessThan(400);
    expect((await stored(people.alice.id))[0]).toMatchObject({ action: "signOut", subjectUserId: people.alice.id });
  });

  test.runIf(available)("an emailed link's sign-in is recorded with its provider", async () => {
    const jar = browser();
    const csrfToken = await jar.csrf();
    await fetch(`${latch.origin}/auth/signin/nodemailer`, { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.jar.header() }, body: new URLSearchParams({ csrfToken, email: people.carol.email }) });
    const mail = await smtp.waitForMail({ to: people.carol.email });
    const link = mail.urls.find((address) => address.includes("/auth/callback/nodemailer"))!;
    expect((await fetch(link, { redirect: "manual", headers: { cookie: jar.jar.header() } })).status).toBe(302);
    expect((await stored(people.carol.id))[0]).toMatchObject({ action: "signIn", outcome: "success", details: { provider: "nodemailer" } });
    // The spent link again: a failed sign-in of the same provider.
    await fetch(link, { redirect: "manual" });
    const failures = (await listAuditEvents(config, { limit: 500 })).events.filter((event) => event.outcome === "failure" && event.details?.provider === "nodemailer");
    expect(failures[0]?.details).toEqual({ provider: "nodemailer", error: "Verification" });
  });

  test.runIf(available)("who reads what: a user their own events only, an organization's owner its events, a member not, another user's refused, a site administrator everything", async () => {
    const [alice, bob, carol, dave] = await Promise.all([browser().signIn("alice"), browser().signIn("bob"), browser().signIn("carol"), browser().signIn("dave")]);
    const made = await alice.post("organizations/create", { name: "Audited", slug: `audited-${Date.now()}` });
    const organizationId = ((await made.json()) as { organization: { id: string } }).organization.id;
    expect((await alice.post("organizations/invitations/create", { organizationId, email: people.bob.email, role: "member" })).status).toBe(201);
    const invitation = new URL((await smtp.waitForMail({ to: people.bob.email })).urls.find((url) => url.includes("/invitations/accept"))!);
    expect((await bob.post("organizations/invitations/accept", { id: invitation.searchParams.get("id"), token: invitation.searchParams.get("token") })).status).toBe(200);

    const own = await page(bob);
    expect(own.status).toBe(200);
    expect(own.body.events.length).toBeGreaterThan(0);
    expect(own.body.events.every((event) => event.actorUserId === people.bob.id || event.subjectUserId === people.bob.id)).toBe(true);
    expect(own.body.events.map((event) => event.action)).toContain("organization.member.added");

    // Another user's events: refused.
    expect((await page(bob, `?userId=${people.alice.id}`)).status).toBe(403);
    // A plain member reads not the organization's events; a non-member neither.
    expect((await page(bob, `?organizationId=${organizationId}`)).status).toBe(403);
    expect((await page(carol, `?organizationId=${organizationId}`)).status).toBe(403);
    // Its owner does: the creation, the invitation and its acceptance, newest first.
    const owner = await page(alice, `?organizationId=${organizationId}`);
    expect(owner.status).toBe(200);
    expect(owner.body.events.map((event) => event.action)).toEqual([
      "organization.invitation.accepted",
      "organization.member.added",
      "organization.invitation.sent",
      "organization.member.added",
      "organization.created",
    ]);
    expect(owner.body.events.every((event) => event.organizationId === organizationId)).toBe(true);
    expect(JSON.stringify(owner.body)).not.toContain(people.bob.email);

    // The site administrator bans carol: recorded, and read back by the administrator, who may read anyone's.
    expect((await dave.post("admin/ban", { userId: people.carol.id, reason: "spam" })).status).toBe(200);
    const carols = await page(dave, `?userId=${people.carol.id}`);
    expect(carols.body.events[0]).toMatchObject({ action: "admin.ban", actorUserId: people.dave.id, subjectUserId: people.carol.id });
    // Her next sign-in is refused, and recorded as a failure.
    const refused = browser();
    const csrfToken = await refused.csrf();
    await fetch(`${latch.origin}/auth/callback/credentials`, { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded", cookie: refused.jar.header(), "user-agent": "Banned/1" }, body: new URLSearchParams({ csrfToken, username: "carol", password: "pw" }) });
    const all = (await page(dave)).body.events;
    expect(all.find((event) => event.userAgent === "Banned/1")).toMatchObject({ action: "signIn", outcome: "failure", details: { provider: "credentials", error: "UserBanned" } });
    expect((await dave.post("admin/unban", { userId: people.carol.id })).status).toBe(200);

    // Not signed in: 401.
    expect((await page(browser())).status).toBe(401);
  });

  test.runIf(available)("pages follow the cursor, newest first, each event once; a cursor Latch did not make is a 400", async () => {
    const dave = await browser().signIn("dave");
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const next = await page(dave, `?limit=3${cursor ? `&cursor=${cursor}` : ""}`);
      expect(next.status).toBe(200);
      seen.push(...next.body.events.map((event) => event.id));
      cursor = next.body.cursor;
      pages++;
    } while (cursor && pages < 200);
    const whole = (await listAuditEvents(config, { limit: 500 })).events.map((event) => event.id);
    expect(seen.slice(0, whole.length)).toEqual(whole.slice(0, seen.length));
    expect(new Set(seen).size).toBe(seen.length);
    expect((await page(dave, "?cursor=bm90LWEtY3Vyc29y")).status).toBe(400);
    expect((await page(dave, "?limit=0")).status).toBe(400);
  });

  test.runIf(available)("a failed write never fails the request: the sign-in goes on and one error line names the action, not a secret", async () => {
    const { adapter } = countedAdapter(engine.db);
    const broken = { ...adapter, appendAuditEvent: async () => { throw new Error("disk full"); } } as unknown as typeof adapter & AuditAdapter;
    const other = await serveLatch(configOf(broken));
    try {
      logged.length = 0;
      const alice = await new Browser(other.origin).signIn("alice");
      expect((await alice.session())?.user?.email).toBe(people.alice.email);
      expect(logged.filter(([code]) => code === "AuditRecordFailed").map(([, text]) => text)).toContain("The audit event signIn was not stored (AdapterError); the request went on.");
    } finally {
      await other.close();
    }
  });

  test.runIf(available)('network "clear" keeps the address, "none" drops it', async () => {
    for (const [network, expected] of [["clear", "198.51.100.9"], ["none", null]] as const) {
      const other = await serveLatch(configOf(countedAdapter(engine.db).adapter, { network }));
      try {
        const jar = new Browser(other.origin);
        const csrfToken = await jar.csrf();
        const agent = `Network/${network}`;
        await fetch(`${other.origin}/auth/callback/credentials`, { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.jar.header(), "x-client-ip": "198.51.100.9", "user-agent": agent }, body: new URLSearchParams({ csrfToken, username: "alice", password: "wrong" }) });
        const found = (await listAuditEvents(other.config, { limit: 500 })).events.find((event) => event.userAgent === agent);
        expect(found?.network).toBe(expected);
      } finally {
        await other.close();
      }
    }
  });
});
