/**
 * The organization pages over real HTTP, as a browser without JavaScript meets them (GETs that
 * accept HTML, `application/x-www-form-urlencoded` POSTs with the CSRF token), stored through
 * `@latch/pg` on PGlite, invitations mailed to the testing SMTP server: the switcher makes and
 * activates an organization, the invitations page invites, the mailed link's page accepts, the
 * members page changes a role, the roles page makes and deletes a role, the settings page renames,
 * hands ownership on and deletes (confirmed by the typed short name); what a member's role may
 * not do is not offered and, sent anyway, answered on the page with the refusal; right to left in
 * Arabic.
 */
import ar from "@latch/core/languages/ar";
import de from "@latch/core/languages/de";
import { Organizations } from "@latch/core/organizations";
import { migrate } from "@latch/pg";
import { startSmtpServer, type SmtpTestServer } from "@latch/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { pgEngines, serveLatch, type Engine, type LatchServer } from "../../access-tokens/test/harness.js";
import { organizationEnglish as en } from "../english.js";
import { Browser, countedAdapter, organizationsConfig, seedPeople } from "./harness.js";

const [, open] = (await pgEngines())[0]!;
const page = { accept: "text/html" };
/** A sentence as the page writes it (its apostrophes escaped). */
const shown = (sentence: string) => sentence.replace(/'/g, "&#39;");

/** Posts the page's form `fields` to `<base>/<path>` with the CSRF token (unless `csrf: false`). */
async function form(who: Browser, path: string, fields: Record<string, string>, { csrf = true } = {}): Promise<Response> {
  const token: Record<string, string> = csrf ? { csrfToken: await who.csrf() } : {};
  return who.get(path, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" }, body: new URLSearchParams({ ...token, ...fields }) });
}

/** Follows a redirect of the forms to the page it names, as a browser does. */
async function follow(who: Browser, response: Response): Promise<{ url: URL; html: string; status: number }> {
  expect(response.status).toBe(302);
  const url = new URL(response.headers.get("location")!);
  const next = await who.get(url.pathname.replace(/^\/auth\//, "") + url.search, { headers: page });
  return { url, html: await next.text(), status: next.status };
}

describe("the organization pages", { timeout: 60_000 }, () => {
  let engine: Engine;
  let latch: LatchServer;
  let smtp: SmtpTestServer;
  let alice: Browser, bob: Browser;
  let organizationId: string;

  beforeAll(async () => {
    engine = await open();
    await migrate(engine.db as never);
    await seedPeople(engine);
    smtp = await startSmtpServer();
    const { adapter } = countedAdapter(engine.db);
    latch = await serveLatch(organizationsConfig(adapter, smtp, { organizations: Organizations(), languages: [ar, de] }));
    [alice, bob] = await Promise.all([new Browser(latch.origin).signIn("alice"), new Browser(latch.origin).signIn("bob")]);
  });
  afterAll(async () => {
    await latch?.close();
    await smtp?.close();
    await engine?.close();
  });

  test("a visitor not signed in is sent to sign in, coming back to the page", async () => {
    const response = await new Browser(latch.origin).get("organizations", { headers: page });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location")!);
    expect(location.pathname).toBe("/auth/signin");
    expect(location.searchParams.get("callbackUrl")).toContain("/auth/organizations");
  });

  test("the switcher makes an organization with its form, marks the active one and switches to it; JSON is answered as before", async () => {
    const empty = await (await alice.get("organizations", { headers: page })).text();
    expect(empty).toContain(`<h1>${en.orgsTitle}</h1>`);
    expect(empty).toContain(en.orgsNone);
    expect(empty).toMatch(/<form method="post" action="[^"]+\/auth\/organizations\/create">/);

    const made = await follow(alice, await form(alice, "organizations/create", { name: "Acme Labs", slug: "acme-labs" }));
    expect(made.url.searchParams.get("done")).toBe("created");
    expect(made.html).toContain(en.orgsDoneCreated);
    expect(made.html).toContain("<strong>Acme Labs</strong>");
    expect(made.html).toContain("Your role: owner");
    organizationId = ((await (await alice.get("organizations")).json()) as { organizations: { id: string }[] }).organizations[0]!.id;

    const switched = await follow(alice, await form(alice, "organizations/switch", { organizationId }));
    expect(switched.html).toContain(en.orgsDoneSwitched);
    expect(switched.html).toContain(`<strong class="active">${en.orgsActive}</strong>`);
    expect((await alice.session())?.organization).toMatchObject({ id: organizationId, slug: "acme-labs", role: "owner" });

    const taken = await form(alice, "organizations/create", { name: "Again", slug: "acme-labs" });
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain(en.orgsErrorSlugTaken);
  });

  test("a form without its CSRF token changes nothing", async () => {
    const response = await form(alice, "organizations/create", { name: "Forged", slug: "forged" }, { csrf: false });
    expect(response.status).not.toBe(200);
    expect(response.headers.get("location") ?? "").not.toContain("done=created");
    expect(((await (await alice.get("organizations")).json()) as { organizations: unknown[] }).organizations).toHaveLength(1);
  });

  test("the owner invites with the invitations page; the mailed link's page accepts; the new member is not offered an owner's forms, and is refused them", async () => {
    const invited = await follow(alice, await form(alice, "organizations/invitations/create", { organizationId, email: "bob@example.com", role: "member" }));
    expect(invited.html).toContain(en.orgsDoneInvited);
    expect(invited.html).toContain('data-invitation="bob@example.com"');
    expect(invited.html).toContain("/auth/organizations/invitations/cancel");
    const mail = await smtp.waitForMail({ to: "bob@example.com" });
    const link = new URL(mail.urls.find((url) => url.includes("/organizations/invitations/accept"))!);

    const opened = await bob.get(`organizations/invitations/accept${link.search}`, { headers: page });
    expect(opened.status).toBe(200);
    const invitation = await opened.text();
    expect(invitation).toContain("You are invited to join Acme Labs with the role member.");
    expect(invitation).toContain(`name="token" value="${link.searchParams.get("token")}"`);

    const joined = await follow(bob, await form(bob, "organizations/invitations/accept", { id: link.searchParams.get("id")!, token: link.searchParams.get("token")! }));
    expect(joined.html).toContain(en.orgsDoneJoined);
    expect(joined.html).toContain("<strong>Acme Labs</strong>");
    // Used once: the link's page now says so.
    const again = await bob.get(`organizations/invitations/accept${link.search}`, { headers: page });
    expect(again.status).toBe(410);
    expect(await again.text()).toContain(en.orgsErrorInvitation);

    const members = await (await bob.get(`organizations/members?organizationId=${organizationId}`, { headers: page })).text();
    expect(members).toContain('data-member="alice@example.com"');
    expect(members).toContain(`(${en.orgsYou})`);
    expect(members).toContain("/auth/organizations/leave");
    expect(members).not.toContain("/auth/organizations/members/remove");
    expect(members).not.toContain("/auth/organizations/members/role");

    const list = await bob.get(`organizations/invitations?organizationId=${organizationId}`, { headers: page });
    expect(list.status).toBe(403);
    const denied = await list.text();
    expect(denied).toContain(en.orgsErrorDenied);
    expect(denied).not.toContain("/auth/organizations/invitations/create");

    // Sent anyway, the member's invitation is refused on the page, and nothing is mailed.
    const refused = await form(bob, "organizations/invitations/create", { organizationId, email: "carol@example.com", role: "member" });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain(en.orgsErrorDenied);
    const removal = await form(bob, "organizations/members/remove", { organizationId, userId: "org-user-alice" });
    expect(removal.status).toBe(403);
    expect(await removal.text()).toContain(en.orgsErrorDenied);
    const pending = ((await (await alice.get(`organizations/invitations?organizationId=${organizationId}`)).json()) as { invitations: { email: string; status: string }[] }).invitations;
    expect(pending.filter((i) => i.email === "carol@example.com")).toEqual([]);
  });

  test("the owner changes a member's role on the members page; the last owner is refused leaving", async () => {
    const members = await (await alice.get(`organizations/members?organizationId=${organizationId}`, { headers: page })).text();
    expect(members).toContain("/auth/organizations/members/role");
    const changed = await follow(alice, await form(alice, "organizations/members/role", { organizationId, userId: "org-user-bob", role: "admin" }));
    expect(changed.html).toContain(shown(en.orgsDoneRoleChanged));
    expect(changed.html).toContain("Role: admin");

    const leaving = await form(alice, "organizations/leave", { organizationId });
    expect(leaving.status).toBe(409);
    expect(await leaving.text()).toContain(en.orgsErrorLastOwner);
  });

  test("the roles page lists the app's roles with their permissions, makes a role from its checkboxes and deletes it", async () => {
    const roles = await (await alice.get(`organizations/roles?organizationId=${organizationId}`, { headers: page })).text();
    expect(roles).toContain('data-role="owner"');
    expect(roles).toContain("invitation:create");
    const boxes = [...roles.matchAll(/name="(permission\.\d+)" value="([^"]+)"/g)];
    const at = boxes.find(([, , value]) => value === "member:update")!;
    const made = await follow(alice, await form(alice, "organizations/roles/create", { organizationId, name: "reviewer", [at[1]!]: "member:update" }));
    expect(made.html).toContain(en.orgsDoneRoleCreated);
    expect(made.html).toMatch(/data-role="reviewer">[\s\S]*?member:update/);
    const deleted = await follow(alice, await form(alice, "organizations/roles/delete", { organizationId, name: "reviewer" }));
    expect(deleted.html).toContain(en.orgsDoneRoleDeleted);
    expect(deleted.html).not.toContain('data-role="reviewer"');
  });

  test("speaks the visitor's language, right to left in Arabic", async () => {
    const arabic = await (await alice.get("organizations", { headers: { ...page, "accept-language": "ar" } })).text();
    expect(arabic).toContain('dir="rtl"');
    expect(arabic).toContain(`<h1>${ar.messages.orgsTitle}</h1>`);
    const german = await (await alice.get(`organizations/members?organizationId=${organizationId}`, { headers: { ...page, "accept-language": "de" } })).text();
    expect(german).toContain(de.messages.orgsMembersTitle.replace("{organization}", "Acme Labs"));
  });

  test("the settings page renames; an admin is offered neither handing ownership on nor deleting, and is refused them", async () => {
    const owner = await (await alice.get(`organizations/settings?organizationId=${organizationId}`, { headers: page })).text();
    expect(owner).toContain(`<h1>${en.orgsSettingsTitle.replace("{organization}", "Acme Labs")}</h1>`);
    expect(owner).toContain('value="acme-labs"');
    expect(owner).toMatch(/<option value="org-user-bob">/);
    expect(owner).toContain("/auth/organizations/delete");

    const renamed = await follow(alice, await form(alice, "organizations/update", { organizationId, name: "Acme Research", slug: "acme-research" }));
    expect(renamed.url.pathname).toBe("/auth/organizations/settings");
    expect(renamed.html).toContain(en.orgsDoneUpdated);
    expect(renamed.html).toContain('value="acme-research"');
    expect(((await (await alice.get(`organizations/get?organizationId=${organizationId}`)).json()) as { organization: { name: string } }).organization.name).toBe("Acme Research");

    const admin = await (await bob.get(`organizations/settings?organizationId=${organizationId}`, { headers: page })).text();
    expect(admin).toContain("/auth/organizations/update");
    expect(admin).not.toContain("/auth/organizations/transfer");
    expect(admin).not.toContain("/auth/organizations/delete");
    const transfer = await form(bob, "organizations/transfer", { organizationId, userId: "org-user-bob" });
    expect(transfer.status).toBe(403);
    const deletion = await form(bob, "organizations/delete", { organizationId, confirm: "acme-research" });
    expect(deletion.status).toBe(403);
    expect(await deletion.text()).toContain(en.orgsErrorDenied);
    expect((await (await alice.get(`organizations/get?organizationId=${organizationId}`)).json()) as object).toHaveProperty("organization");
  });

  test("the owner hands ownership on from the settings page; the new owner deletes the organization only once its short name is typed", async () => {
    const handed = await follow(alice, await form(alice, "organizations/transfer", { organizationId, userId: "org-user-bob" }));
    expect(handed.html).toContain(en.orgsDoneTransferred);
    // Alice keeps the former owner's role, which may not delete: the form is gone for her.
    expect(handed.html).not.toContain("/auth/organizations/delete");
    const roles = ((await (await bob.get(`organizations/members?organizationId=${organizationId}`)).json()) as { members: { userId: string; role: string }[] }).members;
    expect(roles.find((m) => m.userId === "org-user-bob")?.role).toBe("owner");
    expect(roles.find((m) => m.userId === "org-user-alice")?.role).toBe("admin");

    const unconfirmed = await form(bob, "organizations/delete", { organizationId, confirm: "acme-labs" });
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.text()).toContain(en.orgsErrorConfirm);
    expect((await bob.get(`organizations/get?organizationId=${organizationId}`)).status).toBe(200);

    const deleted = await follow(bob, await form(bob, "organizations/delete", { organizationId, confirm: "acme-research" }));
    expect(deleted.url.pathname).toBe("/auth/organizations");
    expect(deleted.html).toContain(en.orgsDoneDeleted);
    expect(deleted.html).not.toContain("Acme Research");
    expect((await bob.get(`organizations/get?organizationId=${organizationId}`)).status).toBe(404);
  });
});
