import type { AdapterAccount, AdapterApiKey, AdapterAuthenticator, AdapterPassword, AdapterSecondFactor, AdapterSession, AdapterSigningKey, AdapterUser, VerificationToken } from "@latch/core/adapters";
import type { AccountEntity, ApiKeyEntity, AuthenticatorEntity, PasswordEntity, SecondFactorEntity, SessionEntity, SigningKeyEntity, UserEntity, VerificationTokenEntity } from "./entities.js";

/** A stored date as a `Date` (some drivers give text for some column types). */
function toDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}

/** A user entity as an `AdapterUser`: relations dropped, extra columns of a subclass kept. */
export function toUser(entity: UserEntity): AdapterUser {
  const { accounts: _accounts, sessions: _sessions, ...user } = entity;
  // `@auth/typeorm-adapter` stores a user without an email as NULL; Latch's form of that is "".
  return { ...user, email: user.email ?? "", emailVerified: user.emailVerified === null || user.emailVerified === undefined ? null : toDate(user.emailVerified) };
}

/** An account entity as an `AdapterAccount`: row id, relation and empty token columns dropped. */
export function toAccount(entity: AccountEntity): AdapterAccount {
  const { id: _id, user: _user, refreshLeaseHolder: _holder, refreshLeaseUntil: _until, ...rest } = entity;
  return Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== null && value !== undefined)) as AdapterAccount;
}

/** A session entity as an `AdapterSession`; its uuid `id` is the opaque session id. */
export function toSession(entity: SessionEntity): AdapterSession {
  const session: AdapterSession = { sessionToken: entity.sessionToken, userId: entity.userId, expires: toDate(entity.expires) };
  if (entity.id) session.id = String(entity.id);
  // A custom session entity may lack the detail columns: only those it has are given.
  if (entity.createdAt !== undefined) session.createdAt = entity.createdAt === null ? null : toDate(entity.createdAt);
  if (entity.lastSeenAt !== undefined) session.lastSeenAt = entity.lastSeenAt === null ? null : toDate(entity.lastSeenAt);
  if (entity.userAgent !== undefined) session.userAgent = entity.userAgent;
  if (entity.ip !== undefined) session.ip = entity.ip;
  if (entity.auth_time !== undefined) session.auth_time = entity.auth_time === null ? null : Number(entity.auth_time);
  if (entity.mfa_time !== undefined) session.mfa_time = entity.mfa_time === null ? null : Number(entity.mfa_time);
  if (entity.amr !== undefined) session.amr = entity.amr === null ? null : [...entity.amr];
  if (entity.impersonatedBy !== undefined) session.impersonatedBy = entity.impersonatedBy;
  return session;
}

/** A verification-token entity as a `VerificationToken`. */
export function toVerificationToken(entity: VerificationTokenEntity): VerificationToken {
  return { identifier: entity.identifier, token: entity.token, expires: toDate(entity.expires) };
}

/** An authenticator entity as an `AdapterAuthenticator`. */
export function toAuthenticator(entity: AuthenticatorEntity): AdapterAuthenticator {
  const { user: _user, ...rest } = entity;
  return { ...rest, counter: Number(rest.counter), credentialBackedUp: Boolean(rest.credentialBackedUp), transports: rest.transports ?? null };
}

/** A password entity as an `AdapterPassword`. */
export function toPassword(entity: PasswordEntity): AdapterPassword {
  return { userId: entity.userId, hash: entity.hash, updatedAt: toDate(entity.updatedAt) };
}

/** A second-factor entity as an `AdapterSecondFactor`. */
export function toSecondFactor(entity: SecondFactorEntity): AdapterSecondFactor {
  return {
    id: entity.id,
    userId: entity.userId,
    kind: entity.kind,
    secret: entity.secret,
    lastUsedStep: entity.lastUsedStep === null || entity.lastUsedStep === undefined ? null : Number(entity.lastUsedStep),
    attempts: Number(entity.attempts ?? 0),
    confirmedAt: entity.confirmedAt ? toDate(entity.confirmedAt) : null,
    expires: entity.expires ? toDate(entity.expires) : null,
    createdAt: toDate(entity.createdAt),
  };
}

/** A signing-key entity as an `AdapterSigningKey`. */
export function toSigningKey(entity: SigningKeyEntity): AdapterSigningKey {
  return {
    id: entity.id,
    generation: Number(entity.generation),
    algorithm: entity.algorithm,
    publicKey: entity.publicKey,
    privateKey: entity.privateKey,
    createdAt: toDate(entity.createdAt),
  };
}

/** A stored date or NULL as a `Date` or `null`. */
function toDateOrNull(value: Date | string | null): Date | null {
  return value === null || value === undefined ? null : toDate(value);
}

/** An API-key entity as an `AdapterApiKey` (without the `userId` that only links it to its user). */
export function toApiKey(entity: ApiKeyEntity): AdapterApiKey {
  return {
    id: entity.id,
    ownerType: entity.ownerType,
    ownerId: entity.ownerId,
    name: entity.name,
    scopes: [...entity.scopes],
    hash: entity.hash,
    createdAt: toDate(entity.createdAt),
    expires: toDateOrNull(entity.expires),
    lastUsedAt: toDateOrNull(entity.lastUsedAt),
  };
}
