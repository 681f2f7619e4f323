/**
 * Reading the request's session, of either strategy: `GET /session`'s answer, and the read the
 * other session operations start from. A warm read runs this module and the seal's open (or the
 * adapter's lookup) only: the cookie, the token's opening, the absolute lifetime and the sliding
 * expiry are all checked here. With the read live the codec of the session cookie that starting,
 * updating and ending a session (index.ts) share: the token's seal, the cookie's chunks, and the
 * fields that record how the session was earned.
 */
import type { AdapterSession, AdapterUser, SessionAuthentication, SessionDetails, SessionField, AuthenticationMethod } from "../adapter.js";
import { declaredSessionFields } from "../config/adapter-guard.js";
import type { AuthContext } from "../config/context.js";
import { pluginCodeOf } from "../config/plugin-code.js";
import { openJwt, openJwtNow, sealJwt } from "../crypto/index.js";
import { JWTSessionError, MissingAdapter } from "../errors.js";
import { logError } from "../http/error-response.js";
import type { AuthRequest } from "../http/request.js";
import { noStore } from "../http/respond.js";
import { expireCookie } from "../security/cookies.js";
import type { Cookie, CookieOption } from "../types/cookies.js";
import type { JWT, Session } from "../types/entities.js";
import type { ResponseInternal } from "../types/response.js";
import type { JWTDecodeParams, JWTEncodeParams, SessionOptions } from "../types/session-options.js";
import type { Earned, SessionRead } from "./types.js";

export type { Earned } from "./types.js";
type JwtCtx = Pick<AuthContext, "cookies" | "secrets" | "jwt" | "session" | "callbacks" | "events" | "logger" | "features">;
type DatabaseCtx = Pick<AuthContext, "cookies" | "session" | "callbacks" | "events" | "adapter" | "jwt" | "features">;

const defaultMaxAge = 30 * 24 * 60 * 60;

/** The session, with the fields of the plugins' session hooks when plugins are configured. */
async function withFields(ctx: AuthContext, read: SessionRead): Promise<SessionRead["session"]> {
  if (!ctx.plugins || !read.session) return read.session;
  return (await pluginCodeOf(ctx.plugins)?.withFields(ctx, read)) ?? read.session;
}

/**
 * The answer of `GET` and `POST /session`: the session `read` gives, with the plugins' fields,
 * and its cookies. A read that fails is logged and answers `null`, with `failure` as its status.
 */
export async function sessionAnswer(ctx: AuthContext, read: () => Promise<SessionRead>, failure?: number): Promise<ResponseInternal> {
  try {
    const found = await read();
    return { body: ctx.plugins ? await withFields(ctx, found) : found.session, headers: { ...noStore }, cookies: found.cookies };
  } catch (error) {
    logError(ctx.logger, error);
    return { ...(failure && { status: failure }), body: null, headers: { ...noStore } };
  }
}

/**
 * `GET /session`: the session or `null`. Of the request, only its cookies are read. A JWT session
 * that can be read without waiting for anything is answered without a promise.
 */
function getSession(ctx: AuthContext, req: Pick<AuthRequest, "cookies">): ResponseInternal | Promise<ResponseInternal> {
  const now = ctx.session.strategy === "jwt" && !ctx.plugins ? readJwtSessionNow(ctx, req) : undefined;
  if (now !== undefined) return { body: now, headers: { ...noStore }, cookies: [] };
  return sessionAnswer(ctx, () => (ctx.session.strategy === "jwt" ? readJwtSession(ctx, req) : readDatabaseSession(ctx, req)));
}

/** The handler of the `GET session` row, as the registry loads a handler (already loaded: it is this module). */
export const getSessionHandler = (): typeof getSession => getSession;

/** The request's session cookie: whole (the common case, read without joining), or joined from its chunks. */
function sessionCookieValue(ctx: Pick<AuthContext, "cookies">, req: Pick<AuthRequest, "cookies">): string | undefined {
  const { name } = ctx.cookies.sessionToken;
  return req.cookies[name] ?? readChunkedCookie(req.cookies, name);
}

/**
 * Whether a session has outlived `session.absoluteMaxAge` since its last first factor (ASVS 5.0
 * §7.3.2). A session that carries no well-formed `auth_time` is held to the idle `maxAge` only.
 */
