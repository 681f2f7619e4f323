import { toBase64Url, toHex, utf8 } from "./encoding.js";

// The portable comparison is this implementation's, as node:crypto's is the Node one's.
export { timingSafeEqual } from "./compare.js";

/** The digests Latch uses (SHA-1 only where a protocol names it: the breached-password range API). */
export type DigestAlgorithm = "SHA-1" | "SHA-256" | "SHA-512";

/** The digest of bytes, on Web Crypto. */
export async function digest(algorithm: DigestAlgorithm, data: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await crypto.subtle.digest(algorithm, data));
}

/** SHA-256 of a UTF-8 string, as lowercase hex. */
export async function sha256Hex(value: string): Promise<string> {
  return toHex(await digest("SHA-256", utf8(value)));
}

/** HKDF-SHA256 (RFC 5869) of a UTF-8 secret, `length` bytes, on Web Crypto. */
export async function hkdfSha256(secret: string, salt: string, info: string, length: number): Promise<Uint8Array<ArrayBuffer>> {
  const material = await crypto.subtle.importKey("raw", utf8(secret), "HKDF", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt: utf8(salt), info: utf8(info) }, material, length * 8);
  return new Uint8Array(bits);
}

/** SHA-256 of a UTF-8 string, as standard (padded) base64: the form of a CSP source hash. */
export async function sha256Base64(value: string): Promise<string> {
  const url = toBase64Url(await digest("SHA-256", utf8(value)));
  return url.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (url.length % 4)) % 4);
}
