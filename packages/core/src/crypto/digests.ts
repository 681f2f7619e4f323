// The digests, key derivation and constant-time comparison of the runtime, through `#hash` (see package-import.ts).
import { importOrPortable } from "./package-import.js";
import { timingSafeEqual as portableEqual } from "./compare.js";
import { digest as portableDigest, hkdfSha256 as portableHkdf, sha256Hex as portableSha256Hex } from "./hash.js";

interface Digests {
  digest: typeof portableDigest;
  sha256Hex: typeof portableSha256Hex;
  hkdfSha256: typeof portableHkdf;
  timingSafeEqual: typeof portableEqual;
  /** SHA-256 hex without a promise, where the implementation hashes synchronously (node:crypto). */
  sha256HexNow?: (value: string) => string;
}

// Named imports, not a namespace object: a bundle then needs no helper module to build one.
const portable: Digests = { digest: portableDigest, sha256Hex: portableSha256Hex, hkdfSha256: portableHkdf, timingSafeEqual: portableEqual };

let chosen: Promise<Digests> | undefined;

/** The implementation `#hash` resolves to, or the portable one where it resolves to nothing. */
export function digestImplementation(): Promise<Digests> {
  if (!chosen) {
    chosen = importOrPortable<Digests>(() => import("#hash"), "#hash", portable);
    // Once chosen, the exports below are the implementation's own functions: a warm call goes
    // straight to it (an ES module's importers see a reassigned export).
    chosen.then((digests) => ({ digest, sha256Hex, hkdfSha256, timingSafeEqual, sha256HexNow } = digests), () => {});
  }
  return chosen;
}

/** The digest of bytes. */
export let digest: Digests["digest"] = async (algorithm, data) => (await digestImplementation()).digest(algorithm, data);

/** SHA-256 of a UTF-8 string, as lowercase hex. */
export let sha256Hex: Digests["sha256Hex"] = async (value) => (await digestImplementation()).sha256Hex(value);

/** HKDF-SHA256 (RFC 5869) of a UTF-8 secret, `length` bytes. */
export let hkdfSha256: Digests["hkdfSha256"] = async (secret, salt, info, length) => (await digestImplementation()).hkdfSha256(secret, salt, info, length);

/**
 * SHA-256 of a UTF-8 string as lowercase hex, returned at once: set once the implementation is
 * chosen and only where it hashes synchronously (node:crypto); `undefined` otherwise, for the
 * caller to await {@link sha256Hex}.
 */
export let sha256HexNow: Digests["sha256HexNow"];

/**
 * Compares two strings in time that depends only on their lengths. Synchronous: the portable
 * comparison until the implementation is chosen (the first digest chooses it), then its own.
 */
export let timingSafeEqual: Digests["timingSafeEqual"] = portableEqual;
