/**
 * Secrets `@latch/sso` keeps: an OpenID Connect client secret in a connection's settings, and the
 * PKCE verifier and nonce of a pending sign-in, sealed with AES-256-GCM under a key derived from
 * the app's secret (HKDF-SHA-256, one key per purpose), so the database alone does not give them.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";

/** What a sealed value is for: its key is derived for that purpose only. */
export type SealPurpose = "client secret" | "pending sign-in";

/** Seals and opens values under the keys derived from one secret. */
export interface Sealer {
  seal(purpose: SealPurpose, value: string): string;
  /** The value, or `null` when it was not sealed by this secret for this purpose, or was altered. */
  open(purpose: SealPurpose, sealed: string): string | null;
}

/** The sealer of `secret` (at least 32 characters, as Latch's own secret). */
export function sealer(secret: string): Sealer {
  const keys = new Map<SealPurpose, Buffer>();
  const keyOf = (purpose: SealPurpose) => {
    let key = keys.get(purpose);
    if (!key) keys.set(purpose, (key = Buffer.from(hkdfSync("sha256", secret, "latch.sso", purpose, 32))));
    return key;
  };
  return {
    seal(purpose, value) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", keyOf(purpose), iv);
      const body = Buffer.concat([cipher.update(value, "utf8"), cipher.final()]);
      return `s.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
    },
    open(purpose, sealed) {
      if (!sealed.startsWith("s.")) return null;
      try {
        const raw = Buffer.from(sealed.slice(2), "base64url");
        const decipher = createDecipheriv("aes-256-gcm", keyOf(purpose), raw.subarray(0, 12));
        decipher.setAuthTag(raw.subarray(12, 28));
        return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
      } catch {
        return null;
      }
    },
  };
}

/** The SHA-256 of `value`, base64url: how a pending sign-in's `state` is stored. */
export const digest = (value: string): string => createHash("sha256").update(value).digest("base64url");
