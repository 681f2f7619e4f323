// Node-only digests and key derivation, chosen by the `node` export condition (package.json
// "imports" #hash). Same results as the portable `../hash.ts` (the reference, on Web Crypto),
// computed synchronously by node:crypto: no promise chain per CSRF check, and no Web Crypto
// set-up on the first request of a process.
import { createHash, hkdfSync } from "node:crypto";

export type { DigestAlgorithm } from "../hash.js";
import type { DigestAlgorithm } from "../hash.js";

const nodeName: Record<DigestAlgorithm, string> = { "SHA-1": "sha1", "SHA-256": "sha256", "SHA-512": "sha512" };

/** The digest of bytes. */
export async function digest(algorithm: DigestAlgorithm, data: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const out = createHash(nodeName[algorithm]).update(data).digest();
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength) as Uint8Array<ArrayBuffer>;
}

/** SHA-256 of a UTF-8 string, as lowercase hex. */
export async function sha256Hex(value: string): Promise<string> {
  return createHash("sha256").update(value, "utf8").digest("hex");
}

/** HKDF-SHA256 (RFC 5869) of a UTF-8 secret, `length` bytes. */
export async function hkdfSha256(secret: string, salt: string, info: string, length: number): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(hkdfSync("sha256", secret, salt, info, length));
}
