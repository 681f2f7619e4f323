import type { AdapterAccount, AdapterAuthenticator, AdapterSession, AdapterUser, VerificationToken } from "@latch/core/adapters";
import type { AccountEntity, AuthenticatorEntity, SessionEntity, UserEntity, VerificationTokenEntity } from "./entities.js";

/** A stored date as a `Date` (some drivers give text for some column types). */
function toDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}

/** A user entity as an `AdapterUser`: relations dropped, extra columns of a subclass kept. */
export function toUser(entity: UserEntity): AdapterUser {
  const { accounts: _accounts, sessions: _sessions, ...user } = entity;
  return { ...user, emailVerified: user.emailVerified === null || user.emailVerified === undefined ? null : toDate(user.emailVerified) };
}

/** An account entity as an `AdapterAccount`: row id, relation and empty token columns dropped. */
export function toAccount(entity: AccountEntity): AdapterAccount {
  const { id: _id, user: _user, ...rest } = entity;
  return Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== null && value !== undefined)) as AdapterAccount;
}

/** A session entity as an `AdapterSession`. */
export function toSession(entity: SessionEntity): AdapterSession {
  return { sessionToken: entity.sessionToken, userId: entity.userId, expires: toDate(entity.expires) };
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
