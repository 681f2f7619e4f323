/** The registry rows `Admin()` carries (PROTOCOL §13): users, one user's sessions and accounts, bans, site roles, removal, impersonation. */
import type { AnsweringRow } from "../../http/request.js";
import { lazy, row } from "../../registry/spec.js";

const endpoints = () => import("./endpoints.js");
const impersonation = () => import("./impersonation.js");

/**
 * `GET admin/users`, `GET admin/user`, `POST admin/ban|unban|role|remove`: JSON for site
 * administrators only; every POST checks the CSRF token. `POST admin/impersonate` starts a session
 * (through the gate) and refuses an impersonated one; `POST admin/impersonate/stop` ends it.
 */
export const adminRows: readonly AnsweringRow[] = [
  row("GET json none admin/users", lazy(endpoints, (m) => m.usersAction)),
  row("GET json none admin/user", lazy(endpoints, (m) => m.userAction)),
  row("POST json token admin/ban", lazy(endpoints, (m) => m.banAction)),
  row("POST json token admin/unban", lazy(endpoints, (m) => m.unbanAction)),
  row("POST json token admin/role", lazy(endpoints, (m) => m.roleAction)),
  row("POST json token admin/remove", lazy(endpoints, (m) => m.removeAction)),
  row("POST json token admin/impersonate", lazy(impersonation, (m) => m.impersonateAction), { startsSession: true, refusesImpersonation: true }),
  row("POST json token admin/impersonate/stop", lazy(impersonation, (m) => m.stopImpersonationAction)),
];
