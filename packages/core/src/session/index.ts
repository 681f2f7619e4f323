/**
 * Sessions of both strategies behind one interface (nothing outside `session/` knows what the
 * cookie holds): how each starts, is updated, ends, and names its user. Reading a session is in
 * read.ts, with the cookie codec both strategies share.
 */
import { declaredSessionFields } from "../config/adapter-guard.js";
import type { AuthContext } from "../config/context.js";
import { MissingAdapter } from "../errors.js";
import type { AuthRequest } from "../http/request.js";
import type { Cookie } from "../types/cookies.js";
import type { JWT } from "../types/entities.js";
import {
  adapterOf,
  clearChunkedCookie,
  clearDatabaseCookie,
  cookieToken,
  databaseCookie,
  declared,
  decodeToken,
  earnedFields,
  earnedOf,
  encodeCookies,
  exposed,
  keepSessionClaims,
  liveToken,
  lookUp,
  readDatabaseSession,
  readJwtSession,
  shownSession,
} from "./read.js";
import type { CurrentUser, SessionRead, SessionStart } from "./types.js";

export type { CurrentUser, SessionRead, SessionStart } from "./types.js";
// The session token's public codec and the reads live in read.ts.
export { decode, encode, readDatabaseSession, readJwtSession, liveToken as readLiveJwt } from "./read.js";

interface Strategy {
  read(ctx: AuthContext, req: AuthRequest): Promise<SessionRead>;
  start(ctx: AuthContext, req: AuthRequest, start: SessionStart): Promise<Cookie[]>;
  update(ctx: AuthContext, req: AuthRequest, data: unknown): Promise<SessionRead>;
  end(ctx: AuthContext, req: AuthRequest): Promise<Cookie[]>;
  current(ctx: AuthContext, req: AuthRequest): Promise<CurrentUser>;
}

const strategies: Record<"jwt" | "database", Strategy> = {
  jwt: { read: readJwtSession, start: startJwtSession, update: updateJwtSession, end: endJwtSession, current: currentJwtUser },
  database: {
    read: readDatabaseSession,
    start: startDatabaseSession,
    update: updateDatabaseSession,
    end: endDatabaseSession,
    current: currentDatabaseUser,
  },
};

/** The strategy configured for `ctx`. */
export function sessionStrategy(ctx: Pick<AuthContext, "session">): Strategy {
  return strategies[ctx.session.strategy];
}


type JwtCtx = Pick<AuthContext, "cookies" | "secrets" | "jwt" | "session" | "callbacks" | "events" | "logger" | "features">;

/** With `session.providerTokens`, an OAuth/OIDC sign-in keeps the provider's tokens in the token. */
function providerTokenClaims(ctx: JwtCtx, account: SessionStart["account"]): { providerTokens: Record<string, unknown> } | undefined {
  if (!ctx.session.providerTokens || !account?.access_token || (account.type !== "oauth" && account.type !== "oidc")) return undefined;
  const { access_token, refresh_token, expires_at } = account;
  return { providerTokens: { [account.provider]: { access_token, refresh_token, expires_at } } };
}

/** The claims of a session a site administrator starts as the user: who, and its fixed end (seconds). */
const impersonationClaims = ({ impersonation }: SessionStart) => impersonation && { impersonatedBy: impersonation.by, impersonatedUntil: impersonation.until };

/** Re-encodes `token` (its claims, without `iat`/`exp`/`jti`) into the session cookies. */
export async function rewriteJwtSession(ctx: JwtCtx, req: AuthRequest, token: JWT): Promise<Cookie[]> {
  const { iat: _iat, exp: _exp, jti: _jti, ...claims } = token;
  return (await encodeCookies(ctx, req, claims as JWT)).cookies;
}

/** Signs in: the `jwt` callback shapes the token, which is encrypted into the session cookie. */
export async function startJwtSession(ctx: JwtCtx, req: AuthRequest, start: SessionStart): Promise<Cookie[]> {
  const { user, account, profile, isNewUser } = start;
  const earned = earnedFields(start.earned);
  const initial: JWT = { name: user.name, email: user.email, picture: user.image, sub: user.id?.toString(), ...earned };
  const token = ctx.callbacks.jwt ? await ctx.callbacks.jwt({ token: initial, user, account, profile, isNewUser, trigger: isNewUser ? "signUp" : "signIn" }) : initial;
  if (!token) return clearChunkedCookie(req.cookies, ctx.cookies.sessionToken);
  // The callback sees what the session earned but cannot change it.
  const { auth_time: _authTime, mfa_time: _mfaTime, amr: _amr, ...shaped } = token;
  const claims = { ...ctx.session.revocation?.newSessionClaims(), ...providerTokenClaims(ctx, account), ...earned, ...impersonationClaims(start) };
  return (await encodeCookies(ctx, req, { ...shaped, ...claims })).cookies;
}

/** Applies a client's update: the `jwt` callback with `trigger: "update"`, then a fresh cookie. */
export async function updateJwtSession(ctx: JwtCtx, req: AuthRequest, data: unknown): Promise<SessionRead> {
  const payload = await liveToken(ctx, req);
  if (!payload) return { session: null, cookies: [] };
  const token = ctx.callbacks.jwt ? await ctx.callbacks.jwt({ token: payload, user: undefined as never, account: null, trigger: "update", session: data }) : payload;
  if (!token) return { session: null, cookies: clearChunkedCookie(req.cookies, ctx.cookies.sessionToken) };
  const kept = keepSessionClaims(payload, token);
  const { iat: _iat, exp: _exp, jti: _jti, ...claims } = kept;
  const { cookies, expires } = await encodeCookies(ctx, req, claims as JWT);
  const session = await shownSession(ctx, kept, expires, { data });
  await ctx.events.session?.({ session, token });
  return { session, cookies, userId: token.sub };
}

