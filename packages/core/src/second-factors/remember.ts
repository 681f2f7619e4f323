/**
 * "Remember this device": a sealed cookie that lets one user skip the second factor in this
 * browser for a bounded time, until that user's factors change.
 */
import type { AuthContext } from "../config/context.js";
import { openJwt, sealJwt, sha256Hex, timingSafeEqual } from "../crypto/index.js";
import type { AuthRequest } from "../http/request.js";
import type { Cookie, CookieOption } from "../types/cookies.js";

/** The longest a device may be remembered, in seconds (400 days: what browsers keep a cookie at most). */
export const rememberMaxAgeLimit = 400 * 24 * 60 * 60;

/** A factor as far as remembering cares: which one, since when. */
export interface FactorStamp {
  id: string;
  kind: string;
  createdAt: Date | string;
}

/** The device cookie; `__Secure-` on HTTPS. */
export function rememberCookie(ctx: Pick<AuthContext, "useSecureCookies" | "cookies">, maxAge: number): CookieOption {
  const { expires: _expires, ...options } = ctx.cookies.sessionToken.options;
  return { name: `${ctx.useSecureCookies ? "__Secure-" : ""}latch.trusted-device`, options: { ...options, maxAge } };
}

/**
 * A digest of the user's enrolled factors: enrolling or removing one (a TOTP app, the set of
 * backup codes) changes it, and with it every device remembered before. Emailed codes are left
 * out: they follow the address, not an enrolment.
 */
export async function factorsStamp(factors: readonly FactorStamp[]): Promise<string> {
  const parts = factors.filter((f) => f.kind !== "email").map((f) => `${f.kind}:${f.id}:${new Date(f.createdAt).getTime()}`).sort();
  return sha256Hex(parts.join("\n"));
}

/** The bounded lifetime of a remembered device, in seconds. */
export function rememberMaxAge(configured: number | undefined): number {
  const maxAge = Math.floor(configured ?? 30 * 24 * 60 * 60);
  return Math.max(60, Math.min(maxAge, rememberMaxAgeLimit));
}

/** The cookie that remembers this browser for `userId` with these factors. */
export async function rememberDevice(ctx: AuthContext, userId: string, stamp: string, maxAge: number): Promise<Cookie> {
  const cookie = rememberCookie(ctx, maxAge);
  const value = await sealJwt({ payload: { sub: userId, stamp }, secret: ctx.secrets[0]!, salt: cookie.name, maxAge });
  return { name: cookie.name, value, options: cookie.options };
}

/**
 * True when the request carries a device cookie sealed for `userId` with the factors it has now,
 * and not expired (the seal's `exp`, whatever the browser kept).
 */
export async function isRemembered(ctx: AuthContext, req: AuthRequest, userId: string, stamp: string, maxAge: number): Promise<boolean> {
  const { name } = rememberCookie(ctx, maxAge);
  const sealed = req.cookies[name];
  if (!sealed) return false;
  try {
    const payload = await openJwt<{ sub?: unknown; stamp?: unknown }>({ token: sealed, secrets: [...ctx.secrets], salt: name });
    return payload.sub === userId && typeof payload.stamp === "string" && timingSafeEqual(payload.stamp, stamp);
  } catch {
    return false;
  }
}
