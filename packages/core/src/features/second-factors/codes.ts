/**
 * Backup codes and email codes: how they are made, typed and stored.
 *
 * Both are stored as their plain SHA-256, without a salt or a slow hash: a slow hash protects
 * guessable secrets (passwords), and these are not guessable. A backup code carries 60 random
 * bits, so a stolen table is as hard to reverse as to guess. An email code has only 6 digits,
 * but it lives 10 minutes and answers 5 attempts; its hash keeps a database dump from showing
 * the code of a sign-in under way.
 */
import { randomBytes, sha256Hex } from "../../crypto/index.js";

/** How many backup codes a user gets. */
export const backupCodeCount = 10;
/** An email code's lifetime, in milliseconds. */
export const emailCodeLifetime = 10 * 60 * 1000;
/** Answers checked against one email code; the next is refused without being checked. */
export const emailCodeAttempts = 5;

// 32 letters and digits without i, l, o and 0, so that a code read from paper is typed right.
const alphabet = "abcdefghjkmnpqrstuvwxyz123456789";

/** A backup code: 12 characters of 5 random bits each (60 bits), shown as `xxxx-xxxx-xxxx`. */
export function newBackupCode(): string {
  const bytes = randomBytes(12);
  const characters = Array.from(bytes, (byte) => alphabet[byte & 31]);
  return `${characters.slice(0, 4).join("")}-${characters.slice(4, 8).join("")}-${characters.slice(8).join("")}`;
}

/** A code as typed, made comparable: lower case, without spaces and dashes. */
export function normalizeCode(code: string): string {
  return code.normalize("NFKC").toLowerCase().replace(/[\s-]/g, "");
}

/** A 6-digit email code, uniformly drawn (no modulo bias). */
export function newEmailCode(): string {
  for (;;) {
    const bytes = randomBytes(4);
    const value = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
    // 4 294 000 000 is the largest multiple of 10^6 below 2^32.
    if (value < 4_294_000_000) return String(value % 1_000_000).padStart(6, "0");
  }
}

/** What is stored of a backup or email code: the SHA-256 of its normalized form, hex. */
export function codeHash(code: string): Promise<string> {
  return sha256Hex(normalizeCode(code));
}
