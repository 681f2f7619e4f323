/**
 * Impersonation (PROTOCOL §13): `POST <base>/admin/impersonate { userId }` starts a session of the
 * user for a site administrator whose own sign-in is recent, through the sign-in gate, marked with
 * the administrator's id (`session.impersonatedBy`: a claim of the JWT, or the stored session's
 * `impersonatedBy`) and ending after `impersonationMaxAge` whatever its use. The administrator's
 * own session cookie is kept aside in a cookie of its own; `POST <base>/admin/impersonate/stop`
 * ends the impersonated session and puts it back. A row that declares `refusesImpersonation` is
 * refused to such a session before its handler runs ({@link refuseImpersonated}).
 */
import type { AdapterUser } from "../../adapter.js";
import type { Account } from "../../types/entities.js";
import { declaredSessionFields } from "../../config/adapter-guard.js";
import type { AuthContext } from "../../config/context.js";
import type { SessionReadContext } from "../../config/slices.js";
import { InvalidRequest } from "../../errors.js";
import type { AuthRequest } from "../../http/request.js";
import { noStore } from "../../http/respond.js";
import { answersJson } from "../../rows/row.js";
import { sessionStrategy } from "../../session/index.js";
import { clearChunkedCookie, databaseCookie, earnedOf, liveToken, lookUp, nowSeconds, readChunkedCookie, writeChunkedCookie, type Earned } from "../../session/read.js";
import { openSession } from "../../signin/complete.js";
import { adminCode } from "../../symbols.js";
import type { Cookie, CookieOption } from "../../types/cookies.js";
import type { ResponseInternal } from "../../types/response.js";
import { record } from "../../config/audit-record.js";
import { isBanned } from "./ban.js";
import { AdminActionRefused, Forbidden, ImpersonationRefused, InvalidAdmin, NotSignedIn, RecentSignInRequired } from "./errors.js";
import { impersonationRefusedPage, type RefusalPageContext } from "./pages.js";
import { adminStore } from "./store.js";

/** How recent the administrator's last first factor must be to impersonate (seconds), as for a password change. */
const recentSignIn = 5 * 60;

/** The request's session as impersonation reads it: its user, who impersonates (if anyone), what it earned, its end. */
interface CurrentSession {
  userId: string;
  impersonatedBy?: string;
  earned: Earned | null;
  expires: Date;
}

/** The request's live session under either strategy, or `null`. */
async function currentSession(ctx: SessionReadContext, req: AuthRequest): Promise<CurrentSession | null> {
  if (ctx.session.strategy === "jwt") {
    const token = await liveToken(ctx, req);
    if (typeof token?.sub !== "string") return null;
    const by = token.impersonatedBy;
    return { userId: token.sub, ...(typeof by === "string" && { impersonatedBy: by }), earned: earnedOf(token), expires: new Date(((token.exp as number | undefined) ?? nowSeconds() + ctx.jwt.maxAge) * 1000) };
  }
  const found = await lookUp(ctx, req);
  if (!found || found === "expired") return null;
  // Only a declaring adapter stores what a session earned; anything else an adapter returns is not trusted.
  const fields = declaredSessionFields(ctx.adapter);
  const { impersonatedBy } = found.session;
  return {
    userId: found.user.id,
    ...(impersonatedBy && { impersonatedBy }),
    earned: fields.has("auth_time") && fields.has("amr") ? earnedOf(found.session) : null,
    expires: new Date(found.session.expires),
  };
}

/**
 * The router's hook for a row that declares `refusesImpersonation`: an impersonated session is
 * refused with `ImpersonationRefused` (403; a browser on a page row gets the page that says so).
 */
export async function refuseImpersonated(ctx: SessionReadContext & RefusalPageContext, req: AuthRequest): Promise<void> {
  const current = await currentSession(ctx, req);
  if (!current?.impersonatedBy) return;
  const page = answersJson(req) ? undefined : await impersonationRefusedPage(ctx, req);
  throw new ImpersonationRefused("A site administrator is acting as this user: only the user may do this.", page && { page });
}

/** The cookie that keeps the administrator's own session while they act as a user: the session cookie's attributes. */
function keptCookie(ctx: Pick<AuthContext, "cookies" | "useSecureCookies">): CookieOption {
  return { name: `${ctx.useSecureCookies ? "__Secure-" : ""}latch.admin-session`, options: ctx.cookies.sessionToken.options };
}

const settingsOf = (ctx: Pick<AuthContext, "admin">) => ctx.admin![adminCode].settings;

/** Runs an event of the option; a throwing event is logged, never undoes the action. */
async function fire(ctx: Pick<AuthContext, "logger">, event: (() => unknown) | undefined): Promise<void> {
  if (!event) return;
  try {
    await event();
  } catch (error) {
    ctx.logger.error("AdminEventError", error as Error);
  }
}

/** Whether `userId` is a site administrator: a configured id, or the stored role `"admin"` while not banned. */
async function isAdministrator(ctx: Pick<AuthContext, "admin" | "adapter">, userId: string): Promise<boolean> {
  if (settingsOf(ctx).adminUserIds.includes(userId)) return true;
  const standing = await adminStore(ctx.adapter!).getUserStanding(userId);
  return standing?.role === "admin" && !isBanned(standing);
}

/**
 * `POST admin/impersonate { userId, callbackUrl? }`: a session of the user for the administrator,
 * through the sign-in gate (a banned user starts none). Refused: no session (401); not an
 * administrator (403); a sign-in older than five minutes (403 `RecentSignInRequired`); oneself, a
 * banned user or, unless `impersonateAdministrators`, an administrator (409); an unknown user (404).
 * An impersonated session never gets here: the row refuses it. Answers `{ userId, impersonatedBy,
 * expires, url }` with the user's session cookie and the cookie keeping the administrator's.
 */
