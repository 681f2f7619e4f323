/**
 * The built-in organization pages, for a browser at the organization endpoints' own addresses:
 * the switcher (`GET <base>/organizations`: the user's organizations, the active one, switch,
 * create), members (`…/members`: roles, change role, remove, leave), invitations
 * (`…/invitations`: send, resend, cancel), roles (`…/roles`: the app's and the organization's,
 * with their permissions; create, delete), settings (`…/settings`: rename, hand ownership on,
 * delete) and the page the mailed link opens (`…/invitations/accept`).
 * Every form is a plain POST with the CSRF token; a form is offered only to a role that may send it.
 */
import { formatPageDate } from "../../pages/dates.js";
import { pageLanguage, type PageLanguage } from "../../pages/language.js";
import { hiddenFormFields, renderDocument } from "../../pages/layout.js";
import type { RenderedPage } from "../../pages/types.js";
import { html, type SafeHtml } from "../../security/escape.js";
import type { OrganizationMessageKey } from "../../types/language.js";
import type { Theme } from "../../types/theme.js";
import { organizationEnglish } from "./english.js";

/** The sentence a page shows above its content after a form: a success (`done`) or a refusal (`error`). */
export interface OrganizationNotice {
  done?: OrganizationMessageKey;
  error?: OrganizationMessageKey;
}

/** What every organization page needs. */
export interface OrganizationPageFrame {
  /** Sent back as the hidden `csrfToken` field of every form. */
  csrfToken: string;
  /** `<base>/organizations`: the forms post under it. */
  action: string;
  /** Sent back as the hidden `callbackUrl` field. */
  callbackUrl: string;
  theme: Theme;
  notice?: OrganizationNotice;
  /** The language of the page's sentences. Default English. */
  language?: PageLanguage;
}

/** An organization as a page names it. */
export interface PageOrganization {
  id: string;
  name: string;
  slug: string;
}

/** What the switcher needs. */
export interface OrganizationsPageProps extends OrganizationPageFrame {
  /** The user's organizations with their role, by name. */
  organizations: readonly (PageOrganization & { role: string })[];
  /** The session's active organization, if any. */
  activeId?: string | null;
}

/** A member as the members page lists them. */
export interface PageMember {
  userId: string;
  email: string | null;
  name: string | null;
  role: string;
}

/** What the members page needs. */
export interface MembersPageProps extends OrganizationPageFrame {
  organization: PageOrganization;
  members: readonly PageMember[];
  /** The viewer's user id and role. */
  viewer: { userId: string; role: string };
  /** The roles the viewer may give (empty: no change of role is offered). */
  assignable: readonly string[];
  /** Whether the viewer may remove members (an owner alone removes an owner). */
  mayRemove: boolean;
}

/** A pending invitation as the invitations page lists it. */
export interface PageInvitation {
  id: string;
  email: string;
  role: string;
  expires: Date;
}

/** What the invitations page needs. */
export interface InvitationsPageProps extends OrganizationPageFrame {
  organization: PageOrganization;
  /** Pending invitations; `null` when the viewer's role may not see them (the refusal is shown instead). */
  invitations: readonly PageInvitation[] | null;
  /** The roles the viewer may invite with (empty: no form to invite). */
  assignable: readonly string[];
  mayCancel: boolean;
}

/** A role as the roles page lists it. */
export interface PageRole {
  name: string;
  permissions: readonly string[];
  builtIn: boolean;
}

/** What the roles page needs. */
export interface RolesPageProps extends OrganizationPageFrame {
  organization: PageOrganization;
  roles: readonly PageRole[];
  /** Whether the viewer may make and delete roles. */
  mayManage: boolean;
  /** The permissions the viewer may give a new role (those their own role holds). */
  grantable: readonly string[];
}

/** What the settings page needs. */
export interface SettingsPageProps extends OrganizationPageFrame {
  organization: PageOrganization;
  /** Whether the viewer may change the name and short name. */
  mayRename: boolean;
  /** The members the viewer (an owner) may hand ownership to; empty when the viewer is not an owner. */
  successors: readonly PageMember[];
  /** The role an owner keeps after handing ownership on. */
  formerOwnerRole: string;
  /** Whether the viewer may delete the organization. */
  mayDelete: boolean;
}

