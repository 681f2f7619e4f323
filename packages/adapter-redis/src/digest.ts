import { createHash } from "node:crypto";

/** The SHA-256 of a token, as hex: what a key or a value holds instead of the token. */
export function tokenDigest(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
