// The Node implementation behind the crypto seam, chosen by the `node` export condition (package.json
// "imports" #hash and #jwe both resolve here). It gives the same results as the portable modules
// (`../hash.ts`, `../compare.ts` and `../jwe.ts`, on Web Crypto, which stay the reference) with
// synchronous node:crypto calls: no promise chain per CSRF check, no Web Crypto set-up on a
// process's first request, and one awaited call per token instead of several. The seal falls
// back to the portable one for anything but `dir` + `A256CBC-HS512`.
import { createCipheriv, createDecipheriv, createHash, createHmac, createSecretKey, hkdfSync, randomBytes, randomUUID, timingSafeEqual as equalBuffers, type KeyObject } from "node:crypto";
import type { DigestAlgorithm } from "../hash.js";
import { openJwt as openPortable, type OpenOptions, type SealOptions } from "../jwe.js";
import { deriveKey, type DerivedKey } from "../keys.js";

export type { DigestAlgorithm } from "../hash.js";
export type { OpenOptions, SealOptions } from "../jwe.js";

interface SplitKey {
  mac: KeyObject;
  enc: KeyObject;
}

const splitKeys = new WeakMap<Uint8Array, SplitKey>();

// RFC 7518 §5.2.2.1: the first half of the 64-byte key authenticates, the second encrypts.
function split(key: Uint8Array): SplitKey {
  let halves = splitKeys.get(key);
  if (!halves) {
    halves = { mac: createSecretKey(key.subarray(0, 32)), enc: createSecretKey(key.subarray(32, 64)) };
    splitKeys.set(key, halves);
  }
  return halves;
}

// RFC 7518 §5.2.2.1 step 5: the tag is the first 32 bytes of HMAC-SHA-512(AAD || IV || ciphertext || AL).
function tagOf(mac: KeyObject, aad: string, iv: Buffer, ciphertext: Buffer): Buffer {
  const al = Buffer.alloc(8);
  al.writeBigUInt64BE(BigInt(aad.length * 8));
  return createHmac("sha512", mac).update(aad, "ascii").update(iv).update(ciphertext).update(al).digest().subarray(0, 32);
}

const b64 = (bytes: Buffer) => bytes.toString("base64url");

// The encoded protected header of each key id sealed with (one per secret and salt in use).
const sealedHeaders = new Map<string, string>();

/** Encrypts claims as a compact JWE (`dir`, `A256CBC-HS512`) with `iat`, `exp` and a random `jti`. */
export async function sealJwt({ payload, secret, salt, maxAge }: SealOptions): Promise<string> {
  const { key, kid } = derived.get(salt)?.get(secret) ?? (await keyFor(secret, salt));
  const now = Math.floor(Date.now() / 1000);
  const claims = { ...payload, iat: now, exp: now + maxAge, jti: randomUUID() };
  // The protected header depends on the key only: written once per key id.
  let protectedHeader = sealedHeaders.get(kid);
  if (!protectedHeader) sealedHeaders.set(kid, (protectedHeader = b64(Buffer.from(JSON.stringify({ alg: "dir", enc: "A256CBC-HS512", kid })))));
  const { mac, enc } = split(key);
  const iv = randomBytes(16);
  const cipher = createCipheriv("aes-256-cbc", enc, iv);
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(claims), "utf8"), cipher.final()]);
  const tag = tagOf(mac, protectedHeader, iv, ciphertext);
  return `${protectedHeader}..${b64(iv)}.${b64(ciphertext)}.${b64(tag)}`;
}

const clockTolerance = 15;

interface Header {
  alg?: unknown;
  enc?: unknown;
  kid?: unknown;
  crit?: unknown;
  zip?: unknown;
}

// Every token sealed with one key has the same protected header, so its parse is kept (a few
// entries: one per key in use, bounded so that made-up headers cannot grow it).
const headers = new Map<string, Header>();

function headerOf(encoded: string): Header {
  let header = headers.get(encoded);
  if (header) return header;
  try {
    header = JSON.parse(Buffer.from(encoded, "base64url").toString("utf8")) as Header;
  } catch {
    throw new Error("the JWE header is not valid JSON");
  }
  if (!header || typeof header !== "object") throw new Error("the JWE header is not a JSON object");
  if (headers.size >= 32) headers.clear();
  headers.set(encoded, header);
  return header;
}

// The key choice of RFC 7516 §4.1.6 as Auth.js makes it: the secret whose key's thumbprint is the
// header's `kid`, or the first secret when there is none.
function choose(header: Header, { secrets, salt }: OpenOptions, find: (secret: string) => DerivedKey | undefined): Uint8Array | undefined {
  if (header.kid === undefined) return find(secrets[0]!)?.key;
  for (const secret of secrets) {
    const derived = find(secret);
    if (derived?.kid === header.kid) return derived.key;
  }
  return undefined;
}

// The keys derived so far, by salt then secret: a warm seal or open looks its key up here, in this
// module, without a call into the derivation's (the secrets and cookie names of a deployment are few).
const derived = new Map<string, Map<string, DerivedKey>>();

/** The key when every secret's key is derived already (every read after the first), without awaiting. */
function keyOf(header: Header, options: OpenOptions): Uint8Array | undefined {
  const bySecret = derived.get(options.salt);
  return bySecret && choose(header, options, (secret) => bySecret.get(secret));
}

