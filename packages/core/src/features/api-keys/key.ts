/**
 * The shape of an API key: `<prefix>_<public id>_<secret>`. The public id (16 hex characters, 64
 * random bits) names the stored row; the secret (43 base64url characters, 256 random bits) is
 * shown once and stored only as its SHA-256. No session token has this shape: a database
 * session's token is hex without underscores, a JWT session's is a JWE with dots.
 */
import { randomBase64Url, randomHex, sha256Hex } from "../../crypto/index.js";

/** A key split into its parts. */
export interface KeyParts {
  readonly id: string;
  readonly secret: string;
}

/** The shape of one scope: 1 to 100 of letters, digits and `:._-/*`. */
export const scopeShape = /^[\w:./*-]{1,100}$/;

const shapes = new Map<string, RegExp>();

/** The parts of `value` when it is a key of `prefix`, or `null`. */
export function parseKey(prefix: string, value: string): KeyParts | null {
  let shape = shapes.get(prefix);
  if (!shape) shapes.set(prefix, (shape = new RegExp(`^${prefix}_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$`)));
  const match = shape.exec(value);
  return match ? { id: match[1]!, secret: match[2]! } : null;
}

/** Whether `value` starts as a key of `prefix` does (what tells a key from a bearer session token). */
export const looksLikeKey = (prefix: string, value: string): boolean => value.startsWith(`${prefix}_`);

/** A new key of `prefix`: the whole key to show once, its public id, and the hash to store. */
export async function newKey(prefix: string): Promise<{ key: string; id: string; hash: string }> {
  const id = randomHex(8);
  const secret = randomBase64Url(32);
  return { key: `${prefix}_${id}_${secret}`, id, hash: await sha256Hex(secret) };
}
