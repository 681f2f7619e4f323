import type { AdapterSession, AdapterUser, SessionAuthentication, SessionDetails, SessionField } from "../adapter.js";
import { declaredSessionFields } from "../config/adapter-guard.js";
import type { AuthContext } from "../config/context.js";
import { MissingAdapter } from "../errors.js";
import type { AuthRequest } from "../http/request.js";
import { expireCookie } from "../security/cookies.js";
import type { Cookie } from "../types/cookies.js";
import { sessionControlCode } from "../symbols.js";
import type { Session } from "../types/entities.js";
import { earnedFields, earnedOf, pastAbsoluteLifetime } from "./earned.js";
import type { CurrentUser, SessionRead, SessionStart } from "./types.js";

type Ctx = Pick<AuthContext, "cookies" | "session" | "callbacks" | "events" | "adapter" | "jwt">;

function adapterOf(ctx: Ctx) {
  if (!ctx.adapter) throw new MissingAdapter("The database session strategy needs an adapter.");
  return ctx.adapter as Required<NonNullable<Ctx["adapter"]>>;
}

function sessionCookie(ctx: Ctx, value: string, expires: Date): Cookie {
  const { name, options } = ctx.cookies.sessionToken;
  return { name, value, options: { ...options, expires } };
}

function clear(ctx: Ctx): Cookie[] {
  return [expireCookie(ctx.cookies.sessionToken.name, ctx.cookies.sessionToken.options)];
}

/**
 * Only the fields the adapter declared (`Adapter.sessionFields`): an adapter written for Auth.js
 * gets exactly Auth.js's session shape.
 */
function declared<T extends SessionDetails & SessionAuthentication>(ctx: Ctx, fields: T): Partial<T> {
  const allowed = declaredSessionFields(ctx.adapter);
  return Object.fromEntries(Object.entries(fields).filter(([name]) => allowed.has(name as SessionField))) as Partial<T>;
}

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
  return [sessionCookie(ctx, sessionToken, expires)];
}

// Control characters (NUL above all, which SQL engines refuse) are in no token Latch or a custom
// generateSessionToken hands out: such a cookie is answered as an unknown session, never sent on.
const impossibleToken = /[\u0000-\u001f\u007f]/;

/** The session cookie's value: `null` when absent, `"unknown"` when no issued token can look like it. */
function cookieToken(ctx: Ctx, req: AuthRequest): string | "unknown" | null {
  const token = req.cookies[ctx.cookies.sessionToken.name];
  if (!token) return null;
  return impossibleToken.test(token) ? "unknown" : token;
}

async function lookUp(ctx: Ctx, req: AuthRequest): Promise<{ session: AdapterSession; user: AdapterUser; token: string } | "expired" | null> {
  const token = cookieToken(ctx, req);
  if (!token) return null;
  if (token === "unknown") return "expired";
  const adapter = adapterOf(ctx);
  const found = await adapter.getSessionAndUser(token);
  if (!found) return "expired";
  // Idle expiry, or the absolute lifetime since the last first factor (ASVS 5.0 §7.3.2): either ends it.
  if (new Date(found.session.expires).valueOf() < Date.now() || pastAbsoluteLifetime(ctx.session, found.session)) {
    await adapter.deleteSession(token);
    return "expired";
  }
  return { ...found, token };
}

async function exposed(ctx: Ctx, session: AdapterSession, user: AdapterUser, expires: Date, update?: { data: unknown }): Promise<Session> {
  // The token stays out of what the callback gets: a callback that returns the session as it
  // came would otherwise hand the cookie's secret to every script that reads /session.
  const { sessionToken: _token, refreshError, ...visible } = session;
  // A refused refresh of the user's provider tokens (recorded on the account) shows as
  // `session.error`, for the app to ask for a new sign-in.
  if (!ctx.callbacks.session) {
    // Without a `session` callback: the user's name, email and image, and the expiry.
    const shown: Session = { user: { name: user.name, email: user.email, image: user.image }, expires: expires.toISOString() };
    return refreshError ? { ...shown, error: "RefreshTokenError" } : shown;
  }
  const input = { session: { ...visible, user, expires, error: refreshError ? "RefreshTokenError" : undefined } as never, user };
  const result = update
    ? await ctx.callbacks.session({ ...input, newSession: update.data, trigger: "update" })
    : await ctx.callbacks.session(input);
  return result as Session;
}

/**
 * Reads the session (one adapter call). An expired session is deleted; `expires` moves by
 * `maxAge` at most once per `updateAge`, and only then is the cookie re-sent.
 */
export async function readDatabaseSession(ctx: Ctx, req: AuthRequest): Promise<SessionRead> {
  const found = await lookUp(ctx, req);
  if (!found) return { session: null, cookies: [] };
  if (found === "expired") return { session: null, cookies: clear(ctx) };
  const { session, user, token } = found;
  let expires = new Date(session.expires);
  const cookies: Cookie[] = [];
  const { maxAge, updateAge } = ctx.session;
  if (updateAge === 0 || expires.valueOf() - maxAge * 1000 + updateAge * 1000 <= Date.now()) {
    const now = Date.now();
    expires = new Date(now + maxAge * 1000);
    // "Last seen" moves with the expiry, so it costs no write of its own.
    await adapterOf(ctx).updateSession({ sessionToken: token, expires, ...declared(ctx, { lastSeenAt: new Date(now) }) });
    cookies.push(sessionCookie(ctx, token, expires));
  }
  const client = await exposed(ctx, session, user, expires);
  await ctx.events.session?.({ session: client, token: undefined as never });
  return { session: client, cookies, userId: user.id };
}

/** Applies a client's update: the `session` callback with `newSession` and `trigger: "update"`. */
export async function updateDatabaseSession(ctx: Ctx, req: AuthRequest, data: unknown): Promise<SessionRead> {
  const found = await lookUp(ctx, req);
  if (!found) return { session: null, cookies: [] };
  if (found === "expired") return { session: null, cookies: clear(ctx) };
  const expires = new Date(Date.now() + ctx.session.maxAge * 1000);
  await adapterOf(ctx).updateSession({ sessionToken: found.token, expires });
  const client = await exposed(ctx, found.session, found.user, expires, { data });
  return { session: client, cookies: [sessionCookie(ctx, found.token, expires)], userId: found.user.id };
}

/** Signs out: deletes the row, gives it to the `signOut` event, clears the cookie. */
export async function endDatabaseSession(ctx: Ctx, req: AuthRequest): Promise<Cookie[]> {
  const token = cookieToken(ctx, req);
  if (token && token !== "unknown") {
    const session = await adapterOf(ctx).deleteSession(token);
    await ctx.events.signOut?.({ session });
  }
  return clear(ctx);
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
