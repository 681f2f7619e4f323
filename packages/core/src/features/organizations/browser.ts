/**
 * The organization endpoints as a browser meets them: a GET that accepts HTML gets the built-in
 * page (pages.ts) instead of JSON, and a form of those pages (`application/x-www-form-urlencoded`)
 * is answered with its page again: after a success, a redirect to it with the success named in
 * `done`; after a refusal, the page with the refusal and the refusal's status. A JSON request is
 * answered by the endpoint as before. The rows (rows.ts) point here.
 */
import { AuthError } from "../../errors.js";
import type { AuthRequest } from "../../http/request.js";
import { noStore, withCookies } from "../../http/respond.js";
import { signInPageUrl } from "../../http/urls.js";
import { chooseLanguage } from "../../pages/language.js";
import type { RenderedPage } from "../../pages/types.js";
import { csrfOf } from "../../security/request-checks.js";
import type { OrganizationMessageKey } from "../../types/language.js";
import type { ResponseInternal } from "../../types/response.js";
import type { AdapterMember, AdapterOrganization } from "../../adapter.js";
import { allow, callerOf, ownerOnly, permissionsOf, signedIn, within, type Caller } from "./caller.js";
import * as endpoints from "./endpoints.js";
import * as invitations from "./invitations.js";
import { renderInvitationPage, renderInvitationsPage, renderMembersPage, renderOrganizationsPage, renderRolesPage, renderSettingsPage, type OrganizationNotice, type OrganizationPageFrame } from "./pages.js";
import { settingsOf, type OrganizationContext } from "./settings.js";
import { organizationStore } from "./store.js";

type Action = (ctx: OrganizationContext, req: AuthRequest) => Promise<ResponseInternal>;

/** The pages of one organization, and the switcher. */
type PageKind = "organizations" | "members" | "invitations" | "roles" | "settings";

/** What a form's success is called in the page's address (`?done=`), and the sentence it shows. */
const doneKeys = {
  created: "orgsDoneCreated",
  switched: "orgsDoneSwitched",
  left: "orgsDoneLeft",
  joined: "orgsDoneJoined",
  removed: "orgsDoneRemoved",
  roleChanged: "orgsDoneRoleChanged",
  invited: "orgsDoneInvited",
  resent: "orgsDoneResent",
  canceled: "orgsDoneCanceled",
  roleCreated: "orgsDoneRoleCreated",
  roleDeleted: "orgsDoneRoleDeleted",
  updated: "orgsDoneUpdated",
  transferred: "orgsDoneTransferred",
  deleted: "orgsDoneDeleted",
} as const satisfies Record<string, OrganizationMessageKey>;

type Done = keyof typeof doneKeys;

/** The sentence of each refusal a form may meet; any other error is answered as before (error-response.ts). */
const errorKeys: Readonly<Record<string, OrganizationMessageKey>> = {
  OrganizationPermissionDenied: "orgsErrorDenied",
  LastOwner: "orgsErrorLastOwner",
  OrganizationSlugTaken: "orgsErrorSlugTaken",
  OrganizationRoleConflict: "orgsErrorRoleConflict",
  InvitationInvalid: "orgsErrorInvitation",
  InvitationForAnotherAddress: "orgsErrorAnotherAddress",
  OrganizationNotFound: "orgsErrorNotFound",
  MemberNotFound: "orgsErrorNotFound",
  InvalidRequest: "orgsErrorInvalid",
};

/** The refusal's sentence and status, or `null` for an error the page does not answer. */
function refusalOf(error: unknown): { key: OrganizationMessageKey; status: number } | null {
  if (!(error instanceof AuthError)) return null;
  const key = errorKeys[error.type];
  return key ? { key, status: (error as { status?: number }).status ?? 400 } : null;
}

/** A browser navigating (it accepts HTML) gets the page; a script gets JSON. */
const wantsPage = (req: AuthRequest) => req.method === "GET" && (req.headers.get("accept") ?? "").includes("text/html");

/** A form of the pages (not a JSON body). */
const sentForm = (req: AuthRequest) => (req.headers.get("content-type") ?? "").toLowerCase().includes("application/x-www-form-urlencoded");

const text = (value: unknown): string | undefined => (typeof value === "string" && value ? value : undefined);

/** The address of a page, with the organization it shows and the success it names. */
function pageAddress(ctx: OrganizationContext, kind: PageKind, organizationId: string | undefined, done?: Done): string {
  const url = new URL(`${ctx.baseUrl}/organizations${kind === "organizations" ? "" : `/${kind}`}`, ctx.origin);
  if (organizationId && kind !== "organizations") url.searchParams.set("organizationId", organizationId);
  if (done) url.searchParams.set("done", done);
  return url.toString();
}