/** What the page of an invitation's link needs. */
export interface InvitationPageProps extends OrganizationPageFrame {
  /** The invitation the link names, with the link's token; absent after it was answered or refused. */
  invitation?: { id: string; token: string; role: string; organization: string };
}

const extraCss =
  "ul.entries{list-style:none;padding:0;margin:0 0 1.5rem}li.entry{border:1px solid rgba(127,127,127,.35);border-radius:8px;padding:.75rem;margin:0 0 .75rem}li.entry p{margin:0}li.entry p.meta{font-size:.8125rem;margin-top:.25rem}li.entry form{margin-top:.5rem;display:inline-block;margin-inline-end:.5rem}li.entry button{width:auto;min-height:2.25rem;padding:.375rem .875rem}li.entry select{display:inline-block;width:auto;margin:0 .5rem 0 0}select{display:block;width:100%;margin:0 0 1rem;padding:.625rem .75rem;font:inherit;color:var(--text);background:var(--field);border:1px solid var(--border);border-radius:8px}fieldset{border:0;padding:0;margin:0 0 1rem}fieldset label{display:flex;gap:.5rem;align-items:center;font-weight:normal}fieldset input{width:auto;margin:0}p.hint{font-size:.8125rem;opacity:.8;margin:-.5rem 0 1rem}nav.organization{margin:0 0 1rem;font-size:.875rem}nav.organization a{margin-inline-end:.75rem}strong.active{font-size:.75rem;text-transform:uppercase;margin-inline-start:.5rem}summary{cursor:pointer;font-weight:600;margin:0 0 1rem}code{word-break:break-all}";

const languageOf = (frame: OrganizationPageFrame) => frame.language ?? pageLanguage(undefined, undefined, [organizationEnglish]);

/** The notice above a page's content. */
function noticeOf(notice: OrganizationNotice | undefined, language: PageLanguage): SafeHtml | string {
  if (notice?.error) return html`<div class="alert" role="alert"><p>${language.text(notice.error)}</p></div>`;
  if (notice?.done) return html`<p role="status">${language.text(notice.done)}</p>`;
  return "";
}

/** A one-button form posting `fields` to `<action>/<path>`. */
function button(frame: OrganizationPageFrame, path: string, fields: Readonly<Record<string, string>>, label: string): SafeHtml {
  return html`<form method="post" action="${frame.action}/${path}">
${hiddenFormFields(frame)}
${Object.entries(fields).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">
`)}<button type="submit">${label}</button>
</form>`;
}

/** The links between one organization's pages. */
function nav(frame: OrganizationPageFrame, organization: PageOrganization, language: PageLanguage): SafeHtml {
  const query = `?organizationId=${encodeURIComponent(organization.id)}`;
  return html`<nav class="organization"><a href="${frame.action}">${language.text("orgsTitle")}</a><a href="${frame.action}/members${query}">${language.text("orgsMembers")}</a><a href="${frame.action}/invitations${query}">${language.text("orgsInvitations")}</a><a href="${frame.action}/roles${query}">${language.text("orgsRoles")}</a><a href="${frame.action}/settings${query}">${language.text("orgsSettings")}</a></nav>`;
}

function page(frame: OrganizationPageFrame, title: string, content: SafeHtml, status = 200): RenderedPage {
  const language = languageOf(frame);
  const body = html`${noticeOf(frame.notice, language)}
${content}
`;
  return { status, html: renderDocument({ title, theme: frame.theme, body, extraCss, language }) };
}

const options = (values: readonly string[], chosen?: string) =>
  values.map((value) => (value === chosen ? html`<option value="${value}" selected>${value}</option>` : html`<option value="${value}">${value}</option>`));

/**
 * Renders the organization switcher: each of the user's organizations with their role, the
 * active one marked, a button to make another active (`<action>/switch`) and the links to its
 * pages; and the form that makes one (`<action>/create`).
 *
 * @example
 * ```ts
 * renderOrganizationsPage({ organizations, activeId, csrfToken, action: `${base}/organizations`, callbackUrl, theme: {} });
 * ```
 */
export function renderOrganizationsPage(props: OrganizationsPageProps): RenderedPage {
  const language = languageOf(props);
  const entry = (organization: OrganizationsPageProps["organizations"][number]) => {
    const active = organization.id === props.activeId;
    return html`<li class="entry" data-organization="${organization.slug}">
