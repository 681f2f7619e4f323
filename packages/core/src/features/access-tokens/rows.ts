/** The registry rows `AccessTokens()` carries (PROTOCOL §13): a token for the signed-in user, and the keys that verify it. */
import type { AnsweringRow } from "../../http/request.js";
import { lazy, row } from "../../registry/spec.js";

// The endpoints (and jose with them) load at the first request for either.
const endpoints = () => import("./endpoints.js");

/** `GET token` and `GET jwks`. */
export const accessTokenRows: readonly AnsweringRow[] = [
  row("GET json none token", lazy(endpoints, (m) => m.tokenAction), { limit: { route: "accessToken" } }),
  row("GET json none jwks", lazy(endpoints, (m) => m.jwksAction)),
];
