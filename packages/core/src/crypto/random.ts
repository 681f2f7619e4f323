import { toBase64Url, toHex } from "./encoding.js";

/** `length` cryptographically random bytes. */
export function randomBytes(length: number): Uint8Array<ArrayBuffer> {
  return crypto.getRandomValues(new Uint8Array(length));
}

/** `length` random bytes as lowercase hex (twice as many characters). */
export function randomHex(length = 32): string {
  return toHex(randomBytes(length));
}

/** `length` random bytes as unpadded base64url. */
export function randomBase64Url(length = 32): string {
  return toBase64Url(randomBytes(length));
}

/** A random RFC 4122 version 4 UUID. */
export function randomUUID(): string {
  return crypto.randomUUID();
}
