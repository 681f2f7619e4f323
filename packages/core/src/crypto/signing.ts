/**
 * Asymmetric keys that sign access tokens, and the signing itself (on `jose` and Web Crypto).
 * Loaded only by `AccessTokens()` (its endpoints import this module), so `jose` comes into an
 * app's bundle with that feature only.
 */
import { SignJWT, calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK } from "jose";
import { hkdfSha256 } from "./digests.js";

/** A JSON Web Key, as jose names it (the seam's own type, so no module outside it names jose). */
export type { JWK } from "jose";

/** The signature algorithms of access tokens: Ed25519, P-256 ECDSA, and RSA PKCS#1 v1.5 for old verifiers. */
export type SigningAlgorithm = "EdDSA" | "ES256" | "RS256";

/** The public half of a signing key as a JWK, with its `kid`, `alg` and `use` (RFC 7517 §4). */
export type PublicJwk = JWK & { kid: string; alg: SigningAlgorithm; use: "sig" };

/** A key that signs: the private key and the public JWK that verifies what it signs. */
export interface SigningKey {
  readonly kid: string;
  readonly alg: SigningAlgorithm;
  readonly privateKey: CryptoKey;
  readonly publicJwk: PublicJwk;
}

// The fixed DER prefixes of a PKCS #8 key wrapping a bare private key (RFC 8410 §7 for Ed25519;
// RFC 5915 inside RFC 5208 for P-256, without the optional public key). Web Crypto imports no raw
// private key of either curve, and its JWK import needs the public point, so a seed is wrapped.
const ed25519Pkcs8 = [0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20];
const p256Pkcs8 = [
  0x30, 0x41, 0x02, 0x01, 0x00, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01, 0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d,
  0x03, 0x01, 0x07, 0x04, 0x27, 0x30, 0x25, 0x02, 0x01, 0x01, 0x04, 0x20,
];
// The order of the P-256 group: a private scalar is in [1, n - 1].
const p256Order = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;

const privateMembers = ["d", "p", "q", "dp", "dq", "qi", "key_ops", "ext"] as const;

/** The JWK of the public half: the private members dropped, `kid`, `alg` and `use` set. */
async function publicJwkOf(jwk: JWK, alg: SigningAlgorithm): Promise<PublicJwk> {
  const pub: JWK = { ...jwk };
  for (const member of privateMembers) delete pub[member];
  const kid = await calculateJwkThumbprint(pub, "sha256");
  return { ...pub, kid, alg, use: "sig" };
}

const importParams = (alg: "EdDSA" | "ES256"): EcKeyImportParams | Algorithm =>
  alg === "EdDSA" ? { name: "Ed25519" } : { name: "ECDSA", namedCurve: "P-256" };

async function fromPkcs8(pkcs8: Uint8Array<ArrayBuffer>, alg: "EdDSA" | "ES256"): Promise<SigningKey> {
  const extractable = await crypto.subtle.importKey("pkcs8", pkcs8, importParams(alg), true, ["sign"]);
  const publicJwk = await publicJwkOf(await exportJWK(extractable), alg);
  const privateKey = await crypto.subtle.importKey("pkcs8", pkcs8, importParams(alg), false, ["sign"]);
  return { kid: publicJwk.kid, alg, privateKey, publicJwk };
}

/** 32 bytes of HKDF-SHA256 of the secret, a private key of `alg` that is valid for its curve. */
async function seedOf(secret: string, alg: "EdDSA" | "ES256"): Promise<Uint8Array<ArrayBuffer>> {
  for (let round = 0; ; round++) {
    const seed = await hkdfSha256(secret, "latch.access-token-signing-key", `Latch access-token signing key (${alg}) ${round}`, 32);
    if (alg === "EdDSA") return seed;
    const scalar = BigInt(`0x${Array.from(seed, (b) => b.toString(16).padStart(2, "0")).join("")}`);
    // Out of range with a chance of about 2^-32: the next round's bytes are taken instead.
    if (scalar > 0n && scalar < p256Order) return seed;
  }
}

const derived = new Map<string, Promise<SigningKey>>();

/**
 * The signing key of `alg` derived from `secret`: every instance with the same secret derives the
 * same key, and another secret gives another key. RSA keys cannot be derived this way.
 */
export function deriveSigningKey(secret: string, alg: "EdDSA" | "ES256"): Promise<SigningKey> {
  const id = `${alg}\u0000${secret}`;
  let key = derived.get(id);
  if (!key) {
    key = seedOf(secret, alg).then((seed) => fromPkcs8(new Uint8Array([...(alg === "EdDSA" ? ed25519Pkcs8 : p256Pkcs8), ...seed]), alg));
    key.catch(() => derived.delete(id));
    derived.set(id, key);
  }
  return key;
}

/**
 * The private half of the key {@link deriveSigningKey} derives from `secret`, as a JWK with its
 * `kid`, `alg` and `use`: for a library that signs with JWKs (an OpenID Provider) on the same key.
 */
export async function derivePrivateJwk(secret: string, alg: "EdDSA" | "ES256"): Promise<JWK & { kid: string; alg: SigningAlgorithm; use: "sig" }> {
  const seed = await seedOf(secret, alg);
  const pkcs8 = new Uint8Array([...(alg === "EdDSA" ? ed25519Pkcs8 : p256Pkcs8), ...seed]);
  const extractable = await crypto.subtle.importKey("pkcs8", pkcs8, importParams(alg), true, ["sign"]);
  const jwk = await exportJWK(extractable);
  const { kid } = await publicJwkOf(jwk, alg);
  const { key_ops: _ops, ext: _ext, ...members } = jwk;
  return { ...members, kid, alg, use: "sig" };
}

/** The JWK of the private key `privateJwk` with the `kid`, `alg` and `use` of its public half. */
export async function labelledPrivateJwk(privateJwk: JWK, alg: SigningAlgorithm): Promise<JWK & { kid: string; alg: SigningAlgorithm; use: "sig" }> {
  const { kid } = await publicJwkOf(privateJwk, alg);
  const { key_ops: _ops, ext: _ext, ...members } = privateJwk;
  return { ...members, kid, alg, use: "sig" };
}

/** A new random key of `alg`, with its private half as a JWK to store (encrypted) and read back with {@link signingKeyFromJwk}. */
export async function generateSigningKey(alg: SigningAlgorithm): Promise<{ key: SigningKey; privateJwk: JWK }> {
  const pair = await generateKeyPair(alg, { extractable: true, ...(alg === "EdDSA" ? { crv: "Ed25519" } : {}) });
  const privateJwk = await exportJWK(pair.privateKey);
  return { key: await signingKeyFromJwk(privateJwk, alg), privateJwk };
}

/** The signing key whose private half is `privateJwk`. */
export async function signingKeyFromJwk(privateJwk: JWK, alg: SigningAlgorithm): Promise<SigningKey> {
  const privateKey = (await importJWK({ ...privateJwk, ext: false }, alg)) as CryptoKey;
  const publicJwk = await publicJwkOf(privateJwk, alg);
  return { kid: publicJwk.kid, alg, privateKey, publicJwk };
}

/** A compact JWS of `claims` signed with `key`, its header naming the key (`kid`). */
export function signJwt(claims: Record<string, unknown>, key: SigningKey): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: key.alg, kid: key.kid, typ: "JWT" }).sign(key.privateKey);
}

/** The key that signs now, and the public keys a verifier accepts (the signing one among them). */
export interface KeyRing {
  readonly signing: SigningKey;
  readonly published: readonly PublicJwk[];
}