export function pastAbsoluteLifetime(session: Pick<SessionOptions, "absoluteMaxAge">, record: SessionAuthentication | Record<string, unknown> | null | undefined): boolean {
  const { absoluteMaxAge } = session;
  if (absoluteMaxAge === false || absoluteMaxAge === undefined) return false;
  const authTime = record?.auth_time;
  // Not a positive number (NaN included): no well-formed `auth_time`; an infinite one never passes.
  return typeof authTime === "number" && authTime > 0 && Math.floor(Date.now() / 1000) >= Math.floor(authTime) + absoluteMaxAge;
}

// ---- JWT sessions

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
export async function decodeToken(ctx: JwtCtx, req: Pick<AuthRequest, "cookies">): Promise<JWT | null> {
  const token = sessionCookieValue(ctx, req);
  if (!token) return null;
  try {
    const salt = ctx.cookies.sessionToken.name;
    // Without a custom `decode`, the seal's open itself (the secrets are the config's, already checked).
    return (await (ctx.jwt.decode ? ctx.jwt.decode({ token, secret: [...ctx.secrets], salt }) : openJwt<JWT>({ token, secrets: ctx.secrets, salt }))) ?? null;
  } catch (error) {
    ctx.logger.error("JWTSessionError", new JWTSessionError("The session token did not decrypt or has expired.", { cause: { err: error as Error } }));
    return null;
  }
}

/**
 * The token of the request when it decodes, is within the absolute lifetime (an older one is
 * ended: its cookie is cleared by the read) and its session was not revoked (see `revocation.ts`).
 */
export async function liveToken(ctx: JwtCtx, req: Pick<AuthRequest, "cookies">): Promise<JWT | null> {
  const payload = await decodeToken(ctx, req);
  if (payload && hasEnded(ctx, payload)) return null;
  if (!payload || !ctx.session.revocation) return payload;
  return (await ctx.session.revocation.isRevoked(payload)) ? null : payload;
}

/** Past the absolute lifetime, or past the fixed end of a session a site administrator started as the user. */
function hasEnded(ctx: Pick<AuthContext, "session">, payload: JWT): boolean {
  return pastAbsoluteLifetime(ctx.session, payload) || (payload.impersonatedUntil as number) <= Date.now() / 1000;
}

/** Whether a token issued at `payload.iat` is due to be sealed anew (`updateAge` since, or on every read). */
function isDue(ctx: Pick<AuthContext, "session">, payload: JWT, now: number): boolean {
  return ctx.session.updateAge === 0 || now - (payload.iat ?? 0) >= ctx.session.updateAge;
}

/**
 * `token` with the session claims of `payload` kept: a custom `jwt` callback may drop or change
 * them, but what the session earned is Latch's record, never the callback's.
 */
export function keepSessionClaims(payload: JWT, token: JWT): JWT {
  const { auth_time: _authTime, mfa_time: _mfaTime, amr: _amr, impersonatedBy: _by, impersonatedUntil: _until, ...rest } = token;
  const earned = earnedOf(payload);
  // Who started an impersonated session, and its end, are Latch's record too.
  const kept: JWT = { ...rest, ...(earned && earnedFields(earned)), ...(payload.impersonatedBy !== undefined && { impersonatedBy: payload.impersonatedBy, impersonatedUntil: payload.impersonatedUntil }) };
  if (typeof payload.sid !== "string" || token.sid === payload.sid) return kept;
  return { ...kept, sid: payload.sid, sat: payload.sat };
}

/** `token` sealed into the session cookies (chunked when long), and when they expire. */
export async function encodeCookies(ctx: Pick<AuthContext, "cookies" | "secrets" | "jwt">, req: Pick<AuthRequest, "cookies">, token: JWT): Promise<{ cookies: Cookie[]; expires: Date }> {
  const { sessionToken } = ctx.cookies;
  const maxAge = ctx.jwt.maxAge;
  const value = await (ctx.jwt.encode ?? encode)({ token, secret: [...ctx.secrets], salt: sessionToken.name, maxAge });
  const expires = new Date(Date.now() + maxAge * 1000);
  return { cookies: writeChunkedCookie(req.cookies, sessionToken, value, expires), expires };
}

/**
 * The session the client gets: the `session` callback's, else the user's name, email and image,
 * the expiry, and `error` when a refresh of the provider's tokens failed (`getAccessToken`: sign in again).
 */