<p><strong>${organization.name}</strong>${active ? html`<strong class="active">${language.text("orgsActive")}</strong>` : ""}</p>
<p class="meta">${language.text("orgsYourRole", { role: organization.role })}</p>
${nav(props, organization, language)}
${active ? "" : button(props, "switch", { organizationId: organization.id }, language.text("orgsSwitch"))}
</li>
`;
  };
  const list = props.organizations.length ? html`<ul class="entries">
${props.organizations.map(entry)}</ul>` : html`<p>${language.text("orgsNone")}</p>`;
  const create = html`<details class="create"${props.organizations.length ? "" : html` open`}><summary>${language.text("orgsNewHeading")}</summary>
<form method="post" action="${props.action}/create">
${hiddenFormFields(props)}
<label for="organization-name">${language.text("orgsNameLabel")}</label>
<input id="organization-name" name="name" type="text" maxlength="100" required autocomplete="organization">
<label for="organization-slug">${language.text("orgsSlugLabel")}</label>
<input id="organization-slug" name="slug" type="text" maxlength="48" required pattern="[a-z0-9]+(-[a-z0-9]+)*" dir="ltr" autocomplete="off" aria-describedby="organization-slug-hint">
<p id="organization-slug-hint" class="hint">${language.text("orgsSlugHint")}</p>
<button type="submit">${language.text("orgsCreate")}</button>
</form>
</details>`;
  return page(props, language.text("orgsTitle"), html`<p>${language.text("orgsIntro")}</p>
${list}
${create}`);
}

/**
 * Renders an organization's members: each with their role; a change of role and a remove button
 * where the viewer may, and the viewer's own button to leave.
 *
 * @example
 * ```ts
 * renderMembersPage({ organization, members, viewer, assignable: ["admin", "member"], mayRemove: true, csrfToken, action, callbackUrl, theme: {} });
 * ```
 */
export function renderMembersPage(props: MembersPageProps): RenderedPage {
  const language = languageOf(props);
  const organizationId = props.organization.id;
  const ownerGuard = (member: PageMember) => member.role !== "owner" || props.viewer.role === "owner";
  const entry = (member: PageMember) => {
    const self = member.userId === props.viewer.userId;
    const changeable = !self && props.assignable.length > 0 && ownerGuard(member);
    const change = changeable
      ? html`<form method="post" action="${props.action}/members/role">
${hiddenFormFields(props)}
<input type="hidden" name="organizationId" value="${organizationId}">
<input type="hidden" name="userId" value="${member.userId}">
<select name="role" aria-label="${language.text("orgsRoleLabel")}">${options(props.assignable.includes(member.role) ? props.assignable : [member.role, ...props.assignable], member.role)}</select>
<button type="submit">${language.text("orgsChangeRole")}</button>
</form>`
      : "";
    const remove = !self && props.mayRemove && ownerGuard(member) ? button(props, "members/remove", { organizationId, userId: member.userId }, language.text("orgsRemove")) : "";
    const leave = self ? button(props, "leave", { organizationId }, language.text("orgsLeave")) : "";
    return html`<li class="entry" data-member="${member.email ?? member.userId}">
<p><strong>${member.name ?? member.email ?? member.userId}</strong>${self ? html` (${language.text("orgsYou")})` : ""}</p>
<p class="meta">${member.email ?? ""} · ${language.text("orgsMemberRole", { role: member.role })}</p>
${change}${remove}${leave}
</li>
`;
  };
  return page(props, language.text("orgsMembersTitle", { organization: props.organization.name }), html`${nav(props, props.organization, language)}
