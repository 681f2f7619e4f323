/**
 * `GET <base>/sessions` and `POST <base>/sessions/revoke` (PROTOCOL §13): the signed-in user's
 * sessions, as JSON or as the built-in page, and ending them. A user can end only their own.
 */
import type { AuthContext } from "../../config/context.js";
import { Forbidden, InvalidRequest, MissingAdapterMethods, NotSignedIn, UnknownAction } from "../../errors.js";
import type { AuthRequest } from "../../http/request.js";
import { noStore, withCookies } from "../../http/respond.js";
import { signInPageUrl } from "../../http/urls.js";
import { clearChunkedCookie } from "../../session/read.js";
import { endAllUserSessions, endOtherUserSessions, endUserSession, requestSession, userSessions } from "./control.js";
import { chooseLanguage } from "../../pages/language.js";
import { renderSessionsPage } from "./pages.js";
import type { SessionsPageLink } from "../../pages/types.js";
import type { ResponseInternal } from "../../types/response.js";
import { callbackUrlOf } from "../../security/request-checks.js";
import { csrfOf } from "../../security/request-checks.js";

const notSignedIn = () => new NotSignedIn("Sign in to see your sessions.");

/** A browser navigating (it accepts HTML) gets the page; a script gets JSON. */
function wantsPage(req: AuthRequest): boolean {
  return (req.headers.get("accept") ?? "").includes("text/html");
}

function sentJson(req: AuthRequest): boolean {
  return (req.headers.get("content-type") ?? "").toLowerCase().includes("application/json");
}

/** The plugins' pages of the account, each labelled in `lang` when the plugin speaks it, else in English. */
function accountPagesOf(ctx: Pick<AuthContext, "plugins" | "baseUrl">, lang: string): SessionsPageLink[] {
  return (ctx.plugins ?? []).flatMap((plugin) =>
    (plugin.accountPages ?? []).map((page) => ({
      href: `${ctx.baseUrl}/${plugin.id}${page.path ? `/${page.path}` : ""}`,
      label: Object.hasOwn(page.label, lang) ? page.label[lang]! : page.label.en,
    })),
  );
}

/** `GET /sessions`: `{ sessions: [...] }`, or the "your sessions" page for a browser. */
export async function sessionsAction(ctx: AuthContext, req: AuthRequest): Promise<ResponseInternal> {
  if (req.providerId !== undefined) throw new UnknownAction("POST sessions/revoke.");
  const current = await requestSession(ctx, req);
  const page = wantsPage(req);
  if (!current) {
    if (page) return { redirect: signInPageUrl(ctx, { callbackUrl: `${ctx.baseUrl}/sessions` }) };
    throw notSignedIn();
  }
  // JWT sessions are stored nowhere: only the current one is known.
  const sessions =
    ctx.session.strategy === "jwt"
      ? [{ id: current.sessionId ?? "", createdAt: null, lastSeenAt: null, expires: null, userAgent: null, ip: null, current: true }]
      : await userSessions(ctx, current.userId, current);
  if (!page) return { body: { sessions }, headers: { ...noStore } };
  const csrf = await csrfOf(ctx, req);
  const language = await chooseLanguage(ctx, req.request);
  const rendered = renderSessionsPage({
    sessions,
    csrfToken: csrf.token,
    action: `${ctx.baseUrl}/sessions/revoke`,
    callbackUrl: ctx.origin,
    theme: ctx.theme,
    language,
    accountPages: accountPagesOf(ctx, language.lang),
  });
  return withCookies({ status: rendered.status, body: rendered.html, headers: { ...noStore } }, [csrf.cookie]);
}

type Target = { id: string } | { others: true } | { all: true };

const yes = (value: unknown) => value === true || value === "true";

/** Exactly one of `{ id }`, `{ others: true }`, `{ all: true }`; anything else is a 400. */
function targetOf(body: AuthRequest["body"]): Target {
  const id = body?.id;
  const chosen = [id !== undefined, yes(body?.others), yes(body?.all)].filter(Boolean).length;
  if (chosen !== 1) throw new InvalidRequest("Send exactly one of id, others: true or all: true.");
  if (id !== undefined) {
    if (typeof id !== "string" || !id || id.length > 200) throw new InvalidRequest("id must be a session id.");
    return { id };
  }
  return yes(body?.others) ? { others: true } : { all: true };
}

/**
 * `POST /sessions/revoke` (CSRF-checked) with `{ id }`, `{ others: true }` or `{ all: true }`.
 * JSON gets `{ revoked: <count> }`; a form is sent back to the sessions page (to the callback
 * URL after `all`). An id that is not one of the user's sessions: 403, nothing deleted.
 */
export async function revokeSessionsAction(ctx: AuthContext, req: AuthRequest): Promise<ResponseInternal> {
  if (req.providerId !== "revoke") throw new UnknownAction("POST sessions/revoke.");
  const target = targetOf(req.body);
  const current = await requestSession(ctx, req);
  if (!current) throw notSignedIn();
  let revoked: number | null;
  let endsCurrent = false;
  if ("id" in target) {
    if (!(await endUserSession(ctx, current.userId, target.id))) throw new Forbidden("No session of yours has this id.");
    revoked = 1;
    endsCurrent = target.id === current.sessionId;
  } else if ("others" in target) {
    if (!current.sessionId) throw new MissingAdapterMethods(["listSessions"], "The current session has no id (an adapter without session ids, or a JWT from before revocation was on).");
    revoked = await endOtherUserSessions(ctx, current.userId, current.sessionId);
  } else {
    revoked = await endAllUserSessions(ctx, current.userId);
    endsCurrent = true;
  }
  const cleared = endsCurrent ? clearChunkedCookie(req.cookies, ctx.cookies.sessionToken) : [];
  if (sentJson(req)) return { body: { revoked }, headers: { ...noStore }, cookies: cleared };
  if (!endsCurrent) return { redirect: `${ctx.baseUrl}/sessions`, cookies: cleared };
  const { callbackUrl, cookies } = await callbackUrlOf(ctx, req);
  return { redirect: callbackUrl, cookies: [...cookies, ...cleared] };
}