/** The session's active organization: a claim of the JWT, or the stored session's. */
async function activeOf(ctx: OrganizationContext, caller: Caller): Promise<string | null> {
  if (caller.token) return ((caller.token.org as { id?: unknown } | undefined)?.id as string | undefined) ?? null;
  const found = await ctx.adapter!.getSessionAndUser!(caller.sessionToken!);
  return found?.session.activeOrganization?.id ?? null;
}

/** Whether `member`'s role allows `permission`. */
async function may(ctx: OrganizationContext, member: AdapterMember, permission: Parameters<typeof allow>[2]): Promise<boolean> {
  return allow(ctx, member, permission).then(
    () => true,
    () => false,
  );
}

/** The roles `member` may give to others: within their own permissions, `owner` only by an owner. */
async function assignable(ctx: OrganizationContext, member: AdapterMember): Promise<string[]> {
  const made = await organizationStore(ctx).listOrganizationRoles(member.organizationId);
  const all = [...Object.keys(settingsOf(ctx).access.roles), ...made.map((role) => role.name)];
  const given: string[] = [];
  for (const role of all) {
    try {
      if (role === "owner") ownerOnly(member, "give the owner role");
      await within(ctx, member, role);
      given.push(role);
    } catch {
      // Not offered: the endpoint would refuse it.
    }
  }
  return given;
}

/** The page of `kind` for `caller`, in `req`'s language, with its CSRF cookie. */
async function render(ctx: OrganizationContext, req: AuthRequest, caller: Caller, kind: PageKind, organizationId: string | undefined, notice: OrganizationNotice, status?: number): Promise<ResponseInternal> {
  const csrf = await csrfOf(ctx, req);
  const frame: OrganizationPageFrame = { csrfToken: csrf.token, action: `${ctx.baseUrl}/organizations`, callbackUrl: ctx.origin, theme: ctx.theme, notice, language: await chooseLanguage(ctx, req.request) };
  const rendered = await renderKind(ctx, caller, kind, organizationId, frame);
  return withCookies({ status: status ?? rendered.status, body: rendered.html, headers: { ...noStore } }, [csrf.cookie]);
}

async function renderKind(ctx: OrganizationContext, caller: Caller, kind: PageKind, organizationId: string | undefined, frame: OrganizationPageFrame): Promise<RenderedPage> {
  const store = organizationStore(ctx);
  const id = organizationId ?? (kind === "organizations" ? undefined : ((await activeOf(ctx, caller)) ?? undefined));
  const member = id && /^[A-Za-z0-9_-]{1,64}$/.test(id) ? await store.getMember(id, caller.userId) : null;
  const organization: AdapterOrganization | null = member ? await store.getOrganization(member.organizationId) : null;
  if (kind === "organizations" || !member || !organization) {
    const mine = await store.listOrganizations(caller.userId);
    const notice = kind !== "organizations" && !frame.notice?.error ? { error: "orgsErrorNotFound" as const } : frame.notice;
    const page = renderOrganizationsPage({
      ...frame,
      notice,
      organizations: mine.sort((a, b) => a.name.localeCompare(b.name)).map((o) => ({ id: o.id, name: o.name, slug: o.slug, role: o.role })),
      activeId: await activeOf(ctx, caller),
    });
    return kind === "organizations" ? page : { ...page, status: 404 };
  }
  const shown = { id: organization.id, name: organization.name, slug: organization.slug };
  if (kind === "members") {
    const members = await store.listMembers(organization.id);
    return renderMembersPage({
      ...frame,
      organization: shown,
      members: members.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map((m) => ({ userId: m.userId, email: m.email ?? null, name: m.name ?? null, role: m.role })),
      viewer: { userId: caller.userId, role: member.role },
      assignable: (await may(ctx, member, "member:update")) ? await assignable(ctx, member) : [],
      mayRemove: await may(ctx, member, "member:delete"),
    });
  }
  if (kind === "invitations") {
    const allowed = await may(ctx, member, "invitation:create");
    const now = Date.now();
    const pending = allowed ? (await store.listInvitations(organization.id)).filter((i) => i.status === "pending" && i.expires.getTime() > now).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()) : null;
    return renderInvitationsPage({
      ...frame,
      organization: shown,
      invitations: pending && pending.map((i) => ({ id: i.id, email: i.email, role: i.role, expires: i.expires })),
      assignable: allowed ? await assignable(ctx, member) : [],
      mayCancel: await may(ctx, member, "invitation:cancel"),
    });
  }
  if (kind === "settings") {
    const successors = member.role === "owner" ? (await store.listMembers(organization.id)).filter((m) => m.userId !== caller.userId) : [];
    return renderSettingsPage({
      ...frame,
      organization: shown,
      mayRename: await may(ctx, member, "organization:update"),
      successors: successors.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map((m) => ({ userId: m.userId, email: m.email ?? null, name: m.name ?? null, role: m.role })),
      formerOwnerRole: settingsOf(ctx).formerOwnerRole,
      mayDelete: await may(ctx, member, "organization:delete"),
    });
  }
  const made = await store.listOrganizationRoles(organization.id);
  const builtIn = await Promise.all(Object.keys(settingsOf(ctx).access.roles).map(async (name) => ({ name, permissions: await permissionsOf(ctx, organization.id, name), builtIn: true })));
  const mayManage = await may(ctx, member, "organization:update");
  return renderRolesPage({
    ...frame,
    organization: shown,
    roles: [...builtIn, ...made.sort((a, b) => a.name.localeCompare(b.name)).map((role) => ({ name: role.name, permissions: role.permissions, builtIn: false }))],
    mayManage,
    grantable: mayManage ? await permissionsOf(ctx, organization.id, member.role) : [],
  });
}

