/**
 * The device cookie `latch.trusted-device` (PROTOCOL §4): one sealed cookie per browser holding
 * what Latch knows of that browser. Two facts, each for its own use:
 * - the accounts that signed in here before: their backoff after failed sign-ins is kept apart
 *   for this browser, so failures elsewhere never lock it out (OWASP Authentication Cheat Sheet,
 *   "device cookies");
 * - the user whose second factor this browser skips, chosen by that user ("Remember this
 *   device"), for as long as that user's factors stay as they were.
 */
import { openJwt, randomUUID, sealJwt, timingSafeEqual } from "../crypto/index.js";
import { accountKey } from "./routes.js";
import { hashed } from "./keys.js";
import type { Cookie, CookieOption } from "../types/cookies.js";
import type { DeviceContext, LimitsState } from "./state.js";

/** The longest a browser is known, in seconds (400 days: what browsers keep a cookie at most). */
export const deviceMaxAge = 400 * 24 * 60 * 60;

/** Accounts a browser remembers having signed in to, at most. */
const knownLimit = 5;

/** The second factor remembered in a browser: for which user, which factors, until when (seconds). */
export interface Remembered {
  sub: string;
  stamp: string;
  until: number;
}

/** What the cookie carries. */
export interface Device {
  /** Random: names this browser, and its own backoff bucket. */
  id: string;
  /** Keyed digests of the accounts that signed in here, newest first. */
  known: string[];
  remember?: Remembered;
}

/** The cookie's name and options (`__Secure-` on HTTPS); its lifetime is set per value. */
export function deviceCookie(ctx: Pick<DeviceContext, "useSecureCookies" | "cookies">): CookieOption {
  const { expires: _expires, maxAge: _maxAge, ...options } = ctx.cookies.sessionToken.options;
  return { name: `${ctx.useSecureCookies ? "__Secure-" : ""}latch.trusted-device`, options };
}

async function openDevice(ctx: DeviceContext, sealed: string | undefined): Promise<Device | null> {
  if (!sealed) return null;
  try {
    const { id, known, remember } = await openJwt<Partial<Device>>({ token: sealed, secrets: [...ctx.secrets], salt: deviceCookie(ctx).name });
    if (typeof id !== "string" || !Array.isArray(known)) return null;
    const kept = remember && typeof remember.sub === "string" && typeof remember.stamp === "string" && typeof remember.until === "number" ? remember : undefined;
    return { id, known: known.filter((k): k is string => typeof k === "string"), ...(kept && { remember: kept }) };
  } catch {
    // Altered, expired, or sealed with a secret no longer configured: a browser never seen.
    return null;
  }
}

/** The device of a request's cookies, or `null` when it carries none that opens. */
export function readDevice(ctx: DeviceContext, cookies: Readonly<Record<string, string | undefined>> = {}): Promise<Device | null> {
  return openDevice(ctx, cookies[deviceCookie(ctx).name]);
}

/**
 * The cookie holding `device`: kept 400 days while it knows an account, else as long as its
 * remembered second factor.
 */
export async function writeDevice(ctx: DeviceContext, device: Device): Promise<Cookie> {
  const { name, options } = deviceCookie(ctx);
  const now = Math.floor(Date.now() / 1000);
  const maxAge = device.known.length ? deviceMaxAge : Math.max(1, (device.remember?.until ?? now) - now);
  const value = await sealJwt({ payload: { ...device }, secret: ctx.secrets[0]!, salt: name, maxAge });
  return { name, value, options: { ...options, maxAge } };
}

/** The digest an account identifier (an address, a username) has in the cookie and the limits' keys. */
export async function accountDigest(ctx: Pick<DeviceContext, "secrets">, identifier: unknown): Promise<string | undefined> {
  const key = accountKey(identifier);
  return key === undefined ? undefined : hashed(ctx, key);
}

/** Whether `device` signed in to the account of this digest before. */
export function knowsAccount(device: Device | null, digest: string): boolean {
  return !!device?.known.some((known) => timingSafeEqual(known, digest));
}

/**
 * The device of this request with the accounts of a sign-in that just succeeded added (the
 * user's address, and the identifier typed in this request, as the backoff keys them).
 */
export async function withSignIn(ctx: DeviceContext, device: Device | null, identifiers: readonly unknown[]): Promise<Device> {
  const digests = (await Promise.all(identifiers.map((id) => accountDigest(ctx, id)))).filter((d): d is string => d !== undefined);
  const known = [...new Set([...digests, ...(device?.known ?? [])])].slice(0, knownLimit);
  return { ...(device ?? { id: randomUUID() }), known };
}

/** The device of `cookies` as a response sets it (the newest), else as the request sent it. */
export async function currentDevice(ctx: DeviceContext, requestCookies: Readonly<Record<string, string | undefined>>, set: readonly Cookie[] = []): Promise<Device | null> {
  const { name } = deviceCookie(ctx);
  const written = [...set].reverse().find((cookie) => cookie.name === name);
  return written ? openDevice(ctx, written.value) : readDevice(ctx, requestCookies);
}

/** `cookies` with the device cookie replaced by `device`'s (one cookie of that name, last). */
export async function replaceDevice(ctx: DeviceContext, cookies: readonly Cookie[], device: Device): Promise<Cookie[]> {
  const { name } = deviceCookie(ctx);
  return [...cookies.filter((cookie) => cookie.name !== name), await writeDevice(ctx, device)];
}

/**
 * The device cookie a sign-in that just succeeded sets (when failed sign-ins back off): this
 * browser now knows the user's address and the identifier typed in this request.
 */
export const signedInDevice: LimitsState["signedInDevice"] = async (ctx, req, user) => {
  const device = await withSignIn(ctx, await readDevice(ctx, req.cookies), [user.email, req.body?.email, req.body?.username]);
  return [await writeDevice(ctx, device)];
};
