/**
 * Compares two strings in time that depends only on their length, so a secret's
 * matching prefix cannot be measured (OWASP: timing attacks on secret comparison).
 */
export function timingSafeEqual(a: string, b: string): boolean {
  // UTF-16 code units compare equal exactly when the strings do; no bytes need encoding.
  let difference = a.length ^ b.length;
  const length = Math.max(a.length, b.length);
  for (let i = 0; i < length; i++) difference |= (a.charCodeAt(i) | 0) ^ (b.charCodeAt(i) | 0);
  return difference === 0;
}

/** {@link timingSafeEqual} for bytes: a MAC or tag is compared without an early exit. */
export function timingSafeEqualBytes(left: Uint8Array, right: Uint8Array): boolean {
  let difference = left.length ^ right.length;
  const length = Math.max(left.length, right.length);
  for (let i = 0; i < length; i++) difference |= (left[i] ?? 0) ^ (right[i] ?? 0);
  return difference === 0;
}
