/** The registry rows `SessionControl()` carries (PROTOCOL §13): the sessions list and ending sessions. */
import type { AnsweringRow } from "../../http/request.js";
import { now, row } from "../../registry/spec.js";
import { revokeSessionsAction, sessionsAction } from "./endpoints.js";

/** `GET sessions` and `POST sessions/revoke`. */
export const sessionControlRows: readonly AnsweringRow[] = [
  row("GET json none sessions", now(sessionsAction)),
  row("POST json token sessions/revoke", now(revokeSessionsAction), { limit: { route: "sessionRevoke" }, refusesImpersonation: true }),
];
