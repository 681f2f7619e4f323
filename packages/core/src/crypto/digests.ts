// The digests and key derivation of the runtime, through `#hash` (see package-import.ts).
import { importOrPortable } from "./package-import.js";
import { digest as portableDigest, hkdfSha256 as portableHkdf, sha256Hex as portableSha256Hex, type DigestAlgorithm } from "./hash.js";

interface Digests {
  digest: typeof portableDigest;
  sha256Hex: typeof portableSha256Hex;
  hkdfSha256: typeof portableHkdf;
}

// Named imports, not a namespace object: a bundle then needs no helper module to build one.
const portable: Digests = { digest: portableDigest, sha256Hex: portableSha256Hex, hkdfSha256: portableHkdf };

let chosen: Promise<Digests> | undefined;

/** The implementation `#hash` resolves to, or the portable one where it resolves to nothing. */
export function digestImplementation(): Promise<Digests> {
  chosen ??= importOrPortable(() => import("#hash"), "#hash", portable);
  return chosen;
}

/** The digest of bytes. */
export async function digest(algorithm: DigestAlgorithm, data: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  return (await digestImplementation()).digest(algorithm, data);
}

/** SHA-256 of a UTF-8 string, as lowercase hex. */
export async function sha256Hex(value: string): Promise<string> {
  return (await digestImplementation()).sha256Hex(value);
}

/** HKDF-SHA256 (RFC 5869) of a UTF-8 secret, `length` bytes. */
export async function hkdfSha256(secret: string, salt: string, info: string, length: number): Promise<Uint8Array<ArrayBuffer>> {
  return (await digestImplementation()).hkdfSha256(secret, salt, info, length);
}
