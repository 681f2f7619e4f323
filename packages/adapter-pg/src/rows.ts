import type { AdapterAccount, AdapterAuthenticator, AdapterPassword, AdapterSecondFactor, AdapterSession, AdapterUser, VerificationToken } from "@latch/core/adapters";

/** A row as a driver returns it: timestamps may be `Date` or text, bigints text or `bigint`. */
export type Row = Record<string, unknown>;

/** A stored timestamp as a `Date`. */
function toDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(String(value));
}

function toDateOrNull(value: unknown): Date | null {
  return value === null || value === undefined ? null : toDate(value);
}

/** A stored integer (pg gives `bigint` columns as text) as a number. */
function toNumber(value: unknown): number {
  return typeof value === "number" ? value : Number(value);
}

/** Drops the `null` columns of a row, so that absent token fields stay absent. */
function withoutNulls(row: Row): Row {
  return Object.fromEntries(Object.entries(row).filter(([, value]) => value !== null && value !== undefined));
}

/** A `users` row as an `AdapterUser`. */
export function toUser(row: Row): AdapterUser {
  return {
    id: String(row.id),
    name: (row.name as string | null) ?? null,
    // A row written by Auth.js may hold NULL for a user without an email; Latch's shape is "".
    email: (row.email as string | null) ?? "",
    emailVerified: toDateOrNull(row.emailVerified),
    image: (row.image as string | null) ?? null,
  };
}

/** An `accounts` row as an `AdapterAccount`, without its serial `id` and empty token columns. */
export function toAccount(row: Row): AdapterAccount {
  const { id: _id, refreshLeaseHolder: _holder, refreshLeaseUntil: _until, ...rest } = withoutNulls(row);
  const account = { ...rest, userId: String(row.userId) } as AdapterAccount;
  if (row.expires_at !== null && row.expires_at !== undefined) account.expires_at = toNumber(row.expires_at);
  return account;
}

/** A `sessions` row as an `AdapterSession`; its serial id (`sessionId` in a join) is the opaque id. */
export function toSession(row: Row): AdapterSession {
  const session: AdapterSession = { sessionToken: row.sessionToken as string, userId: String(row.userId), expires: toDate(row.expires) };
  const id = row.sessionId ?? row.id;
  if (id !== undefined && id !== null) session.id = String(id);
  if (row.createdAt !== undefined) session.createdAt = toDateOrNull(row.createdAt);
  if (row.lastSeenAt !== undefined) session.lastSeenAt = toDateOrNull(row.lastSeenAt);
  if (row.userAgent !== undefined) session.userAgent = (row.userAgent as string | null) ?? null;
  if (row.ip !== undefined) session.ip = (row.ip as string | null) ?? null;
  if (row.refreshError === true) session.refreshError = true;
  if (row.auth_time !== undefined) session.auth_time = row.auth_time === null ? null : toNumber(row.auth_time);
  if (row.mfa_time !== undefined) session.mfa_time = row.mfa_time === null ? null : toNumber(row.mfa_time);
  if (row.amr !== undefined) session.amr = Array.isArray(row.amr) ? ([...row.amr] as AdapterSession["amr"]) : null;
  return session;
}

/** A `verification_token` row as a `VerificationToken`. */
export function toVerificationToken(row: Row): VerificationToken {
  return { identifier: row.identifier as string, token: row.token as string, expires: toDate(row.expires) };
}

/** An `authenticators` row as an `AdapterAuthenticator`. */
export function toAuthenticator(row: Row): AdapterAuthenticator {
  return {
    credentialID: row.credentialID as string,
    userId: String(row.userId),
    providerAccountId: row.providerAccountId as string,
    credentialPublicKey: row.credentialPublicKey as string,
    counter: toNumber(row.counter),
    credentialDeviceType: row.credentialDeviceType as string,
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
