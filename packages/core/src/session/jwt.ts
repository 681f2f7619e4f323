import type { AuthContext } from "../config/context.js";
import { openJwt, sealJwt } from "../crypto/index.js";
import { JWTSessionError } from "../errors.js";
import type { AuthRequest } from "../http/request.js";
import type { JWT, Session } from "../types/entities.js";
import type { Cookie } from "../types/cookies.js";
import type { JWTDecodeParams, JWTEncodeParams } from "../types/session-options.js";
import { clearChunkedCookie, readChunkedCookie, writeChunkedCookie } from "./chunks.js";
import { earnedFields, earnedOf, pastAbsoluteLifetime } from "./earned.js";
import type { CurrentUser, SessionRead, SessionStart } from "./types.js";

type Ctx = Pick<AuthContext, "cookies" | "secrets" | "jwt" | "session" | "callbacks" | "events" | "logger">;

const defaultMaxAge = 30 * 24 * 60 * 60;

function secretList(secret: string | string[]): string[] {
  const list = (Array.isArray(secret) ? secret : [secret]).filter(Boolean);
  if (!list.length) throw new TypeError("A secret is required to encode or decode a session token.");
  return list;
}

/**
 * Encrypts `token` as a compact JWE (`dir`, `A256CBC-HS512`) with a key derived from the first
 * secret and `salt` (the session cookie's name).
 *
 * @example
 * ```ts
 * const cookie = await encode({ token: { sub: "1" }, secret: process.env.AUTH_SECRET!, salt: "authjs.session-token" })
 * ```
 */
export async function encode<Payload = JWT>(params: JWTEncodeParams<Payload>): Promise<string> {
  const { token = {}, secret, salt, maxAge = defaultMaxAge } = params;
  return sealJwt({ payload: token as Record<string, unknown>, secret: secretList(secret)[0]!, salt, maxAge });
}

/**
 * Decrypts a token made by {@link encode} (or by Auth.js with the same secret). Returns `null`
 * when there is no token; throws when it does not decrypt or has expired.
 *
 * @example
 * ```ts
 * const token = await decode({ token: cookie, secret: [newSecret, oldSecret], salt: "authjs.session-token" })
 * ```
 */
export async function decode<Payload = JWT>(params: JWTDecodeParams): Promise<Payload | null> {
  const { token, secret, salt } = params;
  if (!token) return null;
  return openJwt<Payload>({ token, secrets: secretList(secret), salt });
}


/** Decodes the session token of the request; `null` for none, or one that does not verify (logged). */
async function decodeToken(ctx: Ctx, req: AuthRequest): Promise<JWT | null> {
  const { name } = ctx.cookies.sessionToken;
  const token = readChunkedCookie(req.cookies, name);
  if (!token) return null;
  try {
    return (await (ctx.jwt.decode ?? decode)({ token, secret: [...ctx.secrets], salt: name })) ?? null;
  } catch (error) {
    ctx.logger.error("JWTSessionError", new JWTSessionError("The session token did not decrypt or has expired.", { cause: { err: error as Error } }));
    return null;
  }
}

/**
 * The token of the request when it decodes, is within the absolute lifetime (an older one is
 * ended: its cookie is cleared by the read) and its session was not revoked (see `revocation.ts`).
 */
async function liveToken(ctx: Ctx, req: AuthRequest): Promise<JWT | null> {
  const payload = await decodeToken(ctx, req);
  if (payload && pastAbsoluteLifetime(ctx.session, payload)) return null;
  if (!payload || !ctx.session.revocation) return payload;
  return (await ctx.session.revocation.isRevoked(payload)) ? null : payload;
}

/**
 * `token` with the session claims of `payload` kept: a custom `jwt` callback may drop or change
 * them, but what the session earned is Latch's record, never the callback's.
 */
function keepSessionClaims(payload: JWT, token: JWT): JWT {
  const { auth_time: _authTime, mfa_time: _mfaTime, amr: _amr, ...rest } = token;
  const earned = earnedOf(payload);
  const kept: JWT = earned ? { ...rest, ...earnedFields(earned) } : rest;
  if (typeof payload.sid !== "string" || token.sid === payload.sid) return kept;
  return { ...kept, sid: payload.sid, sat: payload.sat };
}

async function encodeCookies(ctx: Ctx, req: AuthRequest, token: JWT): Promise<{ cookies: Cookie[]; expires: Date }> {
  const { sessionToken } = ctx.cookies;
  const maxAge = ctx.jwt.maxAge;
  const value = await (ctx.jwt.encode ?? encode)({ token, secret: [...ctx.secrets], salt: sessionToken.name, maxAge });
  const expires = new Date(Date.now() + maxAge * 1000);
  return { cookies: writeChunkedCookie(req.cookies, sessionToken, value, expires), expires };
}

function clientSession(token: JWT, expires: Date): Session {
  return { user: { name: token.name, email: token.email, image: token.picture }, expires: expires.toISOString() };
}

/**
 * The session the client gets: the `session` callback's, else the user's name, email and image,
 * the expiry, and `error` when a refresh of the provider's tokens failed (`getAccessToken`: sign in again).
 */
async function shownSession(ctx: Ctx, token: JWT, expires: Date, update?: { data: unknown }): Promise<Session> {
  const session = clientSession(token, expires);
  if (!ctx.callbacks.session) return token.error === "RefreshTokenError" ? { ...session, error: "RefreshTokenError" } : session;
  const shown = update
    ? await ctx.callbacks.session({ session, token, newSession: update.data, trigger: "update" })
    : await ctx.callbacks.session({ session, token });
  return shown as Session;
}

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

/** The request's token when it decodes and was not revoked, for `getAccessToken`. */
export function readLiveJwt(ctx: Ctx, req: AuthRequest): Promise<JWT | null> {
  return liveToken(ctx, req);
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

/**
 * Reads the session. A token younger than `updateAge` whose claims the `jwt` callback left alone
 * is not re-encrypted: one decrypt, no cookie. An invalid token clears the cookie.
 */
export async function readJwtSession(ctx: Ctx, req: AuthRequest): Promise<SessionRead> {
  const payload = await liveToken(ctx, req);
  if (!payload) {
    const carried = readChunkedCookie(req.cookies, ctx.cookies.sessionToken.name);
    return { session: null, cookies: carried ? clearChunkedCookie(req.cookies, ctx.cookies.sessionToken) : [] };
  }
  // A custom callback may change the claims in place; without one nothing changes.
  const before = ctx.callbacks.jwt && JSON.stringify(payload);
  const token = ctx.callbacks.jwt ? await ctx.callbacks.jwt({ token: payload, user: undefined as never, account: null }) : payload;
  if (!token) return { session: null, cookies: clearChunkedCookie(req.cookies, ctx.cookies.sessionToken) };
  const now = Date.now() / 1000;
  const stale = ctx.session.updateAge === 0 || now - (payload.iat ?? 0) >= ctx.session.updateAge;
  let cookies: Cookie[] = [];
  let expires = new Date((payload.exp ?? now) * 1000);
  if (stale || token !== payload || (before !== undefined && JSON.stringify(token) !== before)) {
    const { iat: _iat, exp: _exp, jti: _jti, ...claims } = keepSessionClaims(payload, token);
    ({ cookies, expires } = await encodeCookies(ctx, req, claims as JWT));
  }
  const session = await shownSession(ctx, token, expires);
  await ctx.events.session?.({ session, token });
  return { session, cookies, userId: token.sub };
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
