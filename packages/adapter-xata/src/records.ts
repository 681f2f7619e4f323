import type { AdapterAccount, AdapterSession, AdapterUser, VerificationToken } from "@latch/core/adapters";
import type { XataRecordLike } from "./client.js";

/** A datetime column as a `Date`: a client without the schema gives ISO strings. */
function toDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(String(value));
}

/** The id of a link column, whether the client gave a nested record or an id. */
function linkId(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (value && typeof value === "object" && typeof (value as { id?: unknown }).id === "string") return (value as { id: string }).id;
  return null;
}

/** The record's own columns: no Xata metadata, no links, no empty values. */
function columns(record: XataRecordLike, drop: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(record).filter(([key, value]) => key !== "xata" && !drop.includes(key) && value !== null && value !== undefined),
  );
}

/** A `<prefix>_users` record as an `AdapterUser`; extra columns of an extended table are kept. */
export function toUser(record: XataRecordLike): AdapterUser {
  const user = columns(record, []) as Partial<AdapterUser>;
  return {
    ...user,
    id: record.id,
    email: (record.email as string | null) ?? "",
    name: (record.name as string | null) ?? null,
    image: (record.image as string | null) ?? null,
    emailVerified: record.emailVerified ? toDate(record.emailVerified) : null,
  };
}

/** A `<prefix>_accounts` record as an `AdapterAccount`. */
export function toAccount(record: XataRecordLike): AdapterAccount {
  const account = columns(record, ["id", "user"]);
  return { ...account, userId: linkId(record.user) ?? "" } as AdapterAccount;
}

/** A `<prefix>_sessions` record as an `AdapterSession`. */
export function toSession(record: XataRecordLike): AdapterSession {
  const session: AdapterSession = { sessionToken: record.sessionToken as string, userId: linkId(record.user) ?? "", expires: toDate(record.expires) };
  // The record id is the opaque session id (the schema has no columns for the other session details).
  if (typeof record.id === "string") session.id = record.id;
  return session;
}

/** A `<prefix>_verificationTokens` record as a `VerificationToken`. */
export function toVerificationToken(record: XataRecordLike): VerificationToken {
  return { identifier: record.identifier as string, token: record.token as string, expires: toDate(record.expires) };
}

/** The account fields the `<prefix>_accounts` table has; others are not stored. */
export const accountColumns = [
  "access_token",
  "expires_at",
  "id_token",
  "provider",
  "providerAccountId",
  "refresh_token",
  "scope",
  "session_state",
  "token_type",
  "type",
] as const;
