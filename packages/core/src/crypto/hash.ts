import { toHex, utf8 } from "./encoding.js";

/** SHA-256 of a UTF-8 string, as lowercase hex. */
export async function sha256Hex(value: string): Promise<string> {
  return toHex(new Uint8Array(await crypto.subtle.digest("SHA-256", utf8(value))));
}

/**
 * Compares two strings in time that depends only on their length, so a secret's
 * matching prefix cannot be measured (OWASP: timing attacks on secret comparison).
 */
export function timingSafeEqual(a: string, b: string): boolean {
  const left = utf8(a);
  const right = utf8(b);
  let difference = left.length ^ right.length;
  const length = Math.max(left.length, right.length);
  for (let i = 0; i < length; i++) difference |= (left[i] ?? 0) ^ (right[i] ?? 0);
  return difference === 0;
}
