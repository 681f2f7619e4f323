import { parseCookies, parseRequest } from "./http/parse.js";
import { withPageHeaders } from "./http/page-headers.js";
import { actionErrorResponse, configErrorResponse, logError, requestErrorResponse } from "./http/error-response.js";
import { assertConfig } from "./config/assert.js";
import { plainObjectFlows, type PlainObjectFlows } from "./flows/lazy.js";
import { resolveConfig } from "./config/resolve.js";
import type { AuthContext } from "./config/context.js";
import { type AuthError, InvalidRequest, UnknownAction } from "./errors.js";
import type { AuthRequest } from "./http/request.js";
import { toResponse } from "./http/respond.js";
import type { Limiter } from "./limits/engine.js";
import { configuredRows } from "./registry/table.js";
import { pluginCodeOf } from "./config/plugin-code.js";
import type { ActionHandler, AnsweringRow } from "./http/request.js";
import { requireCsrf } from "./security/request-checks.js";
import { rateLimitCode, raw } from "./symbols.js";
import type { AuthConfig } from "./types/config.js";
import type { RateLimitConfig } from "./types/rate-limit.js";
import type { ResponseInternal } from "./types/response.js";

/**
 * Per config object: its context per request origin (nothing else of the request changes it), its
 * problem once checked (`null` for none), its registry rows and its warm GETs. A warm request
 * only looks them up.
 */
const prepared = new WeakMap<AuthConfig, Prepared>();

/** A warm GET: the one cookie its handler reads, and its handler run in its context with that cookie. */
interface WarmGet {
  cookie: string;
  read: (cookies: Record<string, string>) => Promise<ResponseInternal> | ResponseInternal;
}

interface Prepared {
  contexts: Map<string, AuthContext>;
  problem?: AuthError | null;
  rows?: readonly AnsweringRow[];
  /** The URLs (whole, as `request.url` gives them) where a GET that reads one cookie only was answered by its handler alone (`remember`). */
  warmGets?: Map<string, WarmGet>;
}

/** Each row's handler once its loader gave it: a warm request runs it without asking again. */
const loadedHandlers = new WeakMap<AnsweringRow, ActionHandler>();

/**
 * The router: runs the request's row. Its handler is found first (a feature that is off answers
 * `UnknownAction` then), its CSRF rule applies next, then the features' `beforeHandler` hooks,
 * and the handler runs last.
 */
export function runAction(ctx: AuthContext, req: AuthRequest): Promise<ResponseInternal> {
  const handler = req.row && loadedHandlers.get(req.row);
  // A loaded handler with nothing to check first (no CSRF token, no feature's hook) runs without a promise of the router's own.
  return handler && req.row!.csrf !== "token" && !ctx.features.length ? Promise.resolve(handler(ctx, req)) : runChecked(ctx, req);
}

async function runChecked(ctx: AuthContext, req: AuthRequest): Promise<ResponseInternal> {
  const { row } = req;
  if (!row) throw new UnknownAction(`${req.method} ${req.action}${req.providerId === undefined ? "" : `/${req.providerId}`} is not an action Latch serves.`);
  let handler = loadedHandlers.get(row);
  if (!handler) loadedHandlers.set(row, (handler = await row.handler()));
  if (row.csrf === "token") await requireCsrf(ctx, req);
  for (const feature of ctx.features) await feature.beforeHandler?.(ctx, req);
  return handler(ctx, req);
}

/** The request's URL when it is an http(s) URL without user info (RFC 9110 §4.2.4), else why not. */
function requestUrl(request: Request): URL | InvalidRequest {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return new InvalidRequest("The request URL is not valid.");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return new InvalidRequest("The request URL is not an http or https URL.");
  if (url.username || url.password) return new InvalidRequest("The request URL must not carry user information.");
  return url;
}

