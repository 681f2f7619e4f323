/** The registry row `Scim()` carries (PROTOCOL §13): every SCIM endpoint, under `scim/v2`. */
import type { AnsweringRow } from "../../http/request.js";
import type { LimitClass } from "../../rows/row.js";
import { lazy, row } from "../../registry/spec.js";

/** An identity provider's server, counted per network under its own route. */
const provisioningLimit: LimitClass = { route: "provisioning" };

/**
 * `<base>/scim/v2/…`, any depth, GET, POST, PUT, PATCH and DELETE. Server to server: the request's
 * only credential is its bearer token, read by the handler (`ownCredential`: no cookie reaches
 * it), so there is no CSRF token to check.
 */
export const scimRows: readonly AnsweringRow[] = [
  row("GET,POST,PUT,PATCH,DELETE json none scim/v2", lazy(() => import("./endpoints.js"), (m) => m.scimAction), { tail: "any", limit: provisioningLimit, ownCredential: true }),
];
