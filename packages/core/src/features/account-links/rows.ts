/** The registry rows `AccountLinks()` carries: linking and unlinking a provider's account. */
import type { AnsweringRow } from "../../http/request.js";
import { now, row } from "../../registry/spec.js";
import { linkAction, unlinkAction } from "./endpoints.js";

const linkRow = { tail: "provider", limit: { route: "accountLink" } } as const;

/** `POST link/<providerId>` and `POST unlink/<providerId>`. */
export const accountLinkRows: readonly AnsweringRow[] = [
  row("POST json token link", now(linkAction), linkRow),
  row("POST json token unlink", now(unlinkAction), linkRow),
];
