import type { AdapterAccount, AdapterAuthenticator, AdapterPassword, AdapterSecondFactor, AdapterSession, AdapterUser, VerificationToken } from "@latch/core/adapters";

/** A row as Drizzle reads it: the table's property names (which are Latch's column names). */
export type Row = Record<string, unknown>;

function toDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(String(value));
}

function toDateOrNull(value: unknown): Date | null {
  return value === null || value === undefined ? null : toDate(value);
}

function toNumber(value: unknown): number {
  return typeof value === "number" ? value : Number(value);
}

/** A `users` row as an `AdapterUser`; extra columns of an extended table are kept. */
export function toUser(row: Row): AdapterUser {
  return {
    ...row,
    id: String(row.id),
    name: (row.name as string | null | undefined) ?? null,
    // A row written by Auth.js may hold NULL for a user without an email; Latch's shape is "".
    email: (row.email as string | null | undefined) ?? "",
    emailVerified: toDateOrNull(row.emailVerified),
    image: (row.image as string | null | undefined) ?? null,
  };
}

/** An `accounts` row as an `AdapterAccount`: row id, lease columns and empty columns dropped. */
export function toAccount(row: Row): AdapterAccount {
  const { id: _id, refreshLeaseHolder: _holder, refreshLeaseUntil: _until, ...rest } = row;
  const account = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== null && value !== undefined)) as AdapterAccount;
  account.userId = String(row.userId);
  if (account.expires_at !== undefined) account.expires_at = toNumber(account.expires_at);
  return account;
}

/** A `sessions` row as an `AdapterSession`; its `id` (serial or uuid) is the opaque session id. */
export function toSession(row: Row, refreshError = false): AdapterSession {
  const session: AdapterSession = { sessionToken: String(row.sessionToken), userId: String(row.userId), expires: toDate(row.expires) };
  if (row.id !== undefined && row.id !== null) session.id = String(row.id);
  // An extended table without the detail columns gives only what it has.
  if ("createdAt" in row) session.createdAt = toDateOrNull(row.createdAt);
  if ("lastSeenAt" in row) session.lastSeenAt = toDateOrNull(row.lastSeenAt);
  if ("userAgent" in row) session.userAgent = (row.userAgent as string | null) ?? null;
  if ("ip" in row) session.ip = (row.ip as string | null) ?? null;
  if ("auth_time" in row) session.auth_time = row.auth_time === null || row.auth_time === undefined ? null : toNumber(row.auth_time);
  if ("mfa_time" in row) session.mfa_time = row.mfa_time === null || row.mfa_time === undefined ? null : toNumber(row.mfa_time);
  if ("amr" in row) session.amr = Array.isArray(row.amr) ? ([...row.amr] as AdapterSession["amr"]) : null;
  if (refreshError) session.refreshError = true;
  return session;
}

/** A verification-token row as a `VerificationToken`. */
export function toVerificationToken(row: Row): VerificationToken {
  return { identifier: String(row.identifier), token: String(row.token), expires: toDate(row.expires) };
}

/** An `authenticators` row as an `AdapterAuthenticator`. */
export function toAuthenticator(row: Row): AdapterAuthenticator {
  return {
    credentialID: String(row.credentialID),
    userId: String(row.userId),
    providerAccountId: String(row.providerAccountId),
    credentialPublicKey: String(row.credentialPublicKey),
    counter: toNumber(row.counter),
    credentialDeviceType: String(row.credentialDeviceType),
    credentialBackedUp: Boolean(row.credentialBackedUp),
    transports: (row.transports as string | null) ?? null,
  };
}

/** A `passwords` row as an `AdapterPassword`. */
export function toPassword(row: Row): AdapterPassword {
  return { userId: String(row.userId), hash: String(row.hash), updatedAt: toDate(row.updatedAt) };
}

/** A `second_factors` row as an `AdapterSecondFactor`. */
export function toSecondFactor(row: Row): AdapterSecondFactor {
  return {
    id: String(row.id),
    userId: String(row.userId),
    kind: String(row.kind),
    secret: String(row.secret),
    lastUsedStep: row.lastUsedStep === null || row.lastUsedStep === undefined ? null : toNumber(row.lastUsedStep),
    attempts: toNumber(row.attempts ?? 0),
    confirmedAt: toDateOrNull(row.confirmedAt),
    expires: toDateOrNull(row.expires),
    createdAt: toDate(row.createdAt),
  };
}
