import { EncryptJWT, jwtDecrypt, type JWTPayload } from "jose";
import { deriveKey, type ContentEncryption } from "./keys.js";

/** What {@link sealJwt} needs. */
export interface SealOptions {
  /** The claims to encrypt. `iat`, `exp` and `jti` are set here. */
  payload: Record<string, unknown>;
  /** The secret the key is derived from (the first of a rotation list). */
  secret: string;
  /** The key-derivation salt: the name of the cookie the token travels in. */
  salt: string;
  /** Seconds until `exp`. */
  maxAge: number;
}

/** Encrypts claims as a compact JWE (`dir`, `A256CBC-HS512`) with `iat`, `exp` and a random `jti`. */
export async function sealJwt({ payload, secret, salt, maxAge }: SealOptions): Promise<string> {
  const { key, kid } = await deriveKey(secret, salt);
  const now = Math.floor(Date.now() / 1000);
  return new EncryptJWT(payload as JWTPayload)
    .setProtectedHeader({ alg: "dir", enc: "A256CBC-HS512", kid })
    .setIssuedAt(now)
    .setExpirationTime(now + maxAge)
    .setJti(crypto.randomUUID())
    .encrypt(key);
}

/** What {@link openJwt} needs. */
export interface OpenOptions {
  /** The compact JWE. */
  token: string;
  /** Every secret that may have sealed it, newest first. */
  secrets: readonly string[];
  /** The key-derivation salt used when sealing. */
  salt: string;
}

/**
 * Decrypts and checks a compact JWE sealed by {@link sealJwt} (or by Auth.js with the same secret):
 * the key is the one whose thumbprint matches the header's `kid`, or the first secret's when there is
 * no `kid`. Throws on any failure: wrong key, tampering, unsupported algorithm, expiry (15 s tolerance).
 */
export async function openJwt<T = Record<string, unknown>>({ token, secrets, salt }: OpenOptions): Promise<T> {
  const { payload } = await jwtDecrypt(
    token,
    async ({ kid, enc }) => {
      const encryption = enc as ContentEncryption;
      if (kid === undefined) return (await deriveKey(secrets[0]!, salt, encryption)).key;
      for (const secret of secrets) {
        const derived = await deriveKey(secret, salt, encryption);
        if (derived.kid === kid) return derived.key;
      }
      throw new Error("no secret matches the token's key id");
    },
    { clockTolerance: 15, keyManagementAlgorithms: ["dir"], contentEncryptionAlgorithms: ["A256CBC-HS512", "A256GCM"] },
  );
  return payload as T;
}
