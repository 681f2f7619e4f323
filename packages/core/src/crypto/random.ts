import { toBase64Url, toHex } from "./encoding.js";

// The generator is asked for 4 KiB at a time and each byte of it is handed out once, copied: a
// call into the runtime's generator costs about as much for 4 KiB as for 16 bytes (on Node, a job
// object of its crypto binding per call), and a CSRF token or a session token each needed a call
// of its own. Node caches the entropy of its `randomUUID` the same way. Longer draws go to the
// generator directly.
const poolSize = 4096;
let pool = new Uint8Array(0);
let drawn = 0;

/** `length` cryptographically random bytes. */
export function randomBytes(length: number): Uint8Array<ArrayBuffer> {
  if (length > 256) return crypto.getRandomValues(new Uint8Array(length));
  if (drawn + length > pool.length) {
    pool = crypto.getRandomValues(new Uint8Array(poolSize));
    drawn = 0;
  }
  const bytes = pool.slice(drawn, drawn + length);
  // Handed out once: erased where they were drawn from.
  pool.fill(0, drawn, (drawn += length));
  return bytes;
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

let lastMillis = 0;
let counter = 0;

/**
 * An RFC 9562 version 7 UUID: the Unix time in milliseconds, then a 12-bit counter that grows
 * within one millisecond (RFC 9562 §6.2, method 1), then 62 random bits. Ids made one after
 * another in this process sort, as text, in the order they were made, even within a millisecond.
 */
export function timeOrderedUUID(now = Date.now()): string {
  if (now > lastMillis) {
    lastMillis = now;
    counter = 0;
  } else if (++counter > 0xfff) {
    lastMillis += 1;
    counter = 0;
  }
  const bytes = randomBytes(16);
  let millis = lastMillis;
  for (let i = 5; i >= 0; i--) {
    bytes[i] = millis % 256;
    millis = Math.floor(millis / 256);
  }
  bytes[6] = 0x70 | (counter >> 8);
  bytes[7] = counter & 0xff;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = toHex(bytes);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
