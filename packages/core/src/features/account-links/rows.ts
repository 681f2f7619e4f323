/** The registry rows `AccountLinks()` carries: linking and unlinking a provider's account. */
import type { AnsweringRow } from "../../http/request.js";
import { now, row } from "../../registry/spec.js";
import { linkAction, unlinkAction } from "./endpoints.js";

// Linking and unlinking refuse a session a site administrator started as the user.
const linkRow = { tail: "provider", limit: { route: "accountLink" }, refusesImpersonation: true } as const;

/** `POST link/<providerId>` and `POST unlink/<providerId>`. */
export const accountLinkRows: readonly AnsweringRow[] = [
  row("POST json token link", now(linkAction), linkRow),
  row("POST json token unlink", now(unlinkAction), linkRow),
];
