/**
 * The registry rows `Password()` carries: sign-up, the address's verification, the password pages
 * and the address change. Their handlers load when one is first asked for. Every row that sets a
 * password or changes an address refuses a session a site administrator started as the user.
 */
import type { AnsweringRow } from "../../http/request.js";
import { lazy, row, type RowExtra, type RowSpec } from "../../registry/spec.js";
import type { AccountField } from "../../rows/row.js";

const endpoints = () => import("./endpoints.js");
const email: AccountField = { in: "body", fields: ["email"] };

/** A row whose handler is `passwordEndpoints["METHOD path"]`. */
function carry(spec: RowSpec, extra?: RowExtra): AnsweringRow {
  const [method, , , path] = spec.split(" ");
  return row(spec, lazy(endpoints, (m) => m.passwordEndpoints[`${method} ${path}`]!), extra);
}

/** Every endpoint of `Password()`. */
export const passwordRows: readonly AnsweringRow[] = [
  carry("GET page none signup"),
  carry("POST page token signup", { refusesImpersonation: true, sendsMail: true, limit: { route: "signUp", account: email } }),
  carry("GET page none verify-email", { startsSession: true }),
  carry("GET page none password/forgot"),
  carry("POST page token password/forgot", { sendsMail: true, limit: { route: "passwordForgot", account: email } }),
  carry("GET page none password/reset"),
  carry("POST page token password/reset", { refusesImpersonation: true, limit: { route: "passwordReset", account: email } }),
  carry("GET page none password/change"),
  carry("POST page token password/change", { refusesImpersonation: true, limit: { route: "passwordChange" } }),
  carry("GET page none email/change"),
  // Mail to the new address is limited whoever asks, and per signed-in user, so that one user cannot mail many addresses.
  carry("POST page token email/change", { refusesImpersonation: true, sendsMail: true, limit: { route: "emailChange", account: email, perUser: true } }),
  carry("GET page none email/change/confirm", { refusesImpersonation: true }),
  carry("GET page none email/change/cancel", { refusesImpersonation: true }),
];