/** A GET endpoint that answers a browser with the page of `kind`: the sign-in page first for a visitor not signed in. */
function shownAt(kind: PageKind, action: Action): Action {
  return async (ctx, req) => {
    if (!wantsPage(req)) return action(ctx, req);
    const caller = await signedIn(ctx, req);
    if (!caller) return { redirect: signInPageUrl(ctx, { callbackUrl: req.url.toString() }) };
    const done = req.query.done;
    const notice = typeof done === "string" && Object.hasOwn(doneKeys, done) ? { done: doneKeys[done as Done] } : {};
    return render(ctx, req, caller, kind, text(req.query.organizationId), notice);
  };
}

/**
 * A form endpoint: run as JSON would, then back to the page of `kind` with `done` (the answer's
 * cookies, a rewritten JWT, with it), or the page with the refusal. `reshape` turns the form's
 * fields into the endpoint's body.
 */
function answeredOn(kind: PageKind, done: Done, action: Action, reshape?: (body: Readonly<Record<string, unknown>>) => Record<string, unknown>): Action {
  return async (ctx, req) => {
    if (!sentForm(req)) return action(ctx, req);
    const caller = await callerOf(ctx, req);
    const body = req.body ?? {};
    const organizationId = text(body.organizationId);
    try {
      const answer = await action(ctx, reshape ? { ...req, body: reshape(body) } : req);
      return { redirect: pageAddress(ctx, kind, organizationId, done), ...(answer.cookies && { cookies: answer.cookies }) };
    } catch (error) {
      const refusal = refusalOf(error);
      if (!refusal) throw error;
      return render(ctx, req, caller, kind, organizationId, { error: refusal.key }, refusal.status);
    }
  };
}

/** The role form's `permission.<n>` checkboxes as the endpoint's `permissions`. */
function rolePermissions(body: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const permissions = Object.entries(body).flatMap(([name, value]) => (/^permission\.\d{1,3}$/.test(name) && typeof value === "string" ? [value] : []));
  return { ...body, permissions };
}

/** The page frame of the invitation link's page. */
async function invitationFrame(ctx: OrganizationContext, req: AuthRequest, notice: OrganizationNotice): Promise<{ frame: OrganizationPageFrame; cookie: Awaited<ReturnType<typeof csrfOf>>["cookie"] }> {
  const csrf = await csrfOf(ctx, req);
  const frame = { csrfToken: csrf.token, action: `${ctx.baseUrl}/organizations`, callbackUrl: ctx.origin, theme: ctx.theme, notice, language: await chooseLanguage(ctx, req.request) };
  return { frame, cookie: csrf.cookie };
}

const pageAnswer = (rendered: RenderedPage, cookie: Awaited<ReturnType<typeof csrfOf>>["cookie"]): ResponseInternal => withCookies({ status: rendered.status, body: rendered.html, headers: { ...noStore } }, [cookie]);

/** `GET …/invitations/accept` for a browser: the invitation's page with accept and decline, or the refusal on it. */
export const openAction: Action = async (ctx, req) => {
  if (!wantsPage(req)) return invitations.openAction(ctx, req);
  try {
    const answer = await invitations.openAction(ctx, req);
    if (answer.redirect) return answer;
    const opened = answer.body as { invitation: { id: string; role: string }; organization: { name: string } };
    const { frame, cookie } = await invitationFrame(ctx, req, {});
    const invitation = { id: opened.invitation.id, token: String(req.query.token), role: opened.invitation.role, organization: opened.organization.name };
    return pageAnswer(renderInvitationPage({ ...frame, invitation }), cookie);
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    const { frame, cookie } = await invitationFrame(ctx, req, { error: refusal.key });
    return pageAnswer(renderInvitationPage(frame, refusal.status), cookie);
  }
};

