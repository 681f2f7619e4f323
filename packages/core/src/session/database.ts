import { declaredSessionFields } from "../config/adapter-guard.js";
import type { AuthContext } from "../config/context.js";
import { MissingAdapter } from "../errors.js";
import type { AuthRequest } from "../http/request.js";
import type { Cookie } from "../types/cookies.js";
import { sessionControlCode } from "../symbols.js";
import { earnedFields, earnedOf } from "./earned.js";
import { adapterOf, clearDatabaseCookie, cookieToken, databaseCookie, declared, exposed, lookUp } from "./read.js";
import type { CurrentUser, SessionRead, SessionStart } from "./types.js";

// The read lives with the JWT strategy's read (read.ts).
export { readDatabaseSession } from "./read.js";

type Ctx = Pick<AuthContext, "cookies" | "session" | "callbacks" | "events" | "adapter" | "jwt">;

/**
 * Signs in: stores `{ sessionToken, userId, expires }` and, for an adapter that declares them,
 * the session's details and what it earned; the cookie holds only the token.
 */
export async function startDatabaseSession(ctx: Ctx, req: AuthRequest, start: SessionStart): Promise<Cookie[]> {
  const adapter = adapterOf(ctx);
  const userId = start.user.id;
  if (!userId) throw new MissingAdapter("A database session needs the user's id.");
  const sessionToken = ctx.session.generateSessionToken();
  const now = new Date();
  const expires = new Date(now.valueOf() + ctx.session.maxAge * 1000);
  // What a person needs to recognise this session later: the browser summary when session
  // control is on (it brings the code), the IP only when the app opted in.
  const control = ctx.session.control?.[sessionControlCode] as { summarizeUserAgent(header: string | null): string | null } | undefined;
  const userAgent = control ? control.summarizeUserAgent(req.headers.get("user-agent")) : null;
  const ip = ctx.session.ipAddress?.(req.request)?.slice(0, 64) || null;
  const extra = declared(ctx, { createdAt: now, lastSeenAt: now, userAgent, ip, ...earnedFields(start.earned) });
  await adapter.createSession({ sessionToken, userId, expires, ...extra });
  return [databaseCookie(ctx, sessionToken, expires)];
}

/** Applies a client's update: the `session` callback with `newSession` and `trigger: "update"`. */
export async function updateDatabaseSession(ctx: Ctx, req: AuthRequest, data: unknown): Promise<SessionRead> {
  const found = await lookUp(ctx, req);
  if (!found) return { session: null, cookies: [] };
  if (found === "expired") return { session: null, cookies: clearDatabaseCookie(ctx) };
  const expires = new Date(Date.now() + ctx.session.maxAge * 1000);
  await adapterOf(ctx).updateSession({ sessionToken: found.token, expires });
  const client = await exposed(ctx, found.session, found.user, expires, { data });
  return { session: client, cookies: [databaseCookie(ctx, found.token, expires)], userId: found.user.id };
}

/** Signs out: deletes the row, gives it to the `signOut` event, clears the cookie. */
export async function endDatabaseSession(ctx: Ctx, req: AuthRequest): Promise<Cookie[]> {
  const token = cookieToken(ctx, req);
  if (token && token !== "unknown") {
    const session = await adapterOf(ctx).deleteSession(token);
    await ctx.events.signOut?.({ session });
  }
  return clearDatabaseCookie(ctx);
}

/** The signed-in user's id and the opaque id of the request's session, for session control. */
export async function currentDatabaseSession(ctx: Ctx, req: AuthRequest): Promise<{ userId: string; sessionId?: string; sessionToken: string } | null> {
  const found = await lookUp(ctx, req);
  if (!found || found === "expired") return null;
  return { userId: found.user.id, sessionId: found.session.id, sessionToken: found.token };
}

/** The signed-in user's id and what the session earned, for the sign-in gate and account linking. */
export async function currentDatabaseUser(ctx: Ctx, req: AuthRequest): Promise<CurrentUser> {
  const found = await lookUp(ctx, req);
  if (!found || found === "expired") return null;
  // Only a declaring adapter stores what a session earned; anything else an adapter returns is not trusted.
  const fields = declaredSessionFields(ctx.adapter);
  const earned = fields.has("auth_time") && fields.has("amr") ? earnedOf(found.session) : null;
  return { id: found.user.id, earned: earned && !fields.has("mfa_time") ? { auth_time: earned.auth_time, amr: earned.amr } : earned };
}
