import { signInPageUrl, errorPageUrl, pageUrl } from "./urls.js";
import type { AuthContext } from "../config/context.js";
import { AuthError, CredentialsSignin, InvalidProvider, InvalidRequest, RateLimited, SignInError, UnknownAction, clientSafeErrorTypes } from "../errors.js";
import { noStore } from "./respond.js";
import type { AuthRequest } from "./request.js";
import { answersJson, type ActionRow } from "../rows/row.js";
import { expireCookie } from "../security/cookies.js";
import type { Cookie } from "../types/cookies.js";
import type { ResponseInternal } from "../types/response.js";
import type { LoggerInstance } from "../types/logger.js";

/**
 * The error's own type: an `AuthError`'s `type` (also one from another copy of the package, which
 * `instanceof` does not recognise, e.g. a bundler that loaded `@latch/core` twice), else the
 * error's `name`; `UnknownError` only for a thrown value that is not an error.
 */
function typeOf(error: unknown): string {
  if (error instanceof AuthError) return error.type;
  if (error instanceof Error) {
    const own = (error as { type?: unknown }).type;
    return typeof own === "string" && own ? own : error.name || "Error";
  }
  return "UnknownError";
}

/** Refusals that a user's own request causes in normal use: nothing for the operator to fix. */
const userCausedErrorTypes: ReadonlySet<string> = new Set(["CredentialsSignin", "Verification", "MissingCSRF"]);

/**
 * Logs an error with its type as the code; the message and cause never hold secrets. What a
 * user's own request caused (a wrong password, a used or expired link, a missing CSRF token: a
 * `CredentialsSignin`, `Verification` or `MissingCSRF` with no underlying error) and every request
 * refused with a 4xx (`InvalidRequest`, `UnknownAction`, `InvalidProvider`) is one `warn` line
 * without a stack; real faults go to `error` with the error itself, stack and cause included.
 */
export function logError(logger: LoggerInstance, error: unknown): void {
  if (isRequestError(error) || isRefusal(error)) {
    logger.warn(error.type, error.message);
    return;
  }
  if (error instanceof AuthError && userCausedErrorTypes.has(error.type) && !error.cause?.err) {
    logger.warn(error.type, error.message || "The request was refused.");
    return;
  }
  logger.error(typeOf(error), error);
}

function isRequestError(error: unknown): error is InvalidRequest | UnknownAction | InvalidProvider {
  return error instanceof InvalidRequest || error instanceof UnknownAction || error instanceof InvalidProvider;
}

/**
 * A refusal that names its HTTP status (`NotSignedIn`, `Forbidden`, the second-factor refusals),
 * with the `fields` its JSON answer adds to `{ error, message }`, and the `page` a browser gets
 * instead on a row that answers pages (made by the feature that refuses, in the page's language).
 */
type Refusal = AuthError & { readonly status: number; readonly fields?: object; readonly page?: ResponseInternal };

function isRefusal(error: unknown): error is Refusal {
  return error instanceof AuthError && typeof (error as { status?: unknown }).status === "number";
}

/** A malformed request: 4xx JSON, never the error page. */
export function requestErrorResponse(error: InvalidRequest | UnknownAction | InvalidProvider): ResponseInternal {
  const status = error instanceof InvalidRequest ? error.status : 400;
  return { status, body: { error: error.type, message: error.message } };
}

/**
 * A configuration that cannot work: 500 with `{ message }` (no secret, no stack) for JSON requests,
 * the error page with `Configuration` for page requests.
 */
export async function configErrorResponse(
  error: AuthError,
  target: { row?: Pick<ActionRow, "answer">; jsonMode: boolean; theme: AuthContext["theme"]; baseUrl: string; origin: string },
): Promise<ResponseInternal> {
  if (answersJson(target)) {
    return { status: 500, body: { message: `There is a problem with the server configuration (${error.type}): ${error.message}` } };
  }
  // The built-in pages are loaded when one is first shown (a separate chunk for bundlers that split).
  const { renderErrorPage } = await import("../pages/index.js");
  const page = renderErrorPage({ error: "Configuration", signInUrl: `${target.baseUrl}/signin`, homeUrl: target.origin, theme: target.theme });
  return { status: page.status, body: page.html };
}