export function shownSession(ctx: Pick<AuthContext, "callbacks" | "features">, token: JWT, expires: Date, update?: { data: unknown }): Session | Promise<Session> {
  const session: Session = { user: { name: token.name, email: token.email, image: token.picture }, expires: expires.toISOString() };
  // The features' fields (`Organizations()`: the active organization, a claim of the token).
  for (const feature of ctx.features) feature.sessionFields?.(session, token);
  // Without a `session` callback the session is known now: no promise is made for it.
  if (!ctx.callbacks.session) return token.error === "RefreshTokenError" ? { ...session, error: "RefreshTokenError" } : session;
  const shown = update ? ctx.callbacks.session({ session, token, newSession: update.data, trigger: "update" }) : ctx.callbacks.session({ session, token });
  return shown as Session | Promise<Session>;
}

/**
 * Reads the session. A token younger than `updateAge` whose claims the `jwt` callback left alone
 * is not re-encrypted: one decrypt, no cookie. An invalid token clears the cookie. Where nothing
 * of a read awaits, `GET /session` reads it with {@link readJwtSessionNow} first: a rule a read
 * must keep goes into both.
 */
export async function readJwtSession(ctx: JwtCtx, req: Pick<AuthRequest, "cookies">): Promise<SessionRead> {
  const payload = await liveToken(ctx, req);
  if (!payload) {
    const carried = sessionCookieValue(ctx, req);
    return { session: null, cookies: carried ? clearChunkedCookie(req.cookies, ctx.cookies.sessionToken) : [] };
  }
  // A custom callback may change the claims in place; without one nothing changes.
  const before = ctx.callbacks.jwt && JSON.stringify(payload);
  const token = ctx.callbacks.jwt ? await ctx.callbacks.jwt({ token: payload, user: undefined as never, account: null }) : payload;
  if (!token) return { session: null, cookies: clearChunkedCookie(req.cookies, ctx.cookies.sessionToken) };
  const now = Date.now() / 1000;
  const stale = isDue(ctx, payload, now);
  let cookies: Cookie[] = [];
  let expires = new Date((payload.exp ?? now) * 1000);
  const changed = stale || token !== payload || (before !== undefined && JSON.stringify(token) !== before);
  // The session claims stay Latch's, in the cookie and in what the session shows. A token no
  // callback touched, shown without a `session` callback, is shown as it is: what the session
  // shows (name, email, picture, error and the features' claims) is the same either way.
  const kept = changed || ctx.callbacks.session ? keepSessionClaims(payload, token) : payload;
  if (changed) {
    const { iat: _iat, exp: _exp, jti: _jti, ...claims } = kept;
    ({ cookies, expires } = await encodeCookies(ctx, req, claims as JWT));
  }
  const session = await shownSession(ctx, kept, expires);
  if (ctx.events.session) await ctx.events.session({ session, token });
  return { session, cookies, userId: token.sub };
}

/**
 * The session {@link readJwtSession} reads, where nothing of it waits: no hook of the app's that
 * may return a promise (a custom `decode`, the `jwt` and `session` callbacks, the session event),
 * no revocation store, and a seal that opens synchronously with a key already derived. It reads a
 * request without a session cookie and a live token inside `updateAge`, which sets no cookie; for
 * anything else (a token that does not open, has ended or is due to be sealed anew) it gives
 * `undefined`, and {@link readJwtSession} reads the request, clearing or writing its cookies (it
 * opens the token again). A rule a read must keep goes into both.
 */
function readJwtSessionNow(ctx: JwtCtx, req: Pick<AuthRequest, "cookies">): Session | null | undefined {
  if (ctx.jwt.decode || ctx.callbacks.jwt || ctx.callbacks.session || ctx.events.session || ctx.session.revocation) return undefined;
  const token = sessionCookieValue(ctx, req);
  if (!token) return null;
  try {
    const payload = openJwtNow?.<JWT>({ token, secrets: ctx.secrets, salt: ctx.cookies.sessionToken.name });
    const now = Date.now() / 1000;
    // Without a `session` callback the session shown is made without a promise.
    return payload && !hasEnded(ctx, payload) && !isDue(ctx, payload, now) ? (shownSession(ctx, payload, new Date((payload.exp ?? now) * 1000)) as Session) : undefined;
  } catch {
    // Read again by readJwtSession, which logs why (and clears the cookie of a token that does not open).
    return undefined;
  }
}

