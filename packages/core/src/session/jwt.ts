import type { AuthContext } from "../config/context.js";
import type { AuthRequest } from "../http/request.js";
import type { JWT } from "../types/entities.js";
import type { Cookie } from "../types/cookies.js";
import { clearChunkedCookie } from "./chunks.js";
import { earnedFields, earnedOf } from "./earned.js";
import { decodeToken, encodeCookies, keepSessionClaims, liveToken, shownSession } from "./read.js";
import type { CurrentUser, SessionRead, SessionStart } from "./types.js";

// The session token's public codec and its read live with the read (read.ts).
export { decode, encode, readJwtSession } from "./read.js";
/** The request's token when it decodes and was not revoked, for `getAccessToken`. */
export { liveToken as readLiveJwt } from "./read.js";

type Ctx = Pick<AuthContext, "cookies" | "secrets" | "jwt" | "session" | "callbacks" | "events" | "logger">;

/** With `session.providerTokens`, an OAuth/OIDC sign-in keeps the provider's tokens in the token. */
function providerTokenClaims(ctx: Ctx, account: SessionStart["account"]): { providerTokens: Record<string, unknown> } | undefined {
  if (!ctx.session.providerTokens || !account?.access_token || (account.type !== "oauth" && account.type !== "oidc")) return undefined;
  const { access_token, refresh_token, expires_at } = account;
  return { providerTokens: { [account.provider]: { access_token, refresh_token, expires_at } } };
}

/** Re-encodes `token` (its claims, without `iat`/`exp`/`jti`) into the session cookies. */
export async function rewriteJwtSession(ctx: Ctx, req: AuthRequest, token: JWT): Promise<Cookie[]> {
  const { iat: _iat, exp: _exp, jti: _jti, ...claims } = token;
  return (await encodeCookies(ctx, req, claims as JWT)).cookies;
}

/** Signs in: the `jwt` callback shapes the token, which is encrypted into the session cookie. */
export async function startJwtSession(ctx: Ctx, req: AuthRequest, start: SessionStart): Promise<Cookie[]> {
  const { user, account, profile, isNewUser } = start;
  const earned = earnedFields(start.earned);
  const initial: JWT = { name: user.name, email: user.email, picture: user.image, sub: user.id?.toString(), ...earned };
  const token = ctx.callbacks.jwt ? await ctx.callbacks.jwt({ token: initial, user, account, profile, isNewUser, trigger: isNewUser ? "signUp" : "signIn" }) : initial;
  if (!token) return clearChunkedCookie(req.cookies, ctx.cookies.sessionToken);
  // The callback sees what the session earned but cannot change it.
  const { auth_time: _authTime, mfa_time: _mfaTime, amr: _amr, ...shaped } = token;
  const claims = { ...ctx.session.revocation?.newSessionClaims(), ...providerTokenClaims(ctx, account), ...earned };
  return (await encodeCookies(ctx, req, { ...shaped, ...claims })).cookies;
}

/** Applies a client's update: the `jwt` callback with `trigger: "update"`, then a fresh cookie. */
export async function updateJwtSession(ctx: Ctx, req: AuthRequest, data: unknown): Promise<SessionRead> {
  const payload = await liveToken(ctx, req);
  if (!payload) return { session: null, cookies: [] };
  const token = ctx.callbacks.jwt ? await ctx.callbacks.jwt({ token: payload, user: undefined as never, account: null, trigger: "update", session: data }) : payload;
  if (!token) return { session: null, cookies: clearChunkedCookie(req.cookies, ctx.cookies.sessionToken) };
  const { iat: _iat, exp: _exp, jti: _jti, ...claims } = keepSessionClaims(payload, token);
  const { cookies, expires } = await encodeCookies(ctx, req, claims as JWT);
  const session = await shownSession(ctx, token, expires, { data });
  await ctx.events.session?.({ session, token });
  return { session, cookies, userId: token.sub };
}

/**
 * Signs out: with revocation on, the token's session id (`sid`) is revoked, so a copy of the
 * cookie is refused too; the `signOut` event gets the token; the cookie (every chunk) is cleared.
 */
export async function endJwtSession(ctx: Ctx, req: AuthRequest): Promise<Cookie[]> {
  const token = await decodeToken(ctx, req);
  const { revocation } = ctx.session;
  if (revocation && typeof token?.sub === "string" && typeof token.sid === "string") {
    await revocation.revokeSession(token.sub, token.sid, ctx.jwt.maxAge);
  }
  await ctx.events.signOut?.({ token });
  return clearChunkedCookie(req.cookies, ctx.cookies.sessionToken);
}

/** The signed-in user's id (`sub`) and what the session earned, for the sign-in gate and account linking. */
export async function currentJwtUser(ctx: Ctx, req: AuthRequest): Promise<CurrentUser> {
  const token = await liveToken(ctx, req);
  return token?.sub ? { id: token.sub, earned: earnedOf(token) } : null;
}

/** The signed-in user's id and the token's session id (`sid`, with revocation on), for session control. */
export async function currentJwtSession(ctx: Ctx, req: AuthRequest): Promise<{ userId: string; sessionId?: string } | null> {
  const token = await liveToken(ctx, req);
  if (typeof token?.sub !== "string") return null;
  return { userId: token.sub, sessionId: typeof token.sid === "string" ? token.sid : undefined };
}
