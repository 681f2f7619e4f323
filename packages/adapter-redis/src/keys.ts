import { tokenDigest } from "./digest.js";

/**
 * The key layout. Every key starts with the prefix; parts that come from outside are
 * percent-encoded so that a `:` inside an id cannot make two keys collide.
 */
export interface Keys {
  user(id: string): string;
  userByEmail(email: string): string;
  account(provider: string, providerAccountId: string): string;
  /** The refresh lease of an account (its holder; expires with the lease). */
  accountLease(provider: string, providerAccountId: string): string;
  /** The session of a token, under the token's SHA-256 (`session:sha256:<hex>`): no key holds a token. */
  session(sessionToken: string): string;
  /** What `userSessions` holds for a session: `sha256:<hex>`, the digest of its token. */
  sessionEntry(sessionToken: string): string;
  /**
   * The session key of a member of `userSessions`: a digest entry, or a token (an entry written
   * before sessions were keyed by digest) whose key is `legacySession`.
   */
  sessionOfEntry(entry: string): string;
  /** Where a version before digest keys stored the session of a token: `session:<token>`. */
  legacySession(sessionToken: string): string;
  verificationToken(identifier: string, token: string): string;
  authenticator(credentialID: string): string;
  /** Set of the account keys of a user. */
  userAccounts(userId: string): string;
  /** Set of the sessions of a user: `sessionEntry` digests (and tokens of sessions not yet moved from `legacySession`). */
  userSessions(userId: string): string;
  /** Set of the credential ids of a user. */
  userAuthenticators(userId: string): string;
  /** Set of the account keys of a user whose refresh token the provider refused. */
  userRefusedAccounts(userId: string): string;
  /** The password (its hash) of a user. */
  userPassword(userId: string): string;
  /** A second-factor row (TOTP factor, backup code, email code) by its id. */
  secondFactor(id: string): string;
  /** Set of the second-factor ids of a user. */
  userSecondFactors(userId: string): string;
  /** Hash of the access-token signing keys: `g:<generation>` → the key, `id:<id>` → its generation. */
  signingKeys(): string;
  /** Hash of one API key, each field JSON. */
  apiKey(id: string): string;
  /** Set of the API-key ids of one owner. */
  ownerApiKeys(ownerType: string, ownerId: string): string;
}

/** A member of `userSessions` that names a session by its digest. */
const digestEntry = /^sha256:[0-9a-f]{64}$/;

/** The default key prefix. */
export const defaultPrefix = "latch:";

/** The keys under `prefix`. */
export function keysFor(prefix: string): Keys {
  const part = encodeURIComponent;
  return {
    user: (id) => `${prefix}user:${part(id)}`,
    userByEmail: (email) => `${prefix}user:email:${part(email)}`,
    account: (provider, providerAccountId) => `${prefix}account:${part(provider)}:${part(providerAccountId)}`,
    accountLease: (provider, providerAccountId) => `${prefix}account-lease:${part(provider)}:${part(providerAccountId)}`,
    session: (sessionToken) => `${prefix}session:sha256:${tokenDigest(sessionToken)}`,
    sessionEntry: (sessionToken) => `sha256:${tokenDigest(sessionToken)}`,
    sessionOfEntry: (entry) => (digestEntry.test(entry) ? `${prefix}session:${entry}` : `${prefix}session:${part(entry)}`),
    legacySession: (sessionToken) => `${prefix}session:${part(sessionToken)}`,
    verificationToken: (identifier, token) => `${prefix}verification-token:${part(identifier)}:${part(token)}`,
    authenticator: (credentialID) => `${prefix}authenticator:${part(credentialID)}`,
    userAccounts: (userId) => `${prefix}user:accounts:${part(userId)}`,
    userSessions: (userId) => `${prefix}user:sessions:${part(userId)}`,
    userAuthenticators: (userId) => `${prefix}user:authenticators:${part(userId)}`,
    userRefusedAccounts: (userId) => `${prefix}user:refused-accounts:${part(userId)}`,
    userPassword: (userId) => `${prefix}user:password:${part(userId)}`,
    secondFactor: (id) => `${prefix}second-factor:${part(id)}`,
    userSecondFactors: (userId) => `${prefix}user:second-factors:${part(userId)}`,
    signingKeys: () => `${prefix}signing-keys`,
    apiKey: (id) => `${prefix}api-key:${part(id)}`,
    ownerApiKeys: (ownerType, ownerId) => `${prefix}api-keys:${part(ownerType)}:${part(ownerId)}`,
  };
}
