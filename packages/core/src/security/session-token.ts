import { openJwt, sealJwt } from "../crypto/index.js";
import type { JWT } from "../types/entities.js";
import type { JWTDecodeParams, JWTEncodeParams } from "../types/session-options.js";

const defaultMaxAge = 30 * 24 * 60 * 60;

function secretList(secret: string | string[]): string[] {
  const list = (Array.isArray(secret) ? secret : [secret]).filter(Boolean);
  if (!list.length) throw new TypeError("A secret is required to encode or decode a session token.");
  return list;
}

/**
 * Encrypts `token` as a compact JWE (`dir`, `A256CBC-HS512`) with a key derived from the first
 * secret and `salt` (the session cookie's name).
 *
 * @example
 * ```ts
 * const cookie = await encode({ token: { sub: "1" }, secret: process.env.AUTH_SECRET!, salt: "authjs.session-token" })
 * ```
 */
export async function encode<Payload = JWT>(params: JWTEncodeParams<Payload>): Promise<string> {
  const { token = {}, secret, salt, maxAge = defaultMaxAge } = params;
  return sealJwt({ payload: token as Record<string, unknown>, secret: secretList(secret)[0]!, salt, maxAge });
}

/**
 * Decrypts a token made by {@link encode} (or by Auth.js with the same secret). Returns `null`
 * when there is no token; throws when it does not decrypt or has expired.
 *
 * @example
 * ```ts
 * const token = await decode({ token: cookie, secret: [newSecret, oldSecret], salt: "authjs.session-token" })
 * ```
 */
export async function decode<Payload = JWT>(params: JWTDecodeParams): Promise<Payload | null> {
  const { token, secret, salt } = params;
  if (!token) return null;
  return openJwt<Payload>({ token, secrets: secretList(secret), salt });
}