<ul class="entries">
${props.members.map(entry)}</ul>`);
}

/**
 * Renders an organization's invitations: the pending ones with resend and cancel buttons, and
 * the form that sends one; the refusal alone when the viewer's role may not invite.
 *
 * @example
 * ```ts
 * renderInvitationsPage({ organization, invitations, assignable: ["member"], mayCancel: true, csrfToken, action, callbackUrl, theme: {} });
 * ```
 */
export function renderInvitationsPage(props: InvitationsPageProps): RenderedPage {
  const language = languageOf(props);
  const organizationId = props.organization.id;
  const title = language.text("orgsInvitationsTitle", { organization: props.organization.name });
  if (!props.invitations) {
    const notice = props.notice?.error ? props.notice : { error: "orgsErrorDenied" as const };
    return page({ ...props, notice }, title, nav(props, props.organization, language), 403);
  }
  const entry = (invitation: PageInvitation) => html`<li class="entry" data-invitation="${invitation.email}">
<p>${language.text("orgsPendingEntry", { email: invitation.email, role: invitation.role, date: formatPageDate(invitation.expires, language.lang) })}</p>
${button(props, "invitations/resend", { organizationId, invitationId: invitation.id }, language.text("orgsResend"))}
${props.mayCancel ? button(props, "invitations/cancel", { organizationId, invitationId: invitation.id }, language.text("orgsCancel")) : ""}
</li>
`;
  const list = props.invitations.length ? html`<ul class="entries">
${props.invitations.map(entry)}</ul>` : html`<p>${language.text("orgsPendingNone")}</p>`;
  const form = html`<form method="post" action="${props.action}/invitations/create">
${hiddenFormFields(props)}
<input type="hidden" name="organizationId" value="${organizationId}">
<label for="invitation-email">${language.text("orgsEmailLabel")}</label>
<input id="invitation-email" name="email" type="email" maxlength="320" required autocomplete="off" dir="ltr">
<label for="invitation-role">${language.text("orgsRoleLabel")}</label>
<select id="invitation-role" name="role">${options(props.assignable, "member")}</select>
<button type="submit">${language.text("orgsInvite")}</button>
</form>`;
  return page(props, title, html`${nav(props, props.organization, language)}
${list}
${form}`);
}

/**
 * Renders an organization's roles with their permissions: the app's (marked built in) and those
 * the organization made, each with a delete button, and the form that makes one, where the
 * viewer may.
 *
 * @example
 * ```ts
 * renderRolesPage({ organization, roles, mayManage: true, grantable: ["member:update"], csrfToken, action, callbackUrl, theme: {} });
 * ```
 */
export function renderRolesPage(props: RolesPageProps): RenderedPage {
  const language = languageOf(props);
  const organizationId = props.organization.id;
  const entry = (role: PageRole) => html`<li class="entry" data-role="${role.name}">
<p><strong><code>${role.name}</code></strong>${role.builtIn ? html` (${language.text("orgsBuiltIn")})` : ""}</p>
<p class="meta" dir="ltr">${role.permissions.length ? role.permissions.join(", ") : language.text("orgsNoPermissions")}</p>
${!role.builtIn && props.mayManage ? button(props, "roles/delete", { organizationId, name: role.name }, language.text("orgsDeleteRole")) : ""}
</li>
`;
  // One field name per permission: a form's repeated names keep only their first value.
  const create = props.mayManage
    ? html`<details class="create"><summary>${language.text("orgsNewRole")}</summary>
<form method="post" action="${props.action}/roles/create">
${hiddenFormFields(props)}
<input type="hidden" name="organizationId" value="${organizationId}">
<label for="role-name">${language.text("orgsNameLabel")}</label>
<input id="role-name" name="name" type="text" maxlength="32" required pattern="[a-z][a-z0-9_\\-]{0,31}" dir="ltr" autocomplete="off">
<fieldset><legend>${language.text("orgsPermissionsLabel")}</legend>
${props.grantable.map((permission, at) => html`<label><input type="checkbox" name="permission.${String(at)}" value="${permission}"> <code>${permission}</code></label>
`)}</fieldset>
<button type="submit">${language.text("orgsCreateRole")}</button>
</form>
</details>`
    : "";
  return page(props, language.text("orgsRolesTitle", { organization: props.organization.name }), html`${nav(props, props.organization, language)}
