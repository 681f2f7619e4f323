import { calculateJwkThumbprint } from "jose";
import { toBase64Url, utf8 } from "./encoding.js";

/** The content encryptions Latch writes (`A256CBC-HS512`) and reads (also `A256GCM`). */
export type ContentEncryption = "A256CBC-HS512" | "A256GCM";

/** A key derived from a secret, with the RFC 7638 thumbprint that names it in a JWE `kid`. */
export interface DerivedKey {
  key: Uint8Array;
  kid: string;
}

const keyLength: Record<ContentEncryption, number> = { "A256CBC-HS512": 64, A256GCM: 32 };

// Keys are derived once per (secret, salt, enc) and kept: HKDF and the thumbprint cost more
// than the decryption they serve, and every session read needs them.
const cache = new Map<string, Map<string, Promise<DerivedKey>>>();

async function derive(secret: string, salt: string, enc: ContentEncryption): Promise<DerivedKey> {
  const length = keyLength[enc];
  const material = await crypto.subtle.importKey("raw", utf8(secret), "HKDF", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits(
    { name: "HKDF", hash: "SHA-256", salt: utf8(salt), info: utf8(`Auth.js Generated Encryption Key (${salt})`) },
    material,
    length * 8,
  );
  const key = new Uint8Array(bits);
  const kid = await calculateJwkThumbprint({ kty: "oct", k: toBase64Url(key) }, length === 64 ? "sha512" : "sha256");
  return { key, kid };
}

/**
 * The encryption key for `salt` (a cookie name) derived from `secret` with HKDF-SHA256,
 * in the format sessions issued by Auth.js use, so cookies carry over with the same secret.
 */
export function deriveKey(secret: string, salt: string, enc: ContentEncryption = "A256CBC-HS512"): Promise<DerivedKey> {
  let bySecret = cache.get(secret);
  if (!bySecret) {
    bySecret = new Map();
    cache.set(secret, bySecret);
  }
  const id = `${enc}\u0000${salt}`;
  let derived = bySecret.get(id);
  if (!derived) {
    derived = derive(secret, salt, enc);
    derived.catch(() => bySecret.delete(id));
    bySecret.set(id, derived);
  }
  return derived;
}
