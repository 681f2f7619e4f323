/**
 * What every durable store of the provider keeps the same way: a token's id only as its SHA-256,
 * and the ids that are found by another key (a session by its uid, a device code by its user code)
 * sealed with AES-256-GCM under a key derived from the Latch secret. Not an entry point; the
 * stores of `./pg`, `./redis`, `./typeorm` and `./drizzle` share it.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
import type { AdapterPayload } from "oidc-provider";

/** Models whose id is found by another key, or listed (an account's grants), and so must be read back: kept sealed rather than only hashed. */
const sealedKinds = new Set(["Session", "DeviceCode", "BackchannelAuthenticationRequest", "Grant"]);
/** The stored `jti` when it is the record's own id (given again to find it). */
const sameAsId = "=";

/** The SHA-256 of `value`, base64url: how ids and user codes are stored. */
export const digest = (value: string): string => createHash("sha256").update(value).digest("base64url");

/** The sealing key of a store, derived from the Latch secret. */
export const sealingKey = (secret: string): Buffer => Buffer.from(hkdfSync("sha256", secret, "latch.oauth2", "provider storage", 32));

function seal(key: Buffer, value: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(value, "utf8"), cipher.final()]);
  return `s.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
}

function open(key: Buffer, sealed: string): string | undefined {
  if (!sealed.startsWith("s.")) return undefined;
  try {
    const raw = Buffer.from(sealed.slice(2), "base64url");
    const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return undefined;
  }
}

/** A stored grant with its id opened, for the list of an account's grants; undefined when its id was stored only hashed (before grants were sealed). */
export function listedGrant(key: Buffer, stored: AdapterPayload): AdapterPayload | undefined {
  const jti = typeof stored.jti === "string" ? open(key, stored.jti) : undefined;
  return jti ? { ...stored, jti } : undefined;
}

/** The payload as stored: without `consumed` (kept apart), its `jti` sealed or replaced by a marker, its `userCode` sealed. */
export function storedPayload(key: Buffer, kind: string, payload: AdapterPayload): AdapterPayload {
  const { jti, consumed: _consumed, ...rest } = payload;
  if (typeof rest.userCode === "string") rest.userCode = seal(key, rest.userCode);
  return jti === undefined ? rest : { ...rest, jti: sealedKinds.has(kind) ? seal(key, String(jti)) : sameAsId };
}

/**
 * The payload as given to `upsert`, from what was stored: `id` is the id it was looked up by
 * (undefined when found by a user code or uid, then the sealed `jti` is opened). Undefined when the
 * sealed id does not open or does not match.
 */
export function restoredPayload(key: Buffer, stored: AdapterPayload, id: string | undefined, consumedAt: number | undefined): AdapterPayload | undefined {
  const payload = { ...stored };
  if (payload.jti === sameAsId) payload.jti = id;
  else if (typeof payload.jti === "string") {
    const opened = open(key, payload.jti);
    if (opened === undefined || (id !== undefined && opened !== id)) return undefined;
    payload.jti = opened;
  }
  // A user code stored before it was sealed is given as it is.
  if (typeof payload.userCode === "string" && payload.userCode.startsWith("s.")) {
    const opened = open(key, payload.userCode);
    if (opened === undefined) return undefined;
    payload.userCode = opened;
  }
  if (consumedAt !== undefined) payload.consumed = consumedAt;
  return payload;
}
