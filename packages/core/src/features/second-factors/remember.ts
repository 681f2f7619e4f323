/**
 * "Remember this device": the device cookie (`signin/device.ts`) carries, for one user, that this
 * browser skips the second factor for a bounded time, until that user's factors change.
 */
import type { CookieContext } from "../../config/slices.js";
import { randomUUID, sha256Hex, timingSafeEqual } from "../../crypto/index.js";
import type { AuthRequest } from "../../http/request.js";
import { currentDevice, deviceMaxAge, readDevice, replaceDevice } from "../../limits/device.js";
import type { Cookie } from "../../types/cookies.js";

/** The longest a device may be remembered, in seconds (400 days: what browsers keep a cookie at most). */
export const rememberMaxAgeLimit = deviceMaxAge;

/** A factor as far as remembering cares: which one, since when. */
export interface FactorStamp {
  id: string;
  kind: string;
  createdAt: Date | string;
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

/**
 * `cookies` (a response's) with the device cookie now also remembering `userId` with these
 * factors for `maxAge` seconds; what the browser's device cookie knew besides is kept.
 */
export async function rememberDevice(ctx: CookieContext, req: AuthRequest, cookies: readonly Cookie[], userId: string, stamp: string, maxAge: number): Promise<Cookie[]> {
  const device = (await currentDevice(ctx, req.cookies, cookies)) ?? { id: randomUUID(), known: [] };
  const until = Math.floor(Date.now() / 1000) + maxAge;
  return replaceDevice(ctx, cookies, { ...device, remember: { sub: userId, stamp, until } });
}

/**
 * True when the request's device cookie remembers `userId` with the factors it has now, and the
 * time it was remembered for has not run out (whatever the browser kept).
 */
export async function isRemembered(ctx: CookieContext, req: AuthRequest, userId: string, stamp: string): Promise<boolean> {
  const remembered = (await readDevice(ctx, req.cookies))?.remember;
  if (!remembered || remembered.until <= Date.now() / 1000) return false;
  return remembered.sub === userId && timingSafeEqual(remembered.stamp, stamp);
}
