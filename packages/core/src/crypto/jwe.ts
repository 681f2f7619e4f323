// The portable session-token seal, on Web Crypto alone: compact JWE with `alg: "dir"`, written
// as A256CBC-HS512 and read as A256CBC-HS512 or A256GCM (RFC 7516, RFC 7518 §5.2 and §5.3).
// The Web Crypto keys are imported once per derived key and kept, so opening a token costs one
// HMAC and one decryption.
import { timingSafeEqualBytes } from "./compare.js";
import { fromBase64Url, toBase64Url, utf8 } from "./encoding.js";
import { deriveKey, derivedKey, type ContentEncryption } from "./keys.js";
import { randomBytes } from "./random.js";

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

/** What {@link openJwt} needs. */
export interface OpenOptions {
  /** The compact JWE. */
  token: string;
  /** Every secret that may have sealed it, newest first. */
  secrets: readonly string[];
  /** The key-derivation salt used when sealing. */
  salt: string;
}

interface CbcKeys {
  mac: CryptoKey;
  enc: CryptoKey;
}

const cbcKeys = new WeakMap<Uint8Array, Promise<CbcKeys>>();
const gcmKeys = new WeakMap<Uint8Array, Promise<CryptoKey>>();

// RFC 7518 §5.2.2.1: the first half of the 64-byte key authenticates, the second encrypts.
function cbcKeysOf(key: Uint8Array<ArrayBuffer>): Promise<CbcKeys> {
  let keys = cbcKeys.get(key);
  if (!keys) {
    keys = Promise.all([
      crypto.subtle.importKey("raw", key.subarray(0, 32), { name: "HMAC", hash: "SHA-512" }, false, ["sign"]),
      crypto.subtle.importKey("raw", key.subarray(32, 64), "AES-CBC", false, ["encrypt", "decrypt"]),
    ]).then(([mac, enc]) => ({ mac, enc }));
    cbcKeys.set(key, keys);
  }
  return keys;
}

function gcmKeyOf(key: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  let imported = gcmKeys.get(key);
  if (!imported) {
    imported = crypto.subtle.importKey("raw", key, "AES-GCM", false, ["decrypt"]);
    gcmKeys.set(key, imported);
  }
  return imported;
}

// RFC 7518 §5.2.2.1 step 5: the tag is the first 32 bytes of HMAC-SHA-512(AAD || IV || ciphertext || AL),
// AL being the bit length of the AAD as a 64-bit big-endian number.
async function tagOf(mac: CryptoKey, aad: Uint8Array, iv: Uint8Array, ciphertext: Uint8Array): Promise<Uint8Array> {
  const input = new Uint8Array(aad.length + iv.length + ciphertext.length + 8);
  input.set(aad, 0);
  input.set(iv, aad.length);
  input.set(ciphertext, aad.length + iv.length);
  new DataView(input.buffer).setBigUint64(input.length - 8, BigInt(aad.length * 8));
  return new Uint8Array(await crypto.subtle.sign("HMAC", mac, input), 0, 32);
}

/** Encrypts claims as a compact JWE (`dir`, `A256CBC-HS512`) with `iat`, `exp` and a random `jti`. */
export async function sealJwt({ payload, secret, salt, maxAge }: SealOptions): Promise<string> {
  const { key, kid } = await deriveKey(secret, salt);
  const now = Math.floor(Date.now() / 1000);
  const claims = { ...payload, iat: now, exp: now + maxAge, jti: crypto.randomUUID() };
  const protectedHeader = toBase64Url(utf8(JSON.stringify({ alg: "dir", enc: "A256CBC-HS512", kid })));
  const { mac, enc } = await cbcKeysOf(key);
  const iv = randomBytes(16);
  const ciphertext = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-CBC", iv }, enc, utf8(JSON.stringify(claims))));
  const tag = await tagOf(mac, utf8(protectedHeader), iv, ciphertext);
  return `${protectedHeader}..${toBase64Url(iv)}.${toBase64Url(ciphertext)}.${toBase64Url(tag)}`;
}

const clockTolerance = 15;
const decoder = new TextDecoder("utf-8", { fatal: true });

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

function parseHeader(encoded: string): Header {
  const known = headers.get(encoded);
  if (known) return known;
  let header: unknown;
  try {
    header = JSON.parse(decoder.decode(fromBase64Url(encoded)));
  } catch {
    // reported below
  }
  if (!header || typeof header !== "object" || Array.isArray(header)) throw new Error("the JWE header is not a JSON object");
  if (headers.size >= 32) headers.clear();
  headers.set(encoded, header as Header);
  return header as Header;
}

