/**
 * The shape of one endpoint in the action registry: everything the parser, the router, the rate
 * limiter, the CSRF check and the error answers need to know about it, in one row. A row is data:
 * the type of the function that answers its requests is given by http/request.ts
 * (`ActionRow<ActionHandler>`), so that this module, which the rate limiter reads, sits below http.
 */
import type { RateLimitRoute } from "../types/rate-limit.js";

/**
 * What may follow a row's fixed path, in the request's `providerId`:
 * - `"none"`: nothing;
 * - `"provider"`: nothing or one segment, a provider's id (percent-decoded);
 * - `"any"`: nothing or any number of segments, as sent (a plugin's own paths).
 */
export type PathTail = "none" | "provider" | "any";

/** The methods a row answers: a list, or `"any"` method at all. */
export type RowMethods = readonly string[] | "any";

/**
 * How a row answers: `"json"` always (its refusals and configuration errors are JSON too), or
 * `"page"`: pages and redirects, unless the client asked for JSON (`X-Auth-Return-Redirect`).
 */
export type AnswerKind = "json" | "page";

/**
 * The CSRF rule of a row:
 * - `"none"`: reads nothing and changes nothing that a cross-site request could abuse;
 * - `"token"`: the router checks the token (or the origin, with `originCheck`) before the handler runs;
 * - `"handler"`: the handler checks it at its own step, because the rule depends on what it finds
 *   first (a provider's flow decides; `POST session` answers a failed check with its own `400 null`).
 */
export type CsrfRule = "none" | "token" | "handler";

/** Where the account a request names is: the first of `fields` present in its body or query. */
export interface AccountField {
  readonly in: "body" | "query";
  readonly fields: readonly string[];
}

/** The rate-limit class of a request: the configured route it counts under, and how it is keyed. */
export interface LimitClass {
  readonly route: RateLimitRoute;
  /** The account the request names, counted per account on top of per network. */
  readonly account?: AccountField;
  /** Counted per signed-in user too: the route mails an address the user names. */
  readonly perUser?: true;
  /** Its failures count toward the account's backoff of this family. */
  readonly lockout?: "password" | "link";
}

/** A row's limit: one class, or a choice by the provider's type and the request (`undefined`: not limited). */
export type RowLimit = LimitClass | ((providerType: string | undefined, req: LimitedFields) => LimitClass | undefined);

/** What a limit's choice may read of a request. */
export interface LimitedFields {
  readonly method: string;
  /** What follows the action in the path (a provider id, a subpath, a plugin's rest). */
  readonly providerId?: string;
  readonly query: Readonly<Record<string, string>>;
  readonly body?: Readonly<Record<string, unknown>>;
}

/**
 * The handler of a row, loaded when first asked for (an app that only reads sessions never loads
 * the sign-in code). A feature's rows take it from the feature's option or provider, so that an
 * app that does not configure the feature does not bundle its code; without it the loader throws
 * `UnknownAction` saying how to turn the feature on.
 */
export type HandlerLoader<Handler = unknown> = () => Handler | Promise<Handler>;

/** One endpoint of the registry; `Handler` is the type of the function that answers its requests. */
export interface ActionRow<Handler = unknown> {
  /** The fixed path under the base path, segments joined by `/` (`signin`, `password/forgot`). Its first segment is the action. */
  readonly path: string;
  /** What may follow {@link path}. */
  readonly tail: PathTail;
  readonly methods: RowMethods;
  readonly answer: AnswerKind;
  readonly csrf: CsrfRule;
  /** The rate limit it falls under; absent: not limited. */
  readonly limit?: RowLimit;
  /** It may start a session: the session starts only through the sign-in gate (`signin/complete.ts`). */
  readonly startsSession?: true;
  /** It may send mail to an address the request names: it needs a limit keyed by that address. */
  readonly sendsMail?: true;
  /**
   * It changes what only the account's owner may change (a password or address, a second factor
   * or passkey, an API key, a linked account, the other sessions, an organization's ownership): a
   * session a site administrator started as the user (`session.impersonatedBy`) is refused with
   * `ImpersonationRefused` (403) before the handler runs. A choice by the request for a row that
   * changes such a thing for some requests only (a passkey's registration, `action: "register"`).
   */
  readonly refusesImpersonation?: true | ((req: LimitedFields) => boolean);
  /**
   * It reads the request's own credential (`Authorization: Bearer`, a server's token) and never a
   * cookie: its feature's `route` hook takes the request in hand without its cookies (asked before
   * bearer sessions', which sit under `session`), and `ApiKeys()` leaves it alone. Its CSRF rule is
   * `none`: nothing ambient reaches it.
   */
  readonly ownCredential?: true;
  /**
   * Its handler reads nothing of the request but this cookie of the app's (and its chunks): where
   * the router runs it alone, a request at a URL already answered is given that cookie only,
   * without its URL parsed or its route found again (`GET /session`, `GET /csrf`).
   */
  readonly readsOnlyCookie?: "sessionToken" | "csrfToken";
  readonly handler: HandlerLoader<Handler>;
}

/** Whether a refusal of the request is JSON: the client asked for it, or its row answers JSON whatever was asked. */
export function answersJson(req: { readonly jsonMode: boolean; readonly row?: Pick<ActionRow, "answer"> }): boolean {
  return req.jsonMode || req.row?.answer === "json";
}