/**
 * Turns an error thrown by an action into its response: a client-safe type goes back to the
 * sign-in page (sign-in errors) or the error page with `?error=<type>` (`&code=` for
 * `CredentialsSignin`); anything else is reported as `Configuration`. A row that answers JSON
 * answers its errors as JSON instead (see {@link jsonErrorResponse}): its callers are scripts,
 * apps and pages' `fetch`, which have no use for a redirect to an HTML page. A browser that
 * navigates to such a row or submits one of Latch's forms to it (it accepts HTML: the sessions
 * page posts to `sessions/revoke`) keeps the redirect, so a person sees the page that explains.
 */
export function actionErrorResponse(error: unknown, ctx: Pick<AuthContext, "baseUrl" | "origin" | "cookies" | "pages">, req: AuthRequest): ResponseInternal {
  if (isRequestError(error)) return requestErrorResponse(error);
  if (isRefusal(error)) return error.page && !answersJson(req) ? error.page : { status: error.status, body: { error: error.type, message: error.message, ...error.fields }, headers: { ...noStore } };
  const cookies = req.action === "callback" ? spentChecks(ctx, req) : [];
  if (req.row?.answer === "json" && !acceptsHtml(req)) return { ...jsonErrorResponse(error), cookies };
  return { ...redirectFor(error, ctx), cookies };
}

/** A browser navigating or submitting a form: it lists HTML among what it accepts (`fetch` and curl send "any type"). */
function acceptsHtml(req: AuthRequest): boolean {
  return (req.headers.get("accept") ?? "").toLowerCase().includes("text/html");
}

/** The client-safe errors that are refusals of the request (403); the others say it was wrong (400). */
const refusedTypes: ReadonlySet<string> = new Set(["MissingCSRF", "AccessDenied", "Verification"]);

/**
 * An error of a row that answers JSON: `{ error: <type>, message }` with 403 for a refusal
 * (`MissingCSRF`: no valid CSRF token, or sent from another origin; `AccessDenied`;
 * `Verification`), 429 with `Retry-After` for `RateLimited`, 400 for another client-safe type,
 * and `500 { error: "Configuration" }` for anything else, whose message stays in the log.
 */
function jsonErrorResponse(error: unknown): ResponseInternal {
  if (error instanceof RateLimited) {
    return { status: 429, body: { error: error.type, message: error.message }, headers: { ...noStore, "retry-after": String(error.retryAfter) } };
  }
  if (error instanceof AuthError && clientSafeErrorTypes.has(error.type)) {
    const status = refusedTypes.has(error.type) ? 403 : 400;
    const code = error instanceof CredentialsSignin ? { code: error.code } : {};
    return { status, body: { error: error.type, message: error.message, ...code }, headers: { ...noStore } };
  }
  return { status: 500, body: { error: "Configuration" }, headers: { ...noStore } };
}

/** A failed callback spends its one attempt: the PKCE, state, nonce and challenge cookies it carried are deleted. */
function spentChecks(ctx: Pick<AuthContext, "cookies">, req: AuthRequest): Cookie[] {
  const { pkceCodeVerifier, state, nonce, webauthnChallenge } = ctx.cookies;
  return [pkceCodeVerifier, state, nonce, webauthnChallenge]
    .filter((cookie) => req.cookies[cookie.name] !== undefined)
    .map((cookie) => expireCookie(cookie.name, cookie.options));
}

function redirectFor(error: unknown, ctx: Pick<AuthContext, "baseUrl" | "origin" | "pages">): ResponseInternal {
  const type = typeOf(error);
  // A spent link of a flow that has its own page for asking again (`retryPath` under the base
  // path: a reset link's is the forgot-password page) goes there, which says what kind of link it was.
  const retryPath = error instanceof AuthError ? error.cause?.retryPath : undefined;
  if (error instanceof AuthError && error.type === "Verification" && typeof retryPath === "string") {
    return { redirect: pageUrl(ctx, `${ctx.baseUrl}/${retryPath}`, { error: type }) };
  }
  if (error instanceof AuthError && clientSafeErrorTypes.has(error.type)) {
    const code = error instanceof CredentialsSignin ? error.code : undefined;
    const url = error instanceof SignInError ? signInPageUrl(ctx, { error: type, code }) : errorPageUrl(ctx, { error: type });
    return { redirect: url };
  }
  return { redirect: errorPageUrl(ctx, { error: "Configuration" }) };
}