<ul class="entries">
${props.roles.map(entry)}</ul>
${create}`);
}

/**
 * Renders an organization's settings, each form only where the viewer's role may send it: the
 * name and short name (`<action>/update`), ownership handed to another member (`<action>/transfer`,
 * owners) and the deletion, confirmed by typing the short name (`<action>/delete`).
 *
 * @example
 * ```ts
 * renderSettingsPage({ organization, mayRename: true, successors, formerOwnerRole: "admin", mayDelete: true, csrfToken, action, callbackUrl, theme: {} });
 * ```
 */
export function renderSettingsPage(props: SettingsPageProps): RenderedPage {
  const language = languageOf(props);
  const { organization } = props;
  const hidden = html`${hiddenFormFields(props)}
<input type="hidden" name="organizationId" value="${organization.id}">`;
  const rename = props.mayRename
    ? html`<form method="post" action="${props.action}/update" class="rename">
${hidden}
<label for="settings-name">${language.text("orgsNameLabel")}</label>
<input id="settings-name" name="name" type="text" maxlength="100" required autocomplete="organization" value="${organization.name}">
<label for="settings-slug">${language.text("orgsSlugLabel")}</label>
<input id="settings-slug" name="slug" type="text" maxlength="48" required pattern="[a-z0-9]+(-[a-z0-9]+)*" dir="ltr" autocomplete="off" value="${organization.slug}" aria-describedby="settings-slug-hint">
<p id="settings-slug-hint" class="hint">${language.text("orgsSlugHint")}</p>
<button type="submit">${language.text("orgsSave")}</button>
</form>`
    : "";
  const transfer = props.successors.length
    ? html`<details class="transfer"><summary>${language.text("orgsTransferHeading")}</summary>
<form method="post" action="${props.action}/transfer">
${hidden}
<label for="settings-successor">${language.text("orgsTransferLabel")}</label>
<select id="settings-successor" name="userId">${props.successors.map((member) => html`<option value="${member.userId}">${member.name ?? member.email ?? member.userId}${member.email && member.name ? html` (${member.email})` : ""}</option>`)}</select>
<p class="hint">${language.text("orgsTransferHint", { role: props.formerOwnerRole })}</p>
<button type="submit">${language.text("orgsTransferHeading")}</button>
</form>
</details>`
    : "";
  const remove = props.mayDelete
    ? html`<details class="delete"><summary>${language.text("orgsDeleteHeading")}</summary>
<form method="post" action="${props.action}/delete">
${hidden}
<p>${language.text("orgsDeleteHint", { slug: organization.slug })}</p>
<label for="settings-confirm">${language.text("orgsDeleteConfirmLabel")}</label>
<input id="settings-confirm" name="confirm" type="text" required dir="ltr" autocomplete="off">
<button type="submit">${language.text("orgsDeleteHeading")}</button>
</form>
</details>`
    : "";
  const content = rename || transfer || remove ? html`${rename}
${transfer}
${remove}` : html`<p>${language.text("orgsNoSettings")}</p>`;
  return page(props, language.text("orgsSettingsTitle", { organization: organization.name }), html`${nav(props, organization, language)}
${content}`);
}

/**
 * Renders the page the invitation mail's link opens: the organization and role it gives, with
 * the buttons to accept or decline (each posting the link's `id` and `token`); after an answer or
 * a refusal, its notice alone.
 *
 * @example
 * ```ts
 * renderInvitationPage({ invitation: { id, token, role: "member", organization: "Acme" }, csrfToken, action, callbackUrl, theme: {} });
 * ```
 */
export function renderInvitationPage(props: InvitationPageProps, status = 200): RenderedPage {
  const language = languageOf(props);
  const { invitation } = props;
  const content = invitation
    ? html`<p>${language.text("orgsInvitationText", { organization: invitation.organization, role: invitation.role })}</p>
${button(props, "invitations/accept", { id: invitation.id, token: invitation.token }, language.text("orgsAccept"))}
${button(props, "invitations/decline", { id: invitation.id, token: invitation.token }, language.text("orgsDecline"))}`
    : html`<p><a href="${props.action}">${language.text("orgsTitle")}</a></p>`;
  return page(props, language.text("orgsInvitationTitle"), content, status);
}
