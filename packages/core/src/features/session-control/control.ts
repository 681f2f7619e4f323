/**
 * Session control: the signed-in user's sessions, listed and ended. Used by the
 * `sessions` endpoints and exported as the server API (`listSessions`, `revokeSession`,
 * `revokeOtherSessions`, `revokeAllSessions`), each taking the same config object as `Auth()`.
 */
import type { AdapterSession } from "../../adapter.js";
import type { AuthContext } from "../../config/context.js";
import type { SessionReadContext } from "../../config/slices.js";
import { timingSafeEqual } from "../../crypto/compare.js";
import { MissingAdapter, UnsupportedStrategy } from "../../errors.js";
import type { AuthRequest } from "../../http/request.js";
import type { SessionRevocation } from "../../types/session-options.js";
import { currentDatabaseSession } from "../../session/index.js";
import { currentJwtSession } from "../../session/index.js";

/** What session control needs of a resolved config. */
export type ControlContext = Pick<AuthContext, "adapter" | "events" | "session" | "jwt">;

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
    throw new UnsupportedStrategy("JWT sessions are stored nowhere, so they cannot be listed; listing sessions needs the database strategy.");
  }
  if (!ctx.adapter) throw new MissingAdapter("Session control needs an adapter.");
  return ctx.adapter as Required<NonNullable<ControlContext["adapter"]>>;
}

/** How the request's own session is recognised among the stored ones: its id, else its token. */
export interface CurrentSession {
  sessionId?: string;
  sessionToken?: string;
}

// By id first: an adapter that keeps only a digest of each token (`@latch/redis`) lists its
// sessions without their tokens.
function isCurrent(session: AdapterSession, current: CurrentSession): boolean {
  if (current.sessionId !== undefined && session.id) return session.id === current.sessionId;
  return current.sessionToken !== undefined && !!session.sessionToken && timingSafeEqual(session.sessionToken, current.sessionToken);
}

function toInfo(session: AdapterSession, current: CurrentSession): SessionInfo | null {
  if (!session.id) return null;
  return {
    id: session.id,
    createdAt: session.createdAt ? new Date(session.createdAt) : null,
    lastSeenAt: session.lastSeenAt ? new Date(session.lastSeenAt) : null,
    expires: new Date(session.expires),
    userAgent: session.userAgent ?? null,
    ip: session.ip ?? null,
    current: isCurrent(session, current),
  };
}

/** True for JWT sessions: they are ended through the revocation store, which must be configured. */
function jwtRevocation(ctx: ControlContext): SessionRevocation | undefined {
  if (ctx.session.strategy === "database") return undefined;
  if (!ctx.session.revocation) throw new UnsupportedStrategy("Ending JWT sessions needs session.revocation (JwtRevocation of @latch/core/revocation).");
  return ctx.session.revocation;
}

/**
 * The session of the request: its user, and its opaque id when there is one (the adapter's
 * session id, or the token's `sid`); `null` when signed out.
 */
export async function requestSession(ctx: SessionReadContext, req: AuthRequest): Promise<{ userId: string; sessionId?: string; sessionToken?: string } | null> {
  if (ctx.session.strategy === "jwt") return currentJwtSession(ctx, req);
  adapterOf(ctx);
  return currentDatabaseSession(ctx, req);
}

/** The user's sessions that have not expired, the most recently seen first. */
export async function userSessions(ctx: ControlContext, userId: string, current: CurrentSession = {}): Promise<SessionInfo[]> {
  const now = Date.now();
  const stored = await adapterOf(ctx).listSessions(userId);
  const seen = (s: SessionInfo) => (s.lastSeenAt ?? s.createdAt ?? new Date(0)).valueOf();
  return stored
    .filter((session) => session.userId === userId && new Date(session.expires).valueOf() > now)
    .map((session) => toInfo(session, current))
    .filter((info): info is SessionInfo => info !== null)
    .sort((a, b) => seen(b) - seen(a));
}

/**
 * Ends one session of the user; `false` (nothing deleted) when the user has no session with this
 * id. A JWT session id is revoked for this user only (the store cannot tell whether it exists).
 */
export async function endUserSession(ctx: ControlContext, userId: string, sessionId: string): Promise<boolean> {
  const revocation = jwtRevocation(ctx);
  if (revocation) await revocation.revokeSession(userId, sessionId, ctx.jwt.maxAge);
  else if (!(await adapterOf(ctx).deleteSessionById(userId, sessionId))) return false;
  await ctx.events.sessionRevoked?.({ userId, scope: "session", sessionId, count: 1 });
  return true;
}

/** Ends every session of the user except `keepSessionId`; returns how many ended (`null`: unknown, JWT). */
export async function endOtherUserSessions(ctx: ControlContext, userId: string, keepSessionId: string): Promise<number | null> {
  const revocation = jwtRevocation(ctx);
  if (revocation) {
    await revocation.revokeUser(userId, keepSessionId, ctx.jwt.maxAge);
    await ctx.events.sessionRevoked?.({ userId, scope: "others", count: null });
    return null;
  }
  const adapter = adapterOf(ctx);
  const others = (await adapter.listSessions(userId)).filter((session) => session.id && session.id !== keepSessionId);
  let count = 0;
  for (const session of others) if (await adapter.deleteSessionById(userId, session.id!)) count++;
  await ctx.events.sessionRevoked?.({ userId, scope: "others", count });
  return count;
}

/** Ends every session of the user; returns how many ended (`null`: unknown, JWT). */
export async function endAllUserSessions(ctx: ControlContext, userId: string): Promise<number | null> {
  const revocation = jwtRevocation(ctx);
  if (revocation) {
    await revocation.revokeUser(userId, null, ctx.jwt.maxAge);
    await ctx.events.sessionRevoked?.({ userId, scope: "all", count: null });
    return null;
  }
  const count = await adapterOf(ctx).deleteSessions(userId);
  await ctx.events.sessionRevoked?.({ userId, scope: "all", count });
  return count;
}
