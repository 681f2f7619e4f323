// The one seam through which core uses cryptography. Nothing else in core calls
// `crypto.subtle` or `jose` directly.
export { randomBytes, randomHex, randomBase64Url, randomUUID } from "./random.js";
export { sha256Hex, timingSafeEqual } from "./hash.js";
export { deriveKey, type ContentEncryption, type DerivedKey } from "./keys.js";
// The seal comes from the runtime's best implementation: node:crypto under the `node` condition,
// the portable jose one elsewhere (package.json "imports" #jwe).
export { sealJwt, openJwt, type SealOptions, type OpenOptions } from "#jwe";
export { fromBase64Url, toHex, toBase64Url, utf8 } from "./encoding.js";
