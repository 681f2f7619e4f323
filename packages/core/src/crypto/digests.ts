// The digests and key derivation of the runtime, through `#hash` (see package-import.ts).
import { importOrPortable } from "./package-import.js";
import * as portable from "./hash.js";
import type { DigestAlgorithm } from "./hash.js";

type Digests = Pick<typeof portable, "digest" | "sha256Hex" | "hkdfSha256">;

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
