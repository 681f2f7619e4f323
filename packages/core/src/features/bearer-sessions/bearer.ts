/**
 * Bearer sessions at the router: a request's `Authorization: Bearer <token>` read as its session
 * cookie (cookies win when both come), and a new session's token handed to a sign-in that asks
 * for it with `X-Auth-Return-Token: 1`.
 */
import type { AuthContext } from "../../config/context.js";
import { bearerCredential } from "../../http/authorization.js";
import type { AuthRequest, BearerCode } from "../../http/request.js";
import { noStore } from "../../http/respond.js";
import { requestSource } from "../../security/request-checks.js";
import { waitingSignInCookieName } from "../../security/cookies.js";
import type { Cookie } from "../../types/cookies.js";
import type { ResponseInternal } from "../../types/response.js";

// The compact JWE of a JWT session (direct encryption: an empty key part). Another token (an
// access token, an app's own API key) is not read as such a session: it could not open, and
// every such request would log a session that failed to decrypt.
const jweShape = /^[\w-]+\.\.[\w-]+\.[\w-]+\.[\w-]+$/;

/** Whether the request holds the session cookie, whole or in chunks. */
function hasSessionCookie(cookies: Readonly<Record<string, string>>, name: string): boolean {
  return Object.keys(cookies).some((cookie) => cookie === name || cookie.startsWith(`${name}.`));
}

/** Whether the request asks for the token of the session it starts, from this site or from no browser at all. */
function asksForToken(ctx: Pick<AuthContext, "origin">, req: AuthRequest): boolean {
  return req.headers.get("x-auth-return-token") === "1" && requestSource(req.headers, ctx.origin) !== "elsewhere";
}

/** The bearer token of the request when it may be a session token of the configured strategy. */
function bearerOf(ctx: Pick<AuthContext, "session" | "jwt">, req: AuthRequest): string | undefined {
  const token = bearerCredential(req.headers);
  if (!token || (ctx.session.strategy === "jwt" && !ctx.jwt.decode && !jweShape.test(token))) return undefined;
  return token;
}

/**
 * The waiting sign-in a client without cookies sends back with its code (`X-Auth-Second-Factor`),
 * read as the cookie a browser would send; `undefined` when the request has that cookie or no such header.
 */
function waitingOf(ctx: Pick<AuthContext, "useSecureCookies">, req: AuthRequest): [string, string] | undefined {
  const name = waitingSignInCookieName(ctx.useSecureCookies);
  const token = req.headers.get("x-auth-second-factor")?.trim();
  if (!token || token.length > 16384 || !jweShape.test(token) || hasSessionCookie(req.cookies, name)) return undefined;
  return [name, token];
}

function adopt(ctx: Pick<AuthContext, "cookies" | "origin" | "session" | "jwt" | "useSecureCookies">, req: AuthRequest): AuthRequest {
  const name = ctx.cookies.sessionToken.name;
  if (hasSessionCookie(req.cookies, name)) return req;
  const waiting = waitingOf(ctx, req);
  if (waiting) return { ...req, cookies: { ...req.cookies, [waiting[0]]: waiting[1] }, withoutAmbientCredential: true };
  const token = bearerOf(ctx, req);
  // Neither a header a page elsewhere can make a browser send without this site's consent (CORS,
  // which Latch never grants), so such a request needs no CSRF token.
  if (token) return { ...req, cookies: { ...req.cookies, [name]: token }, withoutAmbientCredential: true };
  return asksForToken(ctx, req) ? { ...req, withoutAmbientCredential: true } : req;
}

/** The place of a cookie of the session: -1 for the whole one, the chunk's index, or `undefined` for another cookie. */
function chunkOf(cookieName: string, name: string): number | undefined {
  if (cookieName === name) return -1;
  const rest = cookieName.startsWith(`${name}.`) ? cookieName.slice(name.length + 1) : "";
  return /^\d{1,3}$/.test(rest) ? Number(rest) : undefined;
}

/** The session token among the cookies an answer sets: one cookie, or its chunks in order. */
function sessionTokenOf(cookies: readonly Cookie[], name: string): string | undefined {
  const set = cookies
    .map((cookie) => ({ value: cookie.value, at: chunkOf(cookie.name, name) }))
    .filter((cookie): cookie is { value: string; at: number } => cookie.at !== undefined && cookie.value !== "")
    .sort((a, b) => a.at - b.at);
  if (!set.length) return undefined;
  return set[0]!.at === -1 ? set[0]!.value : set.map((cookie) => cookie.value).join("");
}

function answer(ctx: Pick<AuthContext, "cookies">, req: AuthRequest, response: ResponseInternal): ResponseInternal {
  if (!req.row?.startsSession || req.headers.get("x-auth-return-token") !== "1" || !req.withoutAmbientCredential) return response;
  const token = sessionTokenOf(response.cookies ?? [], ctx.cookies.sessionToken.name);
  // No session started (a second factor is owed, or the sign-in was refused as a page): the answer as it was.
  if (!token) return response;
  return { status: 200, body: { token }, headers: { ...noStore }, cookies: response.cookies };
}

/** The code `BearerSessions()` carries. */
export const bearerCode: BearerCode = { adopt, answer };
