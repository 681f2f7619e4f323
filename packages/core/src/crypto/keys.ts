import { digest, hkdfSha256 } from "./digests.js";
import { toBase64Url, utf8 } from "./encoding.js";

/** The content encryptions Latch writes (`A256CBC-HS512`) and reads (also `A256GCM`). */
export type ContentEncryption = "A256CBC-HS512" | "A256GCM";

/** A key derived from a secret, with the RFC 7638 thumbprint that names it in a JWE `kid`. */
export interface DerivedKey {
  key: Uint8Array<ArrayBuffer>;
  kid: string;
}

const keyLength: Record<ContentEncryption, number> = { "A256CBC-HS512": 64, A256GCM: 32 };

// Keys are derived once per (secret, salt, enc) and kept: HKDF and the thumbprint cost more
// than the decryption they serve, and every session read needs them.
const cache = new Map<string, Map<string, Promise<DerivedKey>>>();
// The same keys once derived, for callers that can use them without awaiting.
const ready = new Map<string, Map<string, DerivedKey>>();

async function derive(secret: string, salt: string, enc: ContentEncryption): Promise<DerivedKey> {
  const length = keyLength[enc];
  const key = await hkdfSha256(secret, salt, `Auth.js Generated Encryption Key (${salt})`, length);
  // RFC 7638 §3: the thumbprint hashes the required members of the JWK in lexical order, no spaces.
  const jwk = `{"k":"${toBase64Url(key)}","kty":"oct"}`;
  const kid = toBase64Url(await digest(length === 64 ? "SHA-512" : "SHA-256", utf8(jwk)));
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
    derived.then(
      (key) => {
        let done = ready.get(secret);
        if (!done) ready.set(secret, (done = new Map()));
        done.set(id, key);
      },
      () => bySecret.delete(id),
    );
    bySecret.set(id, derived);
  }
  return derived;
}

/** The key {@link deriveKey} already derived for these inputs, or `undefined` when it has not (yet). */
export function derivedKey(secret: string, salt: string, enc: ContentEncryption = "A256CBC-HS512"): DerivedKey | undefined {
  return ready.get(secret)?.get(`${enc}\u0000${salt}`);
}
