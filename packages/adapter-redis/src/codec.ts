import { canonicalEmail } from "@latch/core/adapters";
import type { AdapterAccount, AdapterAuthenticator, AdapterPassword, AdapterSecondFactor, AdapterSession, AdapterSigningKey, AdapterUser, VerificationToken } from "@latch/core/adapters";

/** The fields stored as ISO 8601 strings that come back as `Date`. */
const dateFields = new Set(["emailVerified", "expires", "createdAt", "lastSeenAt", "updatedAt", "confirmedAt"]);

/** Serialises a record to the JSON stored under its key. */
export function encode(record: object): string {
  return JSON.stringify(record);
}

/** Parses a stored record, turning its date fields back into `Date` objects. */
export function decode<T>(json: string | null): T | null {
  if (json === null) return null;
  return JSON.parse(json, (key, value) => {
    if (dateFields.has(key) && typeof value === "string") return new Date(value);
    // A session's methods rewritten by a Lua script: cjson writes an empty list as `{}`.
    if (key === "amr" && value !== null && typeof value === "object" && !Array.isArray(value)) return [];
    return value;
  }) as T;
}

/**
 * A user as stored: `emailVerified` is always present, the address in its stored spelling
 * (PROTOCOL §6: NFKC, trimmed, lower case), which is also its index key.
 */
export function toStoredUser(user: AdapterUser): AdapterUser {
  return { ...user, email: user.email ? canonicalEmail(user.email) : user.email, emailVerified: user.emailVerified ?? null };
}

export type { AdapterAccount, AdapterAuthenticator, AdapterPassword, AdapterSecondFactor, AdapterSession, AdapterSigningKey, AdapterUser, VerificationToken };
