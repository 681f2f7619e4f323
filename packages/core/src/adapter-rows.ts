import type {
  ActiveMembership,
  AdapterAccount,
  AdapterApiKey,
  AdapterAuditEvent,
  AdapterAuthenticator,
  AdapterInvitation,
  AdapterMember,
  AdapterOrganization,
  AdapterOrganizationRole,
  AdapterPassword,
  AdapterScimGroup,
  AdapterScimUser,
  AdapterSecondFactor,
  AdapterSession,
  AdapterTeam,
  AdapterTeamMember,
  AdapterSigningKey,
  AdapterUser,
  AdapterUserStanding,
  VerificationToken,
} from "./adapter.js";

/**
 * A row of Latch's tables as a SQL driver or query builder returns it, keyed by Latch's column names:
 * timestamps may be `Date` or text, integers `number`, `bigint` or text.
 */
export type StoredRow = Record<string, unknown>;

/** `YYYY-MM-DD HH:MM:SS[.SSS]` without a zone: a date as written by {@link sqlDateText} (and by TypeORM on SQLite), in UTC. */
const zonelessSqlDate = /^\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(?:\.\d+)?$/;

function toDate(value: unknown): Date {
  if (value instanceof Date) return value;
  const text = String(value);
  // Read as UTC, never in the process's own time zone.
  return new Date(zonelessSqlDate.test(text) ? `${text.replace(" ", "T")}Z` : text);
}

function toDateOrNull(value: unknown): Date | null {
  return value === null || value === undefined ? null : toDate(value);
}

// pg gives `bigint` columns as text.
function toNumber(value: unknown): number {
  return typeof value === "number" ? value : Number(value);
}

function toNumberOrNull(value: unknown): number | null {
  return value === null || value === undefined ? null : toNumber(value);
}

/** What {@link userFromRow} keeps besides the user's own fields. */
export interface UserFromRowOptions {
  /** Keep the row's other columns (those of an extended `users` table) on the user; default `false`. */
  keepColumns?: boolean;
}

/** A `users` row as an `AdapterUser`. */
export function userFromRow(row: StoredRow, options: UserFromRowOptions = {}): AdapterUser {
  return {
    ...(options.keepColumns ? row : {}),
    id: String(row.id),
    name: (row.name as string | null | undefined) ?? null,
    // A row written by Auth.js may hold NULL for a user without an email; Latch's shape is "".
    email: (row.email as string | null | undefined) ?? "",
    emailVerified: toDateOrNull(row.emailVerified),
    image: (row.image as string | null | undefined) ?? null,
  };
}

/** An `accounts` row as an `AdapterAccount`: without its row id, its refresh-lease columns and its empty columns. */
export function accountFromRow(row: StoredRow): AdapterAccount {
  const { id: _id, refreshLeaseHolder: _holder, refreshLeaseUntil: _until, ...rest } = row;
  const account = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== null && value !== undefined)) as AdapterAccount;
  account.userId = String(row.userId);
  if (account.expires_at !== undefined) account.expires_at = toNumber(account.expires_at);
  return account;
}

/**
 * A `sessions` row as an `AdapterSession`. Its `id` (or `sessionId`, as a join names it) is the opaque session id;
 * `refreshError: true` on the row marks the session's refresh error. A table without the detail columns gives only what it has.
 */
export function sessionFromRow(row: StoredRow): AdapterSession {
  const session: AdapterSession = { sessionToken: String(row.sessionToken), userId: String(row.userId), expires: toDate(row.expires) };
  const id = row.sessionId ?? row.id;
  if (id !== undefined && id !== null) session.id = String(id);
  if (row.createdAt !== undefined) session.createdAt = toDateOrNull(row.createdAt);
  if (row.lastSeenAt !== undefined) session.lastSeenAt = toDateOrNull(row.lastSeenAt);
  if (row.userAgent !== undefined) session.userAgent = (row.userAgent as string | null) ?? null;
  if (row.ip !== undefined) session.ip = (row.ip as string | null) ?? null;
  if (row.refreshError === true) session.refreshError = true;
  if (row.auth_time !== undefined) session.auth_time = toNumberOrNull(row.auth_time);
  if (row.mfa_time !== undefined) session.mfa_time = toNumberOrNull(row.mfa_time);
  if (row.amr !== undefined) session.amr = methodsFromRow(row.amr);
  if (row.impersonatedBy !== undefined) session.impersonatedBy = (row.impersonatedBy as string | null) ?? null;
  return session;
}

