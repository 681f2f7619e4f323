/**
 * Time-based one-time passwords (RFC 6238): SHA-1, 6 digits, 30-second steps, the previous and
 * next step accepted for clock drift. The HMAC comes from `@oslojs/otp` (plain JavaScript, so it
 * runs on every runtime); which step matched is decided here, for replay refusal.
 */
import { createTOTPKeyURI, generateHOTP } from "@oslojs/otp";
import { decodeBase32IgnorePadding, encodeBase32NoPadding } from "@oslojs/encoding";
import { openJwt, randomBytes, sealJwt, timingSafeEqual } from "../../crypto/index.js";

/** Seconds per time step. */
export const totpPeriod = 30;
/** Digits per code. */
export const totpDigits = 6;
/** The bytes of a new secret: 160 bits, the HMAC-SHA-1 key length RFC 4226 recommends. */
const secretBytes = 20;
/** Key-derivation salt of the sealed secrets: no other sealed value of Latch opens with it. */
const sealSalt = "latch.second-factor.totp";
/** Sealed secrets never expire by themselves; the factor is removed instead. */
const sealLifetime = 100 * 365 * 24 * 60 * 60;

/** A new random secret. */
export function newTotpSecret(): Uint8Array {
  return randomBytes(secretBytes);
}

/** The secret as authenticator apps take it typed in: base32, no padding. */
export function secretText(secret: Uint8Array): string {
  return encodeBase32NoPadding(secret);
}

/** The `otpauth://totp/<issuer>:<account>?…` URI a QR code carries. */
export function totpUri(issuer: string, account: string, secret: Uint8Array): string {
  return createTOTPKeyURI(issuer, account, secret, totpPeriod, totpDigits);
}

/** The time step of `at` (milliseconds since the epoch). */
export function stepAt(at: number): number {
  return Math.floor(at / 1000 / totpPeriod);
}

/** The code of one time step. */
export function totpCode(secret: Uint8Array, step: number): string {
  return generateHOTP(secret, BigInt(step), totpDigits);
}

/**
 * The step (now −1, now or now +1) whose code is `code`, or `null`. Every candidate is compared
 * in constant time, and all three are always computed, so the answer's timing says nothing about
 * which step matched.
 */
export function matchingStep(secret: Uint8Array, code: string, now = Date.now()): number | null {
  const current = stepAt(now);
  let found: number | null = null;
  for (const step of [current - 1, current, current + 1]) {
    if (timingSafeEqual(totpCode(secret, step), code) && found === null) found = step;
  }
  return found;
}

/**
 * Encrypts a secret for storage with a key derived from the first configured secret (a database
 * dump alone yields no codes). The factor's id and user are sealed with it, so a sealed secret
 * copied onto another row does not open there.
 */
export function sealTotpSecret(secret: Uint8Array, binding: { id: string; userId: string }, secrets: readonly string[]): Promise<string> {
  return sealJwt({ payload: { s: secretText(secret), f: binding.id, u: binding.userId }, secret: secrets[0]!, salt: sealSalt, maxAge: sealLifetime });
}

/** Decrypts a stored secret (any configured secret may have sealed it); `null` when it does not open or belongs to another row. */
export async function openTotpSecret(sealed: string, binding: { id: string; userId: string }, secrets: readonly string[]): Promise<Uint8Array | null> {
  try {
    const payload = await openJwt<{ s?: unknown; f?: unknown; u?: unknown }>({ token: sealed, secrets, salt: sealSalt });
    if (typeof payload.s !== "string" || payload.f !== binding.id || payload.u !== binding.userId) return null;
    return decodeBase32IgnorePadding(payload.s);
  } catch {
    return null;
  }
}