// ---- Database sessions

/** The adapter, which the database strategy cannot do without. */
export function adapterOf(ctx: Pick<AuthContext, "adapter">) {
  if (!ctx.adapter) throw new MissingAdapter("The database session strategy needs an adapter.");
  return ctx.adapter as Required<NonNullable<AuthContext["adapter"]>>;
}

/** The session cookie holding a database session's token until `expires`. */
export function databaseCookie(ctx: Pick<AuthContext, "cookies">, value: string, expires: Date): Cookie {
  const { name, options } = ctx.cookies.sessionToken;
  return { name, value, options: { ...options, expires } };
}

/** The deletion of the database session's cookie. */
export function clearDatabaseCookie(ctx: Pick<AuthContext, "cookies">): Cookie[] {
  return [expireCookie(ctx.cookies.sessionToken.name, ctx.cookies.sessionToken.options)];
}

/**
 * Only the fields the adapter declared (`Adapter.sessionFields`): an adapter written for Auth.js
 * gets exactly Auth.js's session shape.
 */
export function declared<T extends SessionDetails & SessionAuthentication>(ctx: Pick<AuthContext, "adapter">, fields: T): Partial<T> {
  const allowed = declaredSessionFields(ctx.adapter);
  return Object.fromEntries(Object.entries(fields).filter(([name]) => allowed.has(name as SessionField))) as Partial<T>;
}

// Control characters (NUL above all, which SQL engines refuse) are in no token Latch or a custom
// generateSessionToken hands out: such a cookie is answered as an unknown session, never sent on.
const impossibleToken = /[\u0000-\u001f\u007f]/;

/** The session cookie's value: `null` when absent, `"unknown"` when no issued token can look like it. */
export function cookieToken(ctx: Pick<AuthContext, "cookies">, req: Pick<AuthRequest, "cookies">): string | "unknown" | null {
  const token = req.cookies[ctx.cookies.sessionToken.name];
  if (!token) return null;
  return impossibleToken.test(token) ? "unknown" : token;
}

