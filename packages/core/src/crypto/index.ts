// The one seam through which core uses cryptography. Nothing else in core calls
// `crypto.subtle` or `node:crypto` directly.
export { randomBytes, randomHex, randomBase64Url, randomUUID } from "./random.js";
// Digests and key derivation come from the runtime's best implementation: node:crypto under the
// `node` condition, Web Crypto elsewhere (package.json "imports" #hash), chosen in digests.ts.
export { sha256Hex, sha256HexNow, timingSafeEqual } from "./digests.js";
export { sha256Base64 } from "./hash.js";
export { deriveKey, type ContentEncryption, type DerivedKey } from "./keys.js";
// The seal comes from the runtime's best implementation: node:crypto under the `node` condition,
// the portable Web Crypto one elsewhere (package.json "imports" #jwe), chosen in seal.ts.
export { sealJwt, openJwt, openJwtNow } from "./seal.js";
export type { SealOptions, OpenOptions } from "./jwe.js";
export { fromBase64Url, toHex, toBase64Url, utf8 } from "./encoding.js";
// HMAC-signed ID tokens (crypto/jws.ts, on jose) are imported by the OAuth flow from their own
// module, so that jose loads (and is bundled) with that flow only.
