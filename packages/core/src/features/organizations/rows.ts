/** The registry rows `Organizations()` carries (PROTOCOL §13). */
import type { AnsweringRow } from "../../http/request.js";
import type { LimitClass } from "../../rows/row.js";
import { lazy, row } from "../../registry/spec.js";

const endpoints = () => import("./endpoints.js");
/** The endpoints a browser reaches too: their pages and forms (browser.ts), else the JSON endpoint. */
const browser = () => import("./browser.js");

/** Invitations mail the address they name: counted per address and per inviter (and per organization by the action). */
const invitationLimit: LimitClass = { route: "invitation", account: { in: "body", fields: ["email"] }, perUser: true };

/** A resend names the invitation, not the address: the action counts its mail per address and inviter once it has read it. */
const resendLimit: LimitClass = { route: "invitation", account: { in: "body", fields: ["email"] } };

/**
 * The organizations, their members and invitations, and the session's active organization. Every
 * POST checks the CSRF token; a script gets JSON, a browser the built-in pages (browser.ts).
 */
export const organizationRows: readonly AnsweringRow[] = [
  row("GET json none organizations", lazy(browser, (m) => m.listAction)),
  row("POST json token organizations/create", lazy(browser, (m) => m.createAction)),
  row("GET json none organizations/get", lazy(endpoints, (m) => m.getAction)),
  row("GET json none organizations/settings", lazy(browser, (m) => m.settingsAction)),
  row("POST json token organizations/update", lazy(browser, (m) => m.updateAction)),
  row("POST json token organizations/delete", lazy(browser, (m) => m.deleteAction), { refusesImpersonation: true }),
  row("POST json token organizations/switch", lazy(browser, (m) => m.switchAction)),
  row("GET json none organizations/members", lazy(browser, (m) => m.membersAction)),
  row("POST json token organizations/members/remove", lazy(browser, (m) => m.removeAction)),
  row("POST json token organizations/members/role", lazy(browser, (m) => m.roleAction)),
  row("POST json token organizations/leave", lazy(browser, (m) => m.leaveAction)),
  row("POST json token organizations/transfer", lazy(browser, (m) => m.transferAction), { refusesImpersonation: true }),
  row("GET json none organizations/roles", lazy(browser, (m) => m.rolesAction)),
  row("POST json token organizations/roles/create", lazy(browser, (m) => m.createRoleAction)),
  row("POST json token organizations/roles/delete", lazy(browser, (m) => m.deleteRoleAction)),
  row("GET json none organizations/invitations", lazy(browser, (m) => m.invitationsAction)),
  row("POST json token organizations/invitations/create", lazy(browser, (m) => m.inviteAction), { sendsMail: true, limit: invitationLimit }),
  row("POST json token organizations/invitations/resend", lazy(browser, (m) => m.resendAction), { sendsMail: true, limit: resendLimit }),
  row("POST json token organizations/invitations/cancel", lazy(browser, (m) => m.cancelAction)),
  row("GET json none organizations/invitations/accept", lazy(browser, (m) => m.openAction)),
  row("POST json token organizations/invitations/accept", lazy(browser, (m) => m.acceptAction)),
  row("POST json token organizations/invitations/decline", lazy(browser, (m) => m.declineAction)),
];

const teams = () => import("./teams.js");

/** A change of a team: counted per network and per signed-in user. */
const teamLimit: LimitClass = { route: "team", perUser: true };

/** The teams' rows, carried only with `Organizations({ teams: true })`. */
export const teamRows: readonly AnsweringRow[] = [
  row("GET json none organizations/teams", lazy(teams, (m) => m.listAction)),
  row("GET json none organizations/teams/mine", lazy(teams, (m) => m.mineAction)),
  row("POST json token organizations/teams/create", lazy(teams, (m) => m.createAction), { limit: teamLimit }),
  row("POST json token organizations/teams/update", lazy(teams, (m) => m.updateAction), { limit: teamLimit }),
  row("POST json token organizations/teams/delete", lazy(teams, (m) => m.deleteAction), { limit: teamLimit }),
  row("GET json none organizations/teams/members", lazy(teams, (m) => m.membersAction)),
  row("POST json token organizations/teams/members/add", lazy(teams, (m) => m.addAction), { limit: teamLimit }),
  row("POST json token organizations/teams/members/remove", lazy(teams, (m) => m.removeAction), { limit: teamLimit }),
];