/** The request's stored session and its user; `"expired"` (deleted when it was stored) when it ended. */
export async function lookUp(ctx: DatabaseCtx, req: Pick<AuthRequest, "cookies">): Promise<{ session: AdapterSession; user: AdapterUser; token: string } | "expired" | null> {
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

/** The session the client gets of a stored session: the `session` callback's, else the user's name, email and image. */
export async function exposed(ctx: Pick<AuthContext, "callbacks" | "features">, session: AdapterSession, user: AdapterUser, expires: Date, update?: { data: unknown }): Promise<Session> {
  // The token stays out of what the callback gets: a callback that returns the session as it
  // came would otherwise hand the cookie's secret to every script that reads /session.
  const { sessionToken: _token, refreshError, ...visible } = session;
  // A refused refresh of the user's provider tokens (recorded on the account) shows as
  // `session.error`, for the app to ask for a new sign-in.
  if (!ctx.callbacks.session) {
    // Without a `session` callback: the user's name, email and image, and the expiry.
    // The features' fields (`Organizations()`: the active organization, from the adapter's join).
    const shown: Session = { user: { name: user.name, email: user.email, image: user.image }, expires: expires.toISOString() };
    for (const feature of ctx.features) feature.sessionFields?.(shown, session as unknown as Record<string, unknown>);
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
export async function readDatabaseSession(ctx: DatabaseCtx, req: Pick<AuthRequest, "cookies">): Promise<SessionRead> {
  const found = await lookUp(ctx, req);
  if (!found) return { session: null, cookies: [] };
  if (found === "expired") return { session: null, cookies: clearDatabaseCookie(ctx) };
  const { session, user, token } = found;
  let expires = new Date(session.expires);
  const cookies: Cookie[] = [];
  const { maxAge, updateAge } = ctx.session;
  // An impersonated session never slides past its fixed end.
  if (!session.impersonatedBy && (updateAge === 0 || expires.valueOf() - maxAge * 1000 + updateAge * 1000 <= Date.now())) {
    const now = Date.now();
    expires = new Date(now + maxAge * 1000);
    // "Last seen" moves with the expiry, so it costs no write of its own.
    await adapterOf(ctx).updateSession({ sessionToken: token, expires, ...declared(ctx, { lastSeenAt: new Date(now) }) });
    cookies.push(databaseCookie(ctx, token, expires));
  }
  const client = await exposed(ctx, session, user, expires);
  await ctx.events.session?.({ session: client, token: undefined as never });
  return { session: client, cookies, userId: user.id };
}

/**
 * Browsers drop cookies over about 4096 bytes (RFC 6265 §6.1 sets 4096 as the minimum they must
 * keep), so a long value is cut into `<name>.0`, `<name>.1`, … each well under that with its
 * attributes.
 */
export const chunkSize = 3936;

const chunkSuffix = /\.(\d+)$/;

/** Joins a possibly chunked cookie: `<name>` itself, or every `<name>.<n>` ordered by `n`. */
export function readChunkedCookie(cookies: Record<string, string>, name: string): string | undefined {
  if (cookies[name] !== undefined) return cookies[name];
  const chunks: [number, string][] = [];
  for (const [key, value] of Object.entries(cookies)) {
    if (!key.startsWith(`${name}.`)) continue;
    const match = chunkSuffix.exec(key);
    if (match) chunks.push([Number(match[1]), value]);
  }
  if (!chunks.length) return undefined;
  return chunks.sort((a, b) => a[0] - b[0]).map(([, value]) => value).join("");
}

/** Names of the session cookies the request carried (whole or chunks). */
function carriedNames(cookies: Record<string, string>, name: string): string[] {
  return Object.keys(cookies).filter((key) => key === name || (key.startsWith(`${name}.`) && chunkSuffix.test(key)));
}

/**
 * The cookies that store `value` under `cookie.name`: first a deletion of every session cookie the
 * request carried that the new value does not overwrite, then the value whole or in chunks.
 */
export function writeChunkedCookie(cookies: Record<string, string>, cookie: CookieOption, value: string, expires?: Date): Cookie[] {
  const options = expires ? { ...cookie.options, expires } : cookie.options;
  const pieces: Cookie[] = [];
  if (value.length <= chunkSize) {
    pieces.push({ name: cookie.name, value, options });
  } else {
    for (let i = 0; i * chunkSize < value.length; i++) {
      pieces.push({ name: `${cookie.name}.${i}`, value: value.slice(i * chunkSize, (i + 1) * chunkSize), options });
    }
  }
  const written = new Set(pieces.map((p) => p.name));
  const stale = carriedNames(cookies, cookie.name).filter((n) => !written.has(n)).map((n) => expireCookie(n, cookie.options));
  return [...stale, ...pieces];
}

/** Deletes every session cookie the request carried (and the plain name, to be sure). */
export function clearChunkedCookie(cookies: Record<string, string>, cookie: CookieOption): Cookie[] {
  const names = new Set([cookie.name, ...carriedNames(cookies, cookie.name)]);
  return [...names].map((n) => expireCookie(n, cookie.options));
}

// How a session was earned (PROTOCOL §4): `auth_time`, `mfa_time` and `amr`, the same names in
// the session token's claims and in a database session's fields. Read back from either, only
// well-formed values count: anything else has earned nothing.



const methods: ReadonlySet<string> = new Set<AuthenticationMethod>(["pwd", "otp", "hwk", "swk", "user", "mfa", "mbx"]);

function seconds(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? Math.floor(value) : undefined;
}

/** The earned factors a token or a stored session carries; `null` when it carries none (or not well formed). */
export function earnedOf(record: SessionAuthentication | Record<string, unknown> | null | undefined): Earned | null {
  const authTime = seconds(record?.auth_time);
  if (authTime === undefined || !Array.isArray(record?.amr)) return null;
  const amr = [...new Set((record.amr as unknown[]).filter((m): m is AuthenticationMethod => typeof m === "string" && methods.has(m)))];
  const mfaTime = seconds(record?.mfa_time);
  return { auth_time: authTime, ...(mfaTime !== undefined && { mfa_time: mfaTime }), amr };
}

/** The fields to store or put into the token (`mfa_time` only when a second factor was given). */
export function earnedFields(earned: Earned): { auth_time: number; mfa_time?: number; amr: AuthenticationMethod[] } {
  return { auth_time: earned.auth_time, ...(earned.mfa_time !== undefined && { mfa_time: earned.mfa_time }), amr: [...earned.amr] };
}

/** Now, in seconds since the epoch. */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