/** `amr` as stored: an array (PostgreSQL's `text[]`) or one text of the methods separated by spaces (MySQL/MariaDB, SQLite). */
function methodsFromRow(value: unknown): AdapterSession["amr"] {
  if (Array.isArray(value)) return [...value] as AdapterSession["amr"];
  if (typeof value === "string") return value.split(" ").filter((method) => method !== "") as AdapterSession["amr"];
  return null;
}

/** A `verification_token` row as a `VerificationToken`. */
export function verificationTokenFromRow(row: StoredRow): VerificationToken {
  return { identifier: String(row.identifier), token: String(row.token), expires: toDate(row.expires) };
}

/** An `authenticators` row as an `AdapterAuthenticator`. */
export function authenticatorFromRow(row: StoredRow): AdapterAuthenticator {
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
export function passwordFromRow(row: StoredRow): AdapterPassword {
  return { userId: String(row.userId), hash: String(row.hash), updatedAt: toDate(row.updatedAt) };
}

/** A `second_factors` row as an `AdapterSecondFactor`. */
export function secondFactorFromRow(row: StoredRow): AdapterSecondFactor {
  return {
    id: String(row.id),
    userId: String(row.userId),
    kind: String(row.kind),
    secret: String(row.secret),
    lastUsedStep: toNumberOrNull(row.lastUsedStep),
    attempts: toNumber(row.attempts ?? 0),
    confirmedAt: toDateOrNull(row.confirmedAt),
    expires: toDateOrNull(row.expires),
    createdAt: toDate(row.createdAt),
  };
}

/** The user columns `updateUser` may write. */
export const userColumns = ["name", "email", "emailVerified", "image"] as const;

/** The account columns `linkAccount` writes; other fields of the account are not stored. */
export const accountColumns = ["userId", "type", "provider", "providerAccountId", "refresh_token", "access_token", "expires_at", "id_token", "scope", "session_state", "token_type"] as const;

/** The columns of an `authenticators` row, as `createAuthenticator` writes them. */
export const authenticatorColumns = ["credentialID", "userId", "providerAccountId", "credentialPublicKey", "counter", "credentialDeviceType", "credentialBackedUp", "transports"] as const;

const serialId = /^[1-9]\d{0,9}$/;
const uuidId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The session id a caller passed, as the `sessions.id` column holds it: a PostgreSQL `serial` (a
 * number up to 2³¹ − 1) or a uuid (the MySQL/MariaDB and SQLite tables). `null` when it cannot
 * name a row of that column: such an id names no session and must not reach the database.
 */
export function sessionIdOf(sessionId: string, column: "serial" | "uuid"): number | string | null {
  if (column === "uuid") return uuidId.test(sessionId) ? sessionId : null;
  return serialId.test(sessionId) && Number(sessionId) <= 2_147_483_647 ? Number(sessionId) : null;
}

/**
 * A date as the SQLite tables store it: UTC text `YYYY-MM-DD HH:MM:SS.SSS` (as TypeORM writes it),
 * which sorts and compares as the dates do; the readers here read it back as UTC.
 */
export function sqlDateText(date: Date): string {
  return date.toISOString().replace("T", " ").replace("Z", "");
}

/** `amr` as the MySQL/MariaDB and SQLite tables store it: the methods in one text, separated by spaces. */
export function methodsText(amr: readonly string[]): string {
  return amr.join(" ");
}

/** A `signing_keys` row as an `AdapterSigningKey`. */
export function signingKeyFromRow(row: StoredRow): AdapterSigningKey {
  return {
    id: String(row.id),
    generation: toNumber(row.generation),
    algorithm: String(row.algorithm),
    publicKey: String(row.publicKey),
    privateKey: String(row.privateKey),
    createdAt: toDate(row.createdAt),
  };
}

/**
 * An API key's scopes as the MySQL/MariaDB and SQLite tables store them: one text, separated by
 * spaces. A scope has no white space (`ApiKeys()` refuses one that has), so the text reads back as
 * the list; an adapter is handed a scope with white space only by a caller that skipped that check,
 * and refuses it rather than store a different list.
 */
export function scopesText(scopes: readonly string[]): string {
  if (scopes.some((scope) => scope === "" || /\s/.test(scope))) throw new TypeError("An API key's scope is a non-empty string without white space.");
  return scopes.join(" ");
}

/** An `api_keys` row as an `AdapterApiKey`: scopes from a `text[]` (PostgreSQL) or from {@link scopesText}. */
export function apiKeyFromRow(row: StoredRow): AdapterApiKey {
  const scopes = Array.isArray(row.scopes) ? row.scopes.map(String) : String(row.scopes ?? "").split(" ").filter((scope) => scope !== "");
  return {
    id: String(row.id),
    ownerType: String(row.ownerType),
    ownerId: String(row.ownerId),
    name: String(row.name),
    scopes,
    hash: String(row.hash),
    createdAt: toDate(row.createdAt),
    expires: toDateOrNull(row.expires),
    lastUsedAt: toDateOrNull(row.lastUsedAt),
  };
}

/** A list of words as stored: an array (PostgreSQL's `text[]`) or one text separated by spaces (MySQL/MariaDB, SQLite). */
function wordsFromRow(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return String(value ?? "").split(" ").filter((word) => word !== "");
}

/**
 * A list of words as the MySQL/MariaDB and SQLite tables store it (an organization role's
 * permissions): one text, separated by spaces. A word with white space, or an empty one, would
 * read back as another list, and is refused.
 */
export function wordsText(words: readonly string[]): string {
  if (words.some((word) => word === "" || /\s/.test(word))) throw new TypeError("A stored list holds non-empty words without white space.");
  return words.join(" ");
}

/**
 * The site role and ban of a `user_standings` row (`Admin()`); a user without one (the columns of
 * a LEFT JOIN that found none) has neither. `banned` may be a boolean or 0/1 (MySQL/MariaDB, SQLite).
 */
export function standingFromRow(row: StoredRow): AdapterUserStanding {
  return {
    role: (row.siteRole as string | null | undefined) ?? null,
    banned: row.banned === true || Number(row.banned) === 1,
    banReason: (row.banReason as string | null | undefined) ?? null,
    banExpires: toDateOrNull(row.banExpires),
  };
}

/** An `organizations` row as an `AdapterOrganization`: `metadata` from `jsonb` (PostgreSQL) or from its JSON text. */
export function organizationFromRow(row: StoredRow): AdapterOrganization {
  const metadata = typeof row.metadata === "string" ? (JSON.parse(row.metadata) as Record<string, unknown> | null) : ((row.metadata as Record<string, unknown> | null | undefined) ?? null);
  return { id: String(row.id), name: String(row.name), slug: String(row.slug), metadata, createdAt: toDate(row.createdAt) };
}

/** A `members` row as an `AdapterMember`. */
export function memberFromRow(row: StoredRow): AdapterMember {
  return { organizationId: String(row.organizationId), userId: String(row.userId), role: String(row.role), createdAt: toDate(row.createdAt) };
}

/** A `scim_users` row as an `AdapterScimUser`: `attributes` from `jsonb` (PostgreSQL) or from its JSON text; `active` from a boolean or 0/1. */
export function scimUserFromRow(row: StoredRow): AdapterScimUser {
  const attributes = typeof row.attributes === "string" ? (JSON.parse(row.attributes) as Record<string, unknown>) : ((row.attributes as Record<string, unknown> | null | undefined) ?? {});
  return {
    organizationId: String(row.organizationId),
    userId: String(row.userId),
    userName: String(row.userName),
    externalId: row.externalId === null || row.externalId === undefined ? null : String(row.externalId),
    active: row.active === true || row.active === 1 || row.active === "1",
    attributes,
    createdAt: toDate(row.createdAt),
    updatedAt: toDate(row.updatedAt),
  };
}

/** A `scim_groups` row with its members' ids (`members`: a list, or its JSON text) as an `AdapterScimGroup`. */
export function scimGroupFromRow(row: StoredRow): AdapterScimGroup {
  const members = typeof row.members === "string" ? (JSON.parse(row.members) as string[]) : ((row.members as string[] | null | undefined) ?? []);
  return {
    id: String(row.id),
    organizationId: String(row.organizationId),
    displayName: String(row.displayName),
    externalId: row.externalId === null || row.externalId === undefined ? null : String(row.externalId),
    members: members.filter((id) => id !== null).map(String),
    createdAt: toDate(row.createdAt),
    updatedAt: toDate(row.updatedAt),
  };
}

/** A `teams` row as an `AdapterTeam`. */
export function teamFromRow(row: StoredRow): AdapterTeam {
  return { id: String(row.id), organizationId: String(row.organizationId), name: String(row.name), createdAt: toDate(row.createdAt) };
}

/** A `team_members` row as an `AdapterTeamMember`. */
export function teamMemberFromRow(row: StoredRow): AdapterTeamMember {
  return { teamId: String(row.teamId), userId: String(row.userId), createdAt: toDate(row.createdAt) };
}

/** An `organization_roles` row as an `AdapterOrganizationRole`: permissions from a `text[]` or from {@link wordsText}. */
export function organizationRoleFromRow(row: StoredRow): AdapterOrganizationRole {
  return { organizationId: String(row.organizationId), name: String(row.name), permissions: wordsFromRow(row.permissions), createdAt: toDate(row.createdAt) };
}

/** An `invitations` row as an `AdapterInvitation`. */
export function invitationFromRow(row: StoredRow): AdapterInvitation {
  return {
    id: String(row.id),
    organizationId: String(row.organizationId),
    email: String(row.email),
    role: String(row.role),
    inviterId: String(row.inviterId),
    hash: String(row.hash),
    status: String(row.status) as AdapterInvitation["status"],
    expires: toDate(row.expires),
    createdAt: toDate(row.createdAt),
  };
}

/**
 * The `activeOrganization` of a session read joined with its membership: the columns
 * `organizationId`, `organizationSlug`, `organizationRole` and, for a role the organization made,
 * `organizationPermissions`. `null` when the session acts for no organization, or its user is no
 * longer a member of it.
 */
export function activeOrganizationFromRow(row: StoredRow): ActiveMembership | null {
  if (row.organizationId === null || row.organizationId === undefined) return null;
  const permissions = row.organizationPermissions === null || row.organizationPermissions === undefined ? {} : { permissions: wordsFromRow(row.organizationPermissions) };
  return { id: String(row.organizationId), slug: String(row.organizationSlug), role: String(row.organizationRole), ...permissions };
}

/**
 * The `accounts` columns `releaseAccount` writes: the refresh lease cleared, and either the new
 * tokens (a field the provider left out keeps its stored value, except the access token and its
 * expiry) or the provider's refusal.
 */
export function releasedAccountColumns(
  tokens: Pick<AdapterAccount, "access_token" | "refresh_token" | "expires_at" | "id_token" | "scope" | "token_type"> | null,
  refused: string | undefined,
): Record<string, unknown> {
  const changes: Record<string, unknown> = { refreshLeaseHolder: null, refreshLeaseUntil: null };
  if (tokens) {
    Object.assign(changes, { access_token: tokens.access_token ?? null, expires_at: tokens.expires_at ?? null, refreshError: null });
    for (const field of ["refresh_token", "id_token", "scope", "token_type"] as const) if (tokens[field] != null) changes[field] = tokens[field];
  } else if (refused !== undefined) {
    changes.refreshError = refused;
  }
  return changes;
}

/**
 * An `audit_events` row as an `AdapterAuditEvent` (`AuditTrail()`): `details` from `jsonb`
 * (PostgreSQL) or from its JSON text; absent columns as `null`.
 */
export function auditEventFromRow(row: StoredRow): AdapterAuditEvent {
  const details = typeof row.details === "string" ? (JSON.parse(row.details) as AdapterAuditEvent["details"]) : ((row.details as AdapterAuditEvent["details"] | undefined) ?? null);
  const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
  return {
    id: String(row.id),
    at: toDate(row.at),
    action: String(row.action),
    outcome: row.outcome === "failure" ? "failure" : "success",
    actorUserId: text(row.actorUserId),
    subjectUserId: text(row.subjectUserId),
    organizationId: text(row.organizationId),
    network: text(row.network),
    userAgent: text(row.userAgent),
    details,
  };
}
