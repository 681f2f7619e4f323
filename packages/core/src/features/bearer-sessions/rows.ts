/** The registry rows `BearerSessions()` carries (PROTOCOL §13): the code exchange of apps that sign in through the system browser. */
import type { AnsweringRow } from "../../http/request.js";
import { lazy, row } from "../../registry/spec.js";

const exchange = () => import("./exchange.js");

/** `GET bearer/start`, `GET bearer/finish` and `POST bearer/exchange`. */
export const bearerRows: readonly AnsweringRow[] = [
  row("GET page none bearer/start", lazy(exchange, (m) => m.startAction)),
  row("GET page none bearer/finish", lazy(exchange, (m) => m.finishAction)),
  // The code is the credential, bound to a verifier only the app holds: no cookie is read, so no CSRF token.
  row("POST json none bearer/exchange", lazy(exchange, (m) => m.exchangeAction), { limit: { route: "accessToken" } }),
];