/** The key `secret` derives for `salt`, kept for the next seal or open. */
async function keyFor(secret: string, salt: string): Promise<DerivedKey> {
  const key = await deriveKey(secret, salt);
  let bySecret = derived.get(salt);
  if (!bySecret) derived.set(salt, (bySecret = new Map()));
  bySecret.set(secret, key);
  return key;
}

async function deriveKeyOf(header: Header, options: OpenOptions): Promise<Uint8Array | undefined> {
  const keys = new Map<string, DerivedKey>();
  for (const secret of header.kid === undefined ? options.secrets.slice(0, 1) : options.secrets) keys.set(secret, await keyFor(secret, options.salt));
  return choose(header, options, (secret) => keys.get(secret));
}

/**
 * Decrypts and checks a token sealed by {@link sealJwt}, by the portable seal or by Auth.js: the
 * same key choice (`kid` thumbprint, else the first secret), the same claim checks (`exp`, `nbf`,
 * 15 s tolerance). Tokens in any other shape go to the portable implementation.
 */
export async function openJwt<T = Record<string, unknown>>(options: OpenOptions): Promise<T> {
  const parts = jweParts(options.token);
  const header = headerOf(parts[0]);
  if (!isSealedHere(header)) return openPortable<T>(options);
  const key = keyOf(header, options) ?? (await deriveKeyOf(header, options));
  if (!key) throw new Error("no secret matches the token's key id");
  return openWith<T>(key, parts);
}

/**
 * {@link openJwt} without a promise, once the secrets' keys are derived (every read after a
 * process's first): the claims, or `undefined` where the open must wait (a key not derived yet,
 * a token in a shape the portable seal opens), for the caller to await {@link openJwt}. Throws as
 * {@link openJwt} rejects.
 */
export function openJwtNow<T = Record<string, unknown>>(options: OpenOptions): T | undefined {
  const parts = jweParts(options.token);
  const header = headerOf(parts[0]);
  const key = isSealedHere(header) ? keyOf(header, options) : undefined;
  return key && openWith<T>(key, parts);
}

type JweParts = [protectedHeader: string, encryptedKey: string, iv: string, ciphertext: string, tag: string];

function jweParts(token: string): JweParts {
  const parts = token.split(".");
  if (parts.length !== 5 || parts[1] !== "") throw new Error("not a compact JWE with direct encryption");
  return parts as JweParts;
}

/** Whether this implementation opens a token with this header (it refuses any key management but `dir`). */
function isSealedHere(header: Header): boolean {
  if (header.alg !== "dir") throw new Error("unsupported JWE key management");
  return header.enc === "A256CBC-HS512" && header.crit === undefined && header.zip === undefined;
}

function openWith<T>(key: Uint8Array, [protectedHeader, , ivPart, ciphertextPart, tagPart]: JweParts): T {
  const { mac, enc } = split(key);
  const iv = Buffer.from(ivPart, "base64url");
  const ciphertext = Buffer.from(ciphertextPart, "base64url");
  const tag = Buffer.from(tagPart, "base64url");
  if (iv.length !== 16 || tag.length !== 32) throw new Error("invalid JWE initialization vector or tag");
  // RFC 7518 §5.2.2.2: the tag is checked, in constant time, before anything is decrypted.
  if (!equalBuffers(tag, tagOf(mac, protectedHeader, iv, ciphertext))) throw new Error("JWE decryption failed");
  const decipher = createDecipheriv("aes-256-cbc", enc, iv);
  const plaintext = Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString("utf8");

  const claims = JSON.parse(plaintext) as Record<string, unknown>;
  if (!claims || typeof claims !== "object" || Array.isArray(claims)) throw new Error("the JWT claims are not an object");
  const now = Math.floor(Date.now() / 1000);
  // RFC 7519 §4.1.4 / §4.1.5, with the same tolerance as the portable check.
  if (claims.exp !== undefined && (typeof claims.exp !== "number" || claims.exp <= now - clockTolerance)) throw new Error("the token has expired");
  if (claims.nbf !== undefined && (typeof claims.nbf !== "number" || claims.nbf > now + clockTolerance)) throw new Error("the token is not yet valid");
  if (claims.iat !== undefined && typeof claims.iat !== "number") throw new Error("invalid iat claim");
  return claims as T;
}

const nodeName: Record<DigestAlgorithm, string> = { "SHA-1": "sha1", "SHA-256": "sha256", "SHA-512": "sha512" };

/** The digest of bytes. */
export async function digest(algorithm: DigestAlgorithm, data: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const out = createHash(nodeName[algorithm]).update(data).digest();
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength) as Uint8Array<ArrayBuffer>;
}

/** SHA-256 of a UTF-8 string, as lowercase hex. */
export async function sha256Hex(value: string): Promise<string> {
  return sha256HexNow(value);
}

/** {@link sha256Hex} without a promise: node:crypto hashes synchronously. */
export function sha256HexNow(value: string): string {
  return createHash("sha256").update(value, "utf8").digest("hex");
}

/** HKDF-SHA256 (RFC 5869) of a UTF-8 secret, `length` bytes. */
export async function hkdfSha256(secret: string, salt: string, info: string, length: number): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(hkdfSync("sha256", secret, salt, info, length));
}

/**
 * Compares two strings in time that depends only on their lengths (OWASP: timing attacks on
 * secret comparison), as the portable `../compare.ts` does, with node:crypto's comparison of
 * their UTF-16 code units.
 */
export function timingSafeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, "utf16le");
  const right = Buffer.from(b, "utf16le");
  return left.length === right.length && equalBuffers(left, right);
}