async function keyFor(header: Header, { secrets, salt }: OpenOptions, enc: ContentEncryption): Promise<Uint8Array<ArrayBuffer>> {
  // Every read after the first finds its key derived already.
  if (header.kid === undefined) return (derivedKey(secrets[0]!, salt, enc) ?? (await deriveKey(secrets[0]!, salt, enc))).key;
  for (const secret of secrets) {
    const derived = derivedKey(secret, salt, enc);
    if (derived?.kid === header.kid) return derived.key;
  }
  for (const secret of secrets) {
    const derived = await deriveKey(secret, salt, enc);
    if (derived.kid === header.kid) return derived.key;
  }
  throw new Error("no secret matches the token's key id");
}

async function decrypt(enc: ContentEncryption, key: Uint8Array<ArrayBuffer>, aad: Uint8Array<ArrayBuffer>, iv: Uint8Array<ArrayBuffer>, ciphertext: Uint8Array<ArrayBuffer>, tag: Uint8Array<ArrayBuffer>): Promise<ArrayBuffer> {
  if (enc === "A256GCM") {
    // RFC 7518 §5.3: 96-bit IV, 128-bit tag, which Web Crypto expects after the ciphertext.
    if (iv.length !== 12 || tag.length !== 16) throw new Error("invalid JWE initialization vector or tag");
    const sealed = new Uint8Array(ciphertext.length + 16);
    sealed.set(ciphertext);
    sealed.set(tag, ciphertext.length);
    return crypto.subtle.decrypt({ name: "AES-GCM", iv, additionalData: aad, tagLength: 128 }, await gcmKeyOf(key), sealed);
  }
  if (iv.length !== 16 || tag.length !== 32) throw new Error("invalid JWE initialization vector or tag");
  const { mac, enc: aes } = await cbcKeysOf(key);
  // RFC 7518 §5.2.2.2: the tag is checked, in constant time, before anything is decrypted.
  if (!timingSafeEqualBytes(tag, await tagOf(mac, aad, iv, ciphertext))) throw new Error("JWE decryption failed");
  return crypto.subtle.decrypt({ name: "AES-CBC", iv }, aes, ciphertext);
}

/**
 * Decrypts and checks a compact JWE sealed by {@link sealJwt} (or by Auth.js with the same secret):
 * the key is the one whose thumbprint matches the header's `kid`, or the first secret's when there is
 * no `kid`. Throws on any failure: wrong key, tampering, unsupported algorithm, expiry (15 s tolerance).
 */
export async function openJwt<T = Record<string, unknown>>(options: OpenOptions): Promise<T> {
  const parts = options.token.split(".");
  if (parts.length !== 5 || parts[1] !== "") throw new Error("not a compact JWE with direct encryption");
  const [protectedHeader, , ivPart, ciphertextPart, tagPart] = parts as [string, string, string, string, string];
  const header = parseHeader(protectedHeader);
  if (header.alg !== "dir") throw new Error("unsupported JWE key management");
  if (header.enc !== "A256CBC-HS512" && header.enc !== "A256GCM") throw new Error("unsupported JWE content encryption");
  // RFC 7516 §4.1.13: an extension Latch does not understand must be refused; compression is not supported.
  if (header.crit !== undefined || header.zip !== undefined) throw new Error("unsupported JWE header parameter");
  const key = await keyFor(header, options, header.enc);
  const plaintext = await decrypt(header.enc, key, utf8(protectedHeader), fromBase64Url(ivPart), fromBase64Url(ciphertextPart), fromBase64Url(tagPart));

  let claims: Record<string, unknown>;
  try {
    claims = JSON.parse(decoder.decode(plaintext)) as Record<string, unknown>;
  } catch {
    throw new Error("the JWT claims are not JSON");
  }
  if (!claims || typeof claims !== "object" || Array.isArray(claims)) throw new Error("the JWT claims are not an object");
  const now = Math.floor(Date.now() / 1000);
  // RFC 7519 §4.1.4 / §4.1.5, with a tolerance for clock skew.
  if (claims.exp !== undefined && (typeof claims.exp !== "number" || claims.exp <= now - clockTolerance)) throw new Error("the token has expired");
  if (claims.nbf !== undefined && (typeof claims.nbf !== "number" || claims.nbf > now + clockTolerance)) throw new Error("the token is not yet valid");
  if (claims.iat !== undefined && typeof claims.iat !== "number") throw new Error("invalid iat claim");
  return claims as T;
}
