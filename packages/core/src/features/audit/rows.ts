/** The registry row `AuditTrail()` carries (PROTOCOL §13): the list of events. */
import type { AnsweringRow } from "../../http/request.js";
import { lazy, row } from "../../registry/spec.js";

const endpoints = () => import("./endpoints.js");

/** `GET audit`: JSON, for the signed-in user (their own events), an organization's owners and admins, and site administrators. */
export const auditRows: readonly AnsweringRow[] = [row("GET json none audit", lazy(endpoints, (m) => m.auditAction), { limit: { route: "accessToken" } })];