/** `POST …/invitations/decline` from the invitation's page: the page saying so, or the refusal; the link's holder needs no account. */
export const declineAction: Action = async (ctx, req) => {
  if (!sentForm(req)) return invitations.declineAction(ctx, req);
  let notice: OrganizationNotice = { done: "orgsDoneDeclined" };
  let status = 200;
  try {
    await invitations.declineAction(ctx, req);
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    notice = { error: refusal.key };
    status = refusal.status;
  }
  const { frame, cookie } = await invitationFrame(ctx, req, notice);
  return pageAnswer(renderInvitationPage(frame, status), cookie);
};

/** `POST …/invitations/accept` from the invitation's page: to the switcher with the organization joined, or the refusal on the invitation's page. */
export const acceptAction: Action = async (ctx, req) => {
  if (!sentForm(req)) return invitations.acceptAction(ctx, req);
  await callerOf(ctx, req);
  try {
    const answer = await invitations.acceptAction(ctx, req);
    return { redirect: pageAddress(ctx, "organizations", undefined, "joined"), ...(answer.cookies && { cookies: answer.cookies }) };
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    const { frame, cookie } = await invitationFrame(ctx, req, { error: refusal.key });
    return pageAnswer(renderInvitationPage(frame, refusal.status), cookie);
  }
};

/** `GET /organizations`: the switcher for a browser. */
export const listAction = shownAt("organizations", endpoints.listAction);
/** `GET /organizations/members`: the members page for a browser. */
export const membersAction = shownAt("members", endpoints.membersAction);
/** `GET /organizations/roles`: the roles page for a browser. */
export const rolesAction = shownAt("roles", endpoints.rolesAction);
/** `GET /organizations/settings`: the settings page for a browser; `{ organization, role }` as JSON. */
export const settingsAction = shownAt("settings", endpoints.getAction);
/** `POST /organizations/update`; its form back to the settings page. */
export const updateAction = answeredOn("settings", "updated", endpoints.updateAction);
/** `POST /organizations/transfer`; its form back to the settings page. */
export const transferAction = answeredOn("settings", "transferred", endpoints.transferAction);
const deleteForm = answeredOn("organizations", "deleted", endpoints.deleteAction);

/**
 * `POST /organizations/delete`; its form deletes only when the short name typed in `confirm` is
 * the organization's (otherwise the settings page says so, and nothing is deleted), then goes to
 * the switcher. A JSON request needs no confirmation.
 */
export const deleteAction: Action = async (ctx, req) => {
  if (sentForm(req)) {
    const caller = await callerOf(ctx, req);
    const organizationId = text(req.body?.organizationId);
    const member = organizationId && /^[A-Za-z0-9_-]{1,64}$/.test(organizationId) ? await organizationStore(ctx).getMember(organizationId, caller.userId) : null;
    const organization = member ? await organizationStore(ctx).getOrganization(member.organizationId) : null;
    if (organization && text(req.body?.confirm)?.trim() !== organization.slug) return render(ctx, req, caller, "settings", organizationId, { error: "orgsErrorConfirm" }, 400);
  }
  return deleteForm(ctx, req);
};
/** `GET /organizations/invitations`: the invitations page for a browser. */
export const invitationsAction = shownAt("invitations", invitations.listAction);
/** `POST /organizations/create`; its form back to the switcher. */
export const createAction = answeredOn("organizations", "created", endpoints.createAction);
/** `POST /organizations/switch`; its form back to the switcher. */
export const switchAction = answeredOn("organizations", "switched", endpoints.switchAction);
/** `POST /organizations/leave`; its form back to the switcher. */
export const leaveAction = answeredOn("organizations", "left", endpoints.leaveAction);
/** `POST /organizations/members/remove`; its form back to the members page. */
export const removeAction = answeredOn("members", "removed", endpoints.removeAction);
/** `POST /organizations/members/role`; its form back to the members page. */
export const roleAction = answeredOn("members", "roleChanged", endpoints.roleAction);
/** `POST /organizations/roles/create`; its form (one `permission.<n>` checkbox each) back to the roles page. */
export const createRoleAction = answeredOn("roles", "roleCreated", endpoints.createRoleAction, rolePermissions);
/** `POST /organizations/roles/delete`; its form back to the roles page. */
export const deleteRoleAction = answeredOn("roles", "roleDeleted", endpoints.deleteRoleAction);
/** `POST /organizations/invitations/create`; its form back to the invitations page. */
export const inviteAction = answeredOn("invitations", "invited", invitations.inviteAction);
/** `POST /organizations/invitations/resend`; its form back to the invitations page. */
export const resendAction = answeredOn("invitations", "resent", invitations.resendAction);
/** `POST /organizations/invitations/cancel`; its form back to the invitations page. */
export const cancelAction = answeredOn("invitations", "canceled", invitations.cancelAction);