/**
 * Signs out: with revocation on, the token's session id (`sid`) is revoked, so a copy of the
 * cookie is refused too; the `signOut` event gets the token; the cookie (every chunk) is cleared.
 */
export async function endJwtSession(ctx: JwtCtx, req: AuthRequest): Promise<Cookie[]> {
  const token = await decodeToken(ctx, req);
  const { revocation } = ctx.session;
  if (revocation && typeof token?.sub === "string" && typeof token.sid === "string") {
    await revocation.revokeSession(token.sub, token.sid, ctx.jwt.maxAge);
  }
  await ctx.events.signOut?.({ token });
  return clearChunkedCookie(req.cookies, ctx.cookies.sessionToken);
}

/** The signed-in user's id (`sub`) and what the session earned, for the sign-in gate and account linking. */
export async function currentJwtUser(ctx: JwtCtx, req: AuthRequest): Promise<CurrentUser> {
  const token = await liveToken(ctx, req);
  return token?.sub ? { id: token.sub, earned: earnedOf(token) } : null;
}

/** The signed-in user's id and the token's session id (`sid`, with revocation on), for session control. */
export async function currentJwtSession(ctx: JwtCtx, req: AuthRequest): Promise<{ userId: string; sessionId?: string } | null> {
  const token = await liveToken(ctx, req);
  if (typeof token?.sub !== "string") return null;
  return { userId: token.sub, sessionId: typeof token.sid === "string" ? token.sid : undefined };
}


type DatabaseCtx = Pick<AuthContext, "cookies" | "session" | "callbacks" | "events" | "adapter" | "jwt" | "features">;

/**
 * Signs in: stores `{ sessionToken, userId, expires }` and, for an adapter that declares them,
 * the session's details and what it earned; the cookie holds only the token.
 */
export async function startDatabaseSession(ctx: DatabaseCtx, req: AuthRequest, start: SessionStart): Promise<Cookie[]> {
  const adapter = adapterOf(ctx);
  const userId = start.user.id;
  if (!userId) throw new MissingAdapter("A database session needs the user's id.");
  const sessionToken = ctx.session.generateSessionToken();
  const now = new Date();
  const { impersonation } = start;
  // A session a site administrator starts as the user ends at its fixed end, and never slides.
  const expires = new Date(impersonation ? impersonation.until * 1000 : now.valueOf() + ctx.session.maxAge * 1000);
  // What a person needs to recognise this session later: the browser summary when session
  // control is on (it brings the code), the IP only when the app opted in.
  const userAgent = ctx.features.find((feature) => feature.describeDevice)?.describeDevice!(req.headers.get("user-agent")) ?? null;
  const ip = ctx.session.ipAddress?.(req.request)?.slice(0, 64) || null;
  const extra = declared(ctx, { createdAt: now, lastSeenAt: now, userAgent, ip, ...earnedFields(start.earned), ...(impersonation && { impersonatedBy: impersonation.by }) });
  await adapter.createSession({ sessionToken, userId, expires, ...extra });
  return [databaseCookie(ctx, sessionToken, expires)];
}

/** Applies a client's update: the `session` callback with `newSession` and `trigger: "update"`. */
export async function updateDatabaseSession(ctx: DatabaseCtx, req: AuthRequest, data: unknown): Promise<SessionRead> {
  const found = await lookUp(ctx, req);
  if (!found) return { session: null, cookies: [] };
  if (found === "expired") return { session: null, cookies: clearDatabaseCookie(ctx) };
  // An impersonated session keeps its fixed end.
  const expires = found.session.impersonatedBy ? new Date(found.session.expires) : new Date(Date.now() + ctx.session.maxAge * 1000);
  await adapterOf(ctx).updateSession({ sessionToken: found.token, expires });
  const client = await exposed(ctx, found.session, found.user, expires, { data });
  return { session: client, cookies: [databaseCookie(ctx, found.token, expires)], userId: found.user.id };
}

/** Signs out: deletes the row, gives it to the `signOut` event, clears the cookie. */
export async function endDatabaseSession(ctx: DatabaseCtx, req: AuthRequest): Promise<Cookie[]> {
  const token = cookieToken(ctx, req);
  if (token && token !== "unknown") {
    const session = await adapterOf(ctx).deleteSession(token);
    await ctx.events.signOut?.({ session });
  }
  return clearDatabaseCookie(ctx);
}

/** The signed-in user's id and the opaque id of the request's session, for session control. */
export async function currentDatabaseSession(ctx: DatabaseCtx, req: AuthRequest): Promise<{ userId: string; sessionId?: string; sessionToken: string } | null> {
  const found = await lookUp(ctx, req);
  if (!found || found === "expired") return null;
  return { userId: found.user.id, sessionId: found.session.id, sessionToken: found.token };
}

/** The signed-in user's id and what the session earned, for the sign-in gate and account linking. */
export async function currentDatabaseUser(ctx: DatabaseCtx, req: AuthRequest): Promise<CurrentUser> {
  const found = await lookUp(ctx, req);
  if (!found || found === "expired") return null;
  // Only a declaring adapter stores what a session earned; anything else an adapter returns is not trusted.
  const fields = declaredSessionFields(ctx.adapter);
  const earned = fields.has("auth_time") && fields.has("amr") ? earnedOf(found.session) : null;
  return { id: found.user.id, earned: earned && !fields.has("mfa_time") ? { auth_time: earned.auth_time, amr: earned.amr } : earned };
}
