/**
 * Session control: the signed-in user's sessions, listed and ended. Used by the
 * `sessions` endpoints and exported as the server API (`listSessions`, `revokeSession`,
 * `revokeOtherSessions`, `revokeAllSessions`), each taking the same config object as `Auth()`.
 */
import type { AdapterSession } from "../adapter.js";
import type { AuthContext } from "../config/context.js";
import { MissingAdapter, UnsupportedStrategy } from "../errors.js";
import type { AuthRequest } from "../http/request.js";
import { currentDatabaseSession } from "./database.js";

/** What session control needs of a resolved config. */
export type ControlContext = Pick<AuthContext, "adapter" | "events" | "session">;

/** One session of a user, as the user may see it. Never carries the session token. */
export interface SessionInfo {
  /** Opaque id: pass it to `revokeSession` or `POST <base>/sessions/revoke` to end this session. */
  id: string;
  /** When the session started (`null` for a session stored before Latch kept it). */
  createdAt: Date | null;
  /** The last time the session was extended, at `session.updateAge` granularity. */
  lastSeenAt: Date | null;
  /** When the session expires unless it is used again. */
  expires: Date;
  /** Browser and platform, such as `"Firefox 128 on Linux"`. */
  userAgent: string | null;
  /** The client's IP address, only when the app opted in with `session.ipAddress`. */
  ip: string | null;
  /** True for the session of the request that asked. */
  current: boolean;
}

function adapterOf(ctx: ControlContext) {
  if (ctx.session.strategy !== "database") {
    throw new UnsupportedStrategy("Listing and ending sessions by id needs the database session strategy.");
  }
  if (!ctx.adapter) throw new MissingAdapter("Session control needs an adapter.");
  return ctx.adapter as Required<NonNullable<ControlContext["adapter"]>>;
}

function toInfo(session: AdapterSession, currentToken: string | undefined): SessionInfo | null {
  if (!session.id) return null;
  return {
    id: session.id,
    createdAt: session.createdAt ? new Date(session.createdAt) : null,
    lastSeenAt: session.lastSeenAt ? new Date(session.lastSeenAt) : null,
    expires: new Date(session.expires),
    userAgent: session.userAgent ?? null,
    ip: session.ip ?? null,
    current: currentToken !== undefined && session.sessionToken === currentToken,
  };
}

/** The session of the request: its user, and its opaque id when the adapter gives one; `null` when signed out. */
export async function requestSession(ctx: AuthContext, req: AuthRequest): Promise<{ userId: string; sessionId?: string; sessionToken: string } | null> {
  adapterOf(ctx);
  return currentDatabaseSession(ctx, req);
}

/** The user's sessions that have not expired, the most recently seen first. */
export async function userSessions(ctx: ControlContext, userId: string, currentToken?: string): Promise<SessionInfo[]> {
  const now = Date.now();
  const stored = await adapterOf(ctx).listSessions(userId);
  const seen = (s: SessionInfo) => (s.lastSeenAt ?? s.createdAt ?? new Date(0)).valueOf();
  return stored
    .filter((session) => session.userId === userId && new Date(session.expires).valueOf() > now)
    .map((session) => toInfo(session, currentToken))
    .filter((info): info is SessionInfo => info !== null)
    .sort((a, b) => seen(b) - seen(a));
}

/** Ends one session of the user; `false` (nothing deleted) when the user has no session with this id. */
export async function endUserSession(ctx: ControlContext, userId: string, sessionId: string): Promise<boolean> {
  const ended = await adapterOf(ctx).deleteSessionById(userId, sessionId);
  if (!ended) return false;
  await ctx.events.sessionRevoked?.({ userId, scope: "session", sessionId, count: 1 });
  return true;
}

/** Ends every session of the user except `keepSessionId`; returns how many ended. */
export async function endOtherUserSessions(ctx: ControlContext, userId: string, keepSessionId: string): Promise<number> {
  const adapter = adapterOf(ctx);
  const others = (await adapter.listSessions(userId)).filter((session) => session.id && session.id !== keepSessionId);
  let count = 0;
  for (const session of others) if (await adapter.deleteSessionById(userId, session.id!)) count++;
  await ctx.events.sessionRevoked?.({ userId, scope: "others", count });
  return count;
}

/** Ends every session of the user; returns how many ended. */
export async function endAllUserSessions(ctx: ControlContext, userId: string): Promise<number> {
  const count = await adapterOf(ctx).deleteSessions(userId);
  await ctx.events.sessionRevoked?.({ userId, scope: "all", count });
  return count;
}