/**
 * The Latch request handler: answers every request under `basePath` (sign-in, callbacks,
 * session, CSRF, sign-out, pages) with a `Response`. With `config.raw` set to {@link raw} it
 * returns the internal response object instead, for framework authors. A provider written as a
 * plain object (`{ type: "oidc", issuer, … }`) signs in with the flow of its type, as in Auth.js;
 * `Auth` of `@latch/core/slim` leaves those flows out of a bundle that does not split code.
 *
 * @example
 * ```ts
 * import { Auth } from "@latch/core"
 * import Credentials from "@latch/core/providers/credentials"
 * const response = await Auth(request, { secret, trustHost: true, providers: [Credentials({ authorize })] })
 * ```
 */
export function Auth(request: Request, config: AuthConfig & { raw: typeof raw }): Promise<ResponseInternal>;
export function Auth(request: Request, config: Omit<AuthConfig, "raw">): Promise<Response>;
export function Auth(request: Request, config: AuthConfig): Promise<Response | ResponseInternal> {
  return handle(request, config, plainObjectFlows);
}

/** The slim handler's own check of a configuration, made once per config after core's. */
type Check = (ctx: Pick<AuthContext, "providers">) => AuthError | undefined;

/**
 * Answers `request` under `config`: `Auth` of `@latch/core` gives providers written as plain
 * objects the flows of their types (`flows`); `Auth` of `@latch/core/slim` gives them none and
 * checks the configuration once more for them (`check`, made once per config after core's).
 */
export function handle(request: Request, config: AuthConfig, flows?: PlainObjectFlows, check?: Check): Promise<Response | ResponseInternal> {
  // The most frequent requests of all, session reads and CSRF tokens, at a URL where one was
  // answered before under this config: their handlers read one cookie of the request and nothing
  // else of the router's runs for them there (`remember`), so that cookie is all they get.
  const warm = request.method === "GET" ? prepared.get(config)?.warmGets?.get(request.url) : undefined;
  return warm ? answerWarm(warm, request, config, flows, check) : handleFully(request, config, flows, check);
}

/** A warm GET's answer; when its handler throws, the full path answers (and logs) as it answers any action's error. */
async function answerWarm({ cookie, read }: WarmGet, request: Request, config: AuthConfig, flows?: PlainObjectFlows, check?: Check): Promise<Response | ResponseInternal> {
  let answer: ResponseInternal | Promise<ResponseInternal>;
  try {
    answer = read(parseCookies(request.headers.get("cookie"), cookie));
    // A handler that answered without a promise (a JWT session read) is not awaited: no turn of the event loop's queue.
    if (answer instanceof Promise) answer = await answer;
  } catch {
    return handleFully(request, config, flows, check);
  }
  // JSON mode changes how a redirect is answered, and nothing else.
  return finish(config, answer, !!answer.redirect && asksJson(request));
}