export async function impersonateAction(ctx: AuthContext, req: AuthRequest): Promise<ResponseInternal> {
  const current = await currentSession(ctx, req);
  if (!current) throw new NotSignedIn("Sign in as a site administrator.");
  const by = current.userId;
  if (!(await isAdministrator(ctx, by))) throw new Forbidden("Only a site administrator may do this.");
  if (!current.earned || nowSeconds() - current.earned.auth_time >= recentSignIn) {
    throw new RecentSignInRequired("Sign in again: impersonating a user needs a sign-in of the last five minutes.");
  }
  const userId = req.body?.userId;
  if (typeof userId !== "string" || !userId || userId.length > 255) throw new InvalidRequest("Name the user: userId.");
  if (userId === by) throw new AdminActionRefused("An administrator cannot impersonate themselves.");
  const settings = settingsOf(ctx);
  if (ctx.session.strategy === "database" && !declaredSessionFields(ctx.adapter).has("impersonatedBy")) {
    throw new InvalidAdmin("Admin: the adapter does not store a session's impersonatedBy (sessionFields); upgrade it (its migration that adds the column) to impersonate users.");
  }
  const user = (await ctx.adapter!.getUser!(userId)) as AdapterUser | null;
  if (!user) return { status: 404, body: { error: "UserNotFound", message: "There is no such user." }, headers: { ...noStore } };
  if (isBanned(await adminStore(ctx.adapter!).getUserStanding(userId))) throw new AdminActionRefused("The user is banned: lift the ban first.");
  if (!settings.impersonateAdministrators && (await isAdministrator(ctx, userId))) {
    throw new AdminActionRefused("An administrator cannot impersonate another administrator (Admin({ impersonateAdministrators: true }) allows it).");
  }
  const asked = req.body?.callbackUrl;
  const callbackUrl = await ctx.callbacks.redirect({ url: typeof asked === "string" && asked ? asked : ctx.origin, baseUrl: ctx.origin });
  const until = nowSeconds() + settings.impersonationMaxAge;
  const account: Account = { type: "credentials", provider: "admin", providerAccountId: by, userId };
  const started = await openSession(ctx, req, {
    user,
    eventUser: user,
    account,
    isNewUser: false,
    callbackUrl,
    proof: { auth_time: nowSeconds(), amr: [] },
    impersonation: { by, until },
  });
  // The administrator's own session cookie, as the request carried it (joined from its chunks), kept until it ends.
  const own = readChunkedCookie(req.cookies, ctx.cookies.sessionToken.name)!;
  const kept = writeChunkedCookie(req.cookies, keptCookie(ctx), own, current.expires);
  const expires = new Date(until * 1000);
  await fire(ctx, () => settings.events.impersonationStarted?.({ userId, by, expires }));
  await record(ctx, { action: "admin.impersonation.started", actorUserId: by, subjectUserId: userId, details: { expires: expires.toISOString() } });
  return { status: 200, body: { userId, impersonatedBy: by, expires: expires.toISOString(), url: started.redirect ?? callbackUrl }, cookies: [...(started.cookies ?? []), ...kept], headers: { ...noStore } };
}

/** `req` as if it carried `value` as its session cookie, and no other session cookie. */
function carrying(ctx: Pick<AuthContext, "cookies">, req: AuthRequest, value: string): AuthRequest {
  const { name } = ctx.cookies.sessionToken;
  const others = Object.fromEntries(Object.entries(req.cookies).filter(([key]) => key !== name && !key.startsWith(`${name}.`)));
  return { ...req, cookies: { ...others, [name]: value } };
}

/**
 * `POST admin/impersonate/stop`: ends the impersonated session of the request (a database session
 * is deleted; a JWT one revoked) and puts the administrator's own session back when it is still
 * live and theirs. Answers `{ userId, impersonatedBy, restored }`; a session that is not an
 * impersonation is refused (409).
 */
export async function stopImpersonationAction(ctx: AuthContext, req: AuthRequest): Promise<ResponseInternal> {
  const current = await currentSession(ctx, req);
  if (!current) throw new NotSignedIn("There is no session to stop.");
  const by = current.impersonatedBy;
  if (!by) throw new AdminActionRefused("This session is not an impersonation.");
  const ended = await sessionStrategy(ctx).end(ctx, req);
  const cookie = keptCookie(ctx);
  const own = readChunkedCookie(req.cookies, cookie.name);
  const back = own ? await currentSession(ctx, carrying(ctx, req, own)) : null;
  let restored: Cookie[] = [];
  if (back && back.userId === by && !back.impersonatedBy) {
    restored = ctx.session.strategy === "jwt" ? writeChunkedCookie({}, ctx.cookies.sessionToken, own!, back.expires) : [databaseCookie(ctx, own!, back.expires)];
  }
  // The restored cookies come last and win over the deletions of the ended session's.
  const written = new Set(restored.map((c) => c.name));
  const cookies = [...ended.filter((c) => !written.has(c.name)), ...clearChunkedCookie(req.cookies, cookie), ...restored];
  await fire(ctx, () => settingsOf(ctx).events.impersonationStopped?.({ userId: current.userId, by }));
  await record(ctx, { action: "admin.impersonation.stopped", actorUserId: by, subjectUserId: current.userId });
  return { status: 200, body: { userId: current.userId, impersonatedBy: by, restored: restored.length > 0 }, cookies, headers: { ...noStore } };
}
