import type { ActionRow } from "../registry/row.js";
import type { AuthAction } from "../types/actions.js";

/** A request as the actions see it: plain data, no `Request`. */
export interface AuthRequest {
  readonly url: URL;
  readonly method: "GET" | "POST";
  readonly action: AuthAction;
  readonly providerId?: string;
  /** The query; the first of a repeated name wins. */
  readonly query: Readonly<Record<string, string>>;
  /** The POST body's fields (form or JSON object); `undefined` for other content types. */
  readonly body?: Readonly<Record<string, unknown>>;
  /** Percent-decoded cookies; the first of a duplicated name wins. */
  readonly cookies: Readonly<Record<string, string>>;
  readonly headers: Headers;
  /** The client asked for `{ url }` instead of redirects (`X-Auth-Return-Redirect`). */
  readonly jsonMode: boolean;
  /** The original request, for user callbacks that take one. */
  readonly request: Request;
  /** The registry's row that answers the request's method at its path; `undefined` when none does. */
  readonly row?: ActionRow;
}