/** {@link handle} for any request: the URL checked, the route found, the request's fields gathered, the router run. */
async function handleFully(request: Request, config: AuthConfig, flows?: PlainObjectFlows, check?: Check): Promise<Response | ResponseInternal> {
  const url = requestUrl(request);
  if (url instanceof InvalidRequest) return finish(config, requestErrorResponse(url), asksJson(request));
  let found = prepared.get(config);
  if (!found) prepared.set(config, (found = { contexts: new Map() }));
  let ctx = found.contexts.get(url.origin) as AuthContext;
  if (!ctx) {
    // A deployment answers on one or a few origins; a flood of Host headers cannot grow this.
    if (found.contexts.size > 31) found.contexts.clear();
    found.contexts.set(url.origin, (ctx = resolveConfig(config, url, flows)));
  }
  const { logger, basePath } = ctx;

  let req: AuthRequest;
  try {
    // Auth.js's rows, the configured features', and the plugins' (their code comes with `definePlugin`).
    found.rows ??= configuredRows(ctx, config.plugins?.length ? (pluginCodeOf(config.plugins)?.rows(config.plugins) as readonly AnsweringRow[] | undefined) : undefined);
    const parsed = parseRequest(request, url, basePath, found.rows);
    req = parsed instanceof Promise ? await parsed : parsed;
  } catch (error) {
    if (!(error instanceof InvalidRequest || error instanceof UnknownAction)) throw error;
    // A path no row serves (a feature's while it is off included) or a malformed body: one warn line, as every refused request.
    logError(logger, error);
    return finish(config, requestErrorResponse(error), asksJson(request));
  }

  let { problem } = found;
  if (problem === undefined) found.problem = problem = assertConfig(config) ?? check?.(ctx) ?? null;
  if (problem) {
    // A configuration problem is always an error (also one whose type a request can cause, `InvalidProvider`).
    logger.error(problem.type, problem);
    return finish(config, await configErrorResponse(problem, { row: req.row, jsonMode: req.jsonMode, theme: ctx.theme, baseUrl: ctx.baseUrl, origin: ctx.origin }), req.jsonMode);
  }

  // A configured feature may take the request in hand (`ApiKeys()` one that presents a key,
  // `BearerSessions()` its bearer token): the first that answers says how it runs.
  let run = () => runAction(ctx, req);
  for (const feature of ctx.features) {
    const routed = feature.route?.(ctx, req, (adopted: AuthRequest) => runAction(ctx, adopted)) as [AuthRequest, typeof run] | undefined;
    if (routed) {
      [req, run] = routed;
      break;
    }
  }
  // A feature that follows every request (`AuditTrail()`) runs it in a context of its own.
  for (const feature of ctx.features) [ctx, run] = (feature.around?.(ctx, req, run) as [AuthContext, typeof run] | undefined) ?? [ctx, run];
  let answer: ResponseInternal;
  try {
    // Rate limits, when the app turned them on (`false` has no such property): their code comes with `RateLimit()`.
    const limit = (config.rateLimit as RateLimitConfig | undefined)?.[rateLimitCode] as Limiter | undefined;
    answer = await (limit ? limit(ctx, req, run, () => import("./actions/subject.js").then((m) => m.requestSubject(ctx, req))) : run());
  } catch (error) {
    logError(logger, error);
    return finish(config, actionErrorResponse(error, ctx, req), req.jsonMode);
  }
  remember(found, config, ctx, req, request.url);
  // Delivered outside the `try`: a response that cannot be written is the caller's error, not an action's.
  return finish(config, answer, req.jsonMode);
}

/**
 * Keeps `href` as the URL of a GET whose row reads one cookie only (such rows answer GET alone,
 * with no CSRF rule), when the router runs its handler alone there: no rate limit, no plugin, no
 * feature that routes, wraps or checks requests (their hooks see every request); without a
 * query, so that every URL kept names the action and nothing more. A handful per config at most,
 * as the contexts.
 */
function remember(found: Prepared, config: AuthConfig, ctx: AuthContext, req: AuthRequest, href: string): void {
  const { row, url } = req;
  const handler = row && loadedHandlers.get(row);
  if (!row?.readsOnlyCookie || !handler || url.search || url.hash) return;
  if (ctx.plugins || (config.rateLimit as RateLimitConfig | undefined)?.[rateLimitCode]) return;
  if (ctx.features.some((feature) => feature.route || feature.around || feature.beforeHandler)) return;
  found.warmGets ??= new Map();
  if (found.warmGets.size > 31) found.warmGets.clear();
  // Such a handler reads the cookies alone of its request (the row says so).
  found.warmGets.set(href, { cookie: ctx.cookies[row.readsOnlyCookie].name, read: (cookies) => handler(ctx, { cookies } as AuthRequest) });
}

/** Whether a request not parsed (refused before it was) asks for JSON in place of redirects, as `req.jsonMode` says of a parsed one. */
const asksJson = (request: Request) => request.headers.has("x-auth-return-redirect");

/** The `Response` of `internal` (in JSON mode, a redirect as `{ url }`), or `internal` itself for {@link raw}. */
function deliver(config: AuthConfig, secured: ResponseInternal, json: boolean): Response | ResponseInternal {
  return config.raw === raw ? secured : toResponse(secured, json);
}

/** Delivers `internal`: only a rendered page (an HTML string) gets page headers; JSON and redirects are delivered at once. */
function finish(config: AuthConfig, internal: ResponseInternal, json: boolean): Response | ResponseInternal | Promise<Response | ResponseInternal> {
  return typeof internal.body === "string" ? withPageHeaders(internal).then((secured) => deliver(config, secured, json)) : deliver(config, internal, json);
}
