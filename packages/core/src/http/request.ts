import type { AuthContext } from "../config/context.js";
import type { ActionRow } from "../rows/row.js";
import type { AuthAction } from "../types/actions.js";
import type { ResponseInternal } from "../types/response.js";
import type { VerifiedApiKey } from "../types/api-key-options.js";

/** The function that answers a request of a row. */
export type ActionHandler = (ctx: AuthContext, req: AuthRequest) => ResponseInternal | Promise<ResponseInternal>;

/** A registry row whose handler answers an {@link AuthRequest}. */
export type AnsweringRow = ActionRow<ActionHandler>;

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
  readonly row?: AnsweringRow;
  /**
   * The request carries no ambient credential that another site could make a browser send: its
   * session came as `Authorization: Bearer`, or it asks for a new session's token. Set by bearer
   * sessions and API keys only; such a request needs no CSRF token.
   */
  readonly withoutAmbientCredential?: true;
  /**
   * The API key the request presented (`ApiKeys()`), and once verified the key it is. Such a
   * request carries no cookie: the key is its only credential.
   */
  readonly apiKey?: { readonly value: string; readonly key?: VerifiedApiKey };
}

/** What `BearerSessions()` carries for the router (internal). */
export interface BearerCode {
  /** The request with its bearer token read as the session cookie, marked {@link AuthRequest.withoutAmbientCredential}; as it was otherwise. */
  adopt(ctx: Pick<AuthContext, "cookies" | "origin" | "session" | "jwt" | "useSecureCookies">, req: AuthRequest): AuthRequest;
  /** The handler's answer, or `{ token }` when the request asked for the session it started. */
  answer(ctx: Pick<AuthContext, "cookies">, req: AuthRequest, response: ResponseInternal): ResponseInternal;
}

/** What `ApiKeys()` carries for the router (internal). */
export interface ApiKeyRouting {
  /** The request read as an API-key request (no cookie, marked {@link AuthRequest.withoutAmbientCredential}), or `undefined` when it presents no key. */
  adopt(req: AuthRequest): AuthRequest | undefined;
  /** Verifies the key, then answers the request or refuses it: an API key reaches only the rows it may. */
  run(ctx: Pick<AuthContext, "adapter" | "logger" | "rateLimit">, req: AuthRequest, next: (req: AuthRequest) => Promise<ResponseInternal>): Promise<ResponseInternal>;
}
