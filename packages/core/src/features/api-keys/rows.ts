/** The registry rows `ApiKeys()` carries (PROTOCOL §13): an owner's keys, listed, made, changed and revoked. */
import type { AnsweringRow } from "../../http/request.js";
import { lazy, row } from "../../registry/spec.js";

const endpoints = () => import("./endpoints.js");

/**
 * `GET api-keys`, `POST api-keys/create`, `POST api-keys/update`, `POST api-keys/revoke`. The
 * POSTs check the CSRF token of a cookie session; a request with an API key carries no cookie and
 * passes (PROTOCOL §13).
 */
export const apiKeyRows: readonly AnsweringRow[] = [
  row("GET json none api-keys", lazy(endpoints, (m) => m.listAction)),
  row("POST json token api-keys/create", lazy(endpoints, (m) => m.createAction), { refusesImpersonation: true }),
  row("POST json token api-keys/update", lazy(endpoints, (m) => m.updateAction), { refusesImpersonation: true }),
  row("POST json token api-keys/revoke", lazy(endpoints, (m) => m.revokeAction), { refusesImpersonation: true }),
];
