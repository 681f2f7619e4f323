/**
 * The session-token format written from its description (HKDF-SHA256 key, RFC 7638 thumbprint
 * as `kid`, compact JWE with `dir`), independently of Latch's own code, so that tests can mint
 * cookies the way another implementation would and open the ones Latch writes.
 */
import { CompactEncrypt, compactDecrypt } from "jose";

const utf8 = new TextEncoder();

export type Enc = "A256CBC-HS512" | "A256GCM";

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");

/** HKDF-SHA256(secret, salt, "Auth.js Generated Encryption Key (<salt>)"): 64 bytes, or 32 for A256GCM. */
export async function testKey(secret: string, salt: string, enc: Enc = "A256CBC-HS512"): Promise<Uint8Array> {
  const ikm = await crypto.subtle.importKey("raw", utf8.encode(secret), "HKDF", false, ["deriveBits"]);
  const info = utf8.encode(`Auth.js Generated Encryption Key (${salt})`);
  const bits = await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt: utf8.encode(salt), info }, ikm, (enc === "A256GCM" ? 32 : 64) * 8);
  return new Uint8Array(bits);
}

/** RFC 7638: SHA-x over the JSON of the required members in lexicographic order, base64url. */
export async function testKid(key: Uint8Array): Promise<string> {
  const canonical = `{"k":"${b64url(key)}","kty":"oct"}`;
  const digest = await crypto.subtle.digest(key.length === 64 ? "SHA-512" : "SHA-256", utf8.encode(canonical));
  return b64url(new Uint8Array(digest));
}

export interface MintOptions {
  secret: string;
  salt?: string;
  enc?: Enc;
  /** Leave out the `kid` header. */
  noKid?: boolean;
}

/** A compact JWE carrying `claims` exactly as given. */
export async function mintToken(claims: Record<string, unknown>, options: MintOptions): Promise<string> {
  const { secret, salt = "authjs.session-token", enc = "A256CBC-HS512" } = options;
  const key = await testKey(secret, salt, enc);
  const header = options.noKid ? { alg: "dir", enc } : { alg: "dir", enc, kid: await testKid(key) };
  return new CompactEncrypt(utf8.encode(JSON.stringify(claims))).setProtectedHeader(header).encrypt(key);
}

/** Session claims as a sign-in would make them, with `iat` `ageSeconds` in the past. */
export function sessionClaims(user: { id: string; name: string; email: string; image?: string }, ageSeconds = 0, maxAge = 30 * 24 * 3600) {
  const iat = Math.floor(Date.now() / 1000) - ageSeconds;
  return { name: user.name, email: user.email, picture: user.image, sub: user.id, iat, exp: iat + maxAge, jti: crypto.randomUUID() };
}

/** Opens a token with the test-side key; returns the protected header and the claims. */
export async function openToken(token: string, secret: string, salt = "authjs.session-token") {
  const header = JSON.parse(Buffer.from(token.split(".")[0]!, "base64url").toString()) as { alg: string; enc: Enc; kid?: string };
  const key = await testKey(secret, salt, header.enc);
  const { plaintext } = await compactDecrypt(token, key);
  return { header, claims: JSON.parse(new TextDecoder().decode(plaintext)) as Record<string, unknown> };
}
