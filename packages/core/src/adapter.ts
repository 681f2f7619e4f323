/**
 * The adapter contract: the shapes Latch stores and the methods it calls to store them.
 *
 * An adapter is an object of optional methods. Latch calls only the methods a flow needs
 * (see {@link requiredAdapterMethods}); calling one the adapter lacks fails with
 * `MissingAdapterMethods`, naming the method.
 *
 * @module adapters
 */

/** The user as seen by callbacks and events. */
export interface User {
  id?: string;
  name?: string | null;
  email?: string | null;
  image?: string | null;
}

/** The provider types Latch knows. */
export type ProviderType = "oauth" | "oidc" | "email" | "credentials" | "webauthn";

/** One entry of RFC 9396 `authorization_details`. */
export interface AuthorizationDetails {
  type: string;
  [key: string]: unknown;
}

/** The token-endpoint response fields an account keeps. */
export interface TokenEndpointResponse {
  access_token?: string;
  refresh_token?: string;
  id_token?: string;
  scope?: string;
  /** Always lowercased. */
  token_type?: Lowercase<string>;
  /** Seconds. */
  expires_in?: number;
  authorization_details?: AuthorizationDetails[];
  [key: string]: unknown;
}

/** A connection between a user and a provider. One user can have several. */
export interface Account extends TokenEndpointResponse {
  /** The provider id. */
  provider: string;
  /** oauth/oidc: the profile's id; email: the address; credentials: the user id `authorize` returned. */
  providerAccountId: string;
  /** The provider type of the account. */
  type: ProviderType;
  /** The owning user's id. */
  userId?: string;
  /** Absolute time in seconds when `access_token` expires: `floor(now / 1000) + expires_in`. */
  expires_at?: number;
}


/** A value or a promise of it. */
export type Awaitable<T> = T | PromiseLike<T>;

/** A user as stored by an adapter. `email` is required and `emailVerified` is `null` until an email sign-in. */
export interface AdapterUser extends User {
  /** Unique user identifier. */
  id: string;
  /** The user's email address. */
  email: string;
  /** `null` until the user has signed in with an email provider; then the date of the first such sign-in. */
  emailVerified: Date | null;
}

/** The provider types an account can have in storage. Credentials sign-ins keep no account. */
export type AdapterAccountType = "oauth" | "oidc" | "email" | "webauthn";

/** An account as stored by an adapter: a connection between a user and a provider. */
export interface AdapterAccount extends Account {
  /** The owning user's id. */
  userId: string;
  /** The provider type of the account. */
  type: AdapterAccountType;
  /**
   * The provider's error code (such as `"invalid_grant"`) when it refused the stored refresh
   * token, recorded by `releaseAccount`; absent or `null` otherwise. Cleared when new tokens are
   * written. While it is set `getAccessToken` fails at once, without asking the provider again.
   */
  refreshError?: string | null;
}

/** A database session as stored by an adapter. */
export interface AdapterSession extends SessionDetails, SessionAuthentication {
  /** Random value used for lookup; kept in a secure HTTP-only cookie. */
  sessionToken: string;
  /** The owning user's id. */
  userId: string;
  /** Absolute expiry. */
  expires: Date;
  /**
   * The session's opaque id, chosen by the adapter: stable, unique, and never the session token
   * (it is shown to the user and sent back to end the session). Adapters that support session
   * control (`listSessions`, `deleteSessionById`) return it from every session method.
   */
  id?: string;
  /**
   * Set by `getSessionAndUser` when the provider refused the refresh token of one of the user's
   * accounts (its `refreshError`): the session then reads with `error: "RefreshTokenError"`.
   * Adapters that do not record refusals leave it out.
   */
  refreshError?: boolean;
  /**
   * Set by `getSessionAndUser` of an adapter that stores organizations ({@link OrganizationAdapter}):
   * the session's active organization and the user's role in it, read in the same join as the
   * session; `null` when none is active or the user is no longer a member of it.
   */
  activeOrganization?: ActiveMembership | null;
}

/** The organization a session acts for, and the user's role there (`Organizations()` of `@latch/core/organizations`). */
export interface ActiveMembership {
  /** The organization's id. */
  id: string;
  /** The organization's slug. */
  slug: string;
  /** The user's role in the organization. */
  role: string;
  /** When the role is one the organization made (`AdapterOrganizationRole`): its permissions, read in the same join. */
  permissions?: string[];
}

/**
 * What a person needs to recognise a session of theirs. Latch passes these to `createSession`
 * and `lastSeenAt` to `updateSession` (only when it extends the session, so a plain read writes
 * nothing); an adapter that cannot store them ignores them.
 */
export interface SessionDetails {
  /** When the session started. */
  createdAt?: Date | null;
  /** The last time the session was extended (at `session.updateAge` granularity). */
  lastSeenAt?: Date | null;
  /** A short summary of the browser's user agent, such as `"Firefox 128 on Linux"` (at most 64 characters). */
  userAgent?: string | null;
  /** The client's IP address, only when the app opts in with `session.ipAddress`. */
  ip?: string | null;
  /**
   * The id of the site administrator who started this session as its user (`Admin()`'s
   * impersonation, `POST <base>/admin/impersonate`); `null` or absent for a session the user
   * started. Such a session never slides: it ends at the `expires` it started with.
   */
  impersonatedBy?: string | null;
}

/**
 * An authentication method of RFC 8176 §2 as Latch records it, plus the private `"mbx"`: the
 * factor came from the user's mailbox (an email link, an emailed code, or a password set through
 * a mailed link). `"mbx"` never goes into a token issued to another party.
 */
export type AuthenticationMethod = "pwd" | "otp" | "hwk" | "swk" | "user" | "mfa" | "mbx";

/**
 * How a session was earned, written when it starts (PROTOCOL §4): the same names as the session
 * token's claims. A session without them (stored before Latch kept them, or by an adapter that
 * does not declare them in {@link Adapter.sessionFields}) has earned nothing.
 */
export interface SessionAuthentication {
  /** When the user last gave a first factor, in seconds since the epoch. */
  auth_time?: number | null;
  /** When the user last gave a second factor, in seconds since the epoch; absent when none was given. */
  mfa_time?: number | null;
  /** The methods used (RFC 8176 values, plus the private `"mbx"`). */
  amr?: AuthenticationMethod[] | null;
}

/** A session field beyond Auth.js's session shape (`sessionToken`, `userId`, `expires`). */
export type SessionField = keyof SessionDetails | keyof SessionAuthentication;

/** A single-use email sign-in token. `token` is stored hashed with the configured secret. */
export interface VerificationToken {
  /** The user's email address. */
  identifier: string;
  /** `sha256hex(rawToken + secret)`: never the raw token from the link. */
  token: string;
  /** Absolute expiry. */
  expires: Date;
}

/**
 * A user's password as stored by an adapter: its hash, never the password. One per user.
 */
export interface AdapterPassword {
  /** The owning user's id. */
  userId: string;
  /** The password's hash: an Argon2id PHC string (`$argon2id$v=19$m=…,t=…,p=…$<salt>$<hash>`) that carries its parameters. */
  hash: string;
  /** When this password was set (sign-up, reset or change; an upgrade of the hash parameters keeps it). */
  updatedAt: Date;
}

/**
 * Stored second-factor material of a user, one row per item: a TOTP factor (`kind: "totp"`), one
 * backup code (`"backup"`), a pending email code (`"email:second-factor"`, `"email:sign-in"`), or
 * a counter of answers (`"attempts:<what>"`, no secret).
 * Secrets are never stored in the clear: a TOTP secret is encrypted with a key derived from the
 * configured secret, backup and email codes are stored as their SHA-256.
 */
export interface AdapterSecondFactor {
  /** Made by Latch (random), opaque. */
  id: string;
  /** The owning user's id. */
  userId: string;
  /** `"totp"`, `"backup"`, `"email:<purpose>"` or `"attempts:<what>"`. */
  kind: string;
  /** TOTP: the secret, encrypted (a compact JWE); backup and email codes: the code's SHA-256, hex; counters: `""`. */
  secret: string;
  /** TOTP: the last time step a code was accepted for (a code of that step or an earlier one is refused). */
  lastUsedStep: number | null;
  /** Email codes and counters: how many answers were counted. */
  attempts: number;
  /** TOTP: `null` until the first code confirmed the enrolment. Backup and email codes: their creation. */
  confirmedAt: Date | null;
  /** Email codes: when the code stops working; counters: when the count starts over; `null` for the other kinds. */
  expires: Date | null;
  /** When the row was written. */
  createdAt: Date;
}

/**
 * A key that signs access tokens (`AccessTokens()` of `@latch/core/access-tokens`), stored so that
 * every instance signs with the same one. Its private half is never stored in the clear: it is
 * encrypted with a key derived from the configured secret.
 */
export interface AdapterSigningKey {
  /** The key's id: the RFC 7638 thumbprint of its public JWK, its `kid`. */
  id: string;
  /** 1, 2, 3, … in the order the keys were made: the newest signs; at most one key per generation. */
  generation: number;
  /** `"EdDSA"`, `"ES256"` or `"RS256"`. */
  algorithm: string;
  /** The public JWK, as JSON. */
  publicKey: string;
  /** The private JWK, encrypted (a compact JWE). */
  privateKey: string;
  /** When it was made; it signs until the next generation is made, and verifies for the grace period after. */
  createdAt: Date;
}

/**
 * An API key (`ApiKeys()` of `@latch/core/api-keys`). Its secret is never stored: only its
 * SHA-256, which verification compares in constant time.
 */
export interface AdapterApiKey {
  /** The public id: the middle part of the key, how it is looked up. */
  id: string;
  /** `"user"`; other owners (organizations) later. */
  ownerType: string;
  /** The owner's id: a user's id while `ownerType` is `"user"` (deleting the user deletes the key). */
  ownerId: string;
  name: string;
  /** Permission strings. */
  scopes: string[];
  /** SHA-256 of the key's secret part, as lowercase hex. */
  hash: string;
  createdAt: Date;
  /** `null`: the key does not expire. */
  expires: Date | null;
  /** Written at most once per interval, not per request; `null` before the first use. */
  lastUsedAt: Date | null;
}

/** What {@link ApiKeyAdapter.updateApiKey} may change of a key. */
export type AdapterApiKeyUpdate = Partial<Pick<AdapterApiKey, "name" | "scopes" | "expires" | "lastUsedAt">>;

/** A WebAuthn credential (passkey) registered to a user. */
export interface AdapterAuthenticator {
  /** Base64-encoded credential id. */
  credentialID: string;
  /** Base64-encoded public key. */
  credentialPublicKey: string;
  /** How many times the authenticator has been used. */
  counter: number;
  /** Whether the credential is backed up (synced). */
  credentialBackedUp: boolean;
  /** `singleDevice` or `multiDevice`. */
  credentialDeviceType: string;
  /** The provider account this authenticator belongs to. */
  providerAccountId: string;
  /** The owning user's id. */
  userId: string;
  /** Transport flags joined by commas (for example `internal,hybrid`). */
  transports?: string | null;
}

/**
 * The adapter contract. Every method is optional; each flow needs a subset of them.
 *
 * Rules every adapter keeps (the conformance suite `@latch/adapter-test` checks them):
 * - `createUser` stores the `id` it is given (Latch makes it) and throws when the email is taken;
 *   `linkAccount` throws when the `(provider, providerAccountId)` pair is already linked. Latch
 *   relies on these to keep one user per account under concurrent first sign-ins.
 * - Methods never modify the objects they are passed.
 * - Dates come back as `Date` objects; unknown ids, emails and tokens give `null`.
 * - Deleting a user deletes its accounts, sessions, authenticators, password and second factors.
 * - `deleteAuthenticator` and `deleteSessions` are optional: an adapter that lacks
 *   `deleteAuthenticator` lets only signed-in users register passkeys.
 *
 * @example
 * ```ts
 * import type { Adapter } from "@latch/core/adapters"
 * const adapter: Adapter = { async getUser(id) { return db.users.find(id) ?? null } }
 * ```
 */
export interface Adapter {
  createUser?(user: AdapterUser): Awaitable<AdapterUser>;
  getUser?(id: string): Awaitable<AdapterUser | null>;
  getUserByEmail?(email: string): Awaitable<AdapterUser | null>;
  getUserByAccount?(providerAccountId: Pick<AdapterAccount, "provider" | "providerAccountId">): Awaitable<AdapterUser | null>;
  updateUser?(user: Partial<AdapterUser> & Pick<AdapterUser, "id">): Awaitable<AdapterUser>;
  /**
   * Latch calls it to undo a half-written sign-up: a new user whose account (or first passkey)
   * could not be stored is removed again. Without it such a user stays behind (and the failed undo is logged).
   */
  deleteUser?(userId: string): Promise<void> | Awaitable<AdapterUser | null | undefined>;
  linkAccount?(account: AdapterAccount): Promise<void> | Awaitable<AdapterAccount | null | undefined>;
  /**
   * Latch calls it when a passkey registration fails after its account was linked, so that no
   * account is left without its authenticator.
   */
  unlinkAccount?(providerAccountId: Pick<AdapterAccount, "provider" | "providerAccountId">): Promise<void> | Awaitable<AdapterAccount | undefined>;
  getAccount?(providerAccountId: AdapterAccount["providerAccountId"], provider: AdapterAccount["provider"]): Awaitable<AdapterAccount | null>;
  /**
   * The session fields beyond Auth.js's shape that this adapter stores: Latch passes
   * `createSession` and `updateSession` only the fields listed here, so an adapter written for
   * Auth.js (which lists none) gets exactly `{ sessionToken, userId, expires }`. Latch's own
   * adapters list every {@link SessionField}.
   *
   * @example
   * ```ts
   * const adapter: Adapter = { sessionFields: ["createdAt", "lastSeenAt", "auth_time", "mfa_time", "amr"], ... }
   * ```
   */
  sessionFields?: readonly SessionField[];
  /** Stores the session with the fields of {@link Adapter.sessionFields} it was given. */
  createSession?(session: { sessionToken: string; userId: string; expires: Date } & SessionDetails & SessionAuthentication): Awaitable<AdapterSession>;
  /** Returns the session and its user in one call (a join where the store has them). */
  getSessionAndUser?(sessionToken: string): Awaitable<{ session: AdapterSession; user: AdapterUser } | null>;
  updateSession?(session: Partial<AdapterSession> & Pick<AdapterSession, "sessionToken">): Awaitable<AdapterSession | null | undefined>;
  /** Returning the deleted session is preferred (it reaches the `signOut` event). */
  deleteSession?(sessionToken: string): Promise<void> | Awaitable<AdapterSession | null | undefined>;
  createVerificationToken?(verificationToken: VerificationToken): Awaitable<VerificationToken | null | undefined>;
  /** Returns the token and deletes it, so that it works once. */
  useVerificationToken?(params: { identifier: string; token: string }): Awaitable<VerificationToken | null>;
  /** Must throw when the authenticator cannot be created. */
  createAuthenticator?(authenticator: AdapterAuthenticator): Awaitable<AdapterAuthenticator>;
  getAuthenticator?(credentialID: AdapterAuthenticator["credentialID"]): Awaitable<AdapterAuthenticator | null>;
  /** Returns `[]` for an unknown user; must throw on other failures. */
  listAuthenticatorsByUserId?(userId: AdapterAuthenticator["userId"]): Awaitable<AdapterAuthenticator[]>;
  /** Must throw when the update fails. */
  updateAuthenticatorCounter?(credentialID: AdapterAuthenticator["credentialID"], newCounter: AdapterAuthenticator["counter"]): Awaitable<AdapterAuthenticator>;
  /**
   * Deletes the authenticator and the `webauthn` account it belongs to (the account of its user
   * whose type is `"webauthn"` and whose `providerAccountId` is the authenticator's), together.
   * Returns the deleted authenticator, or `null` when no authenticator has this credential id.
   *
   * Optional. Latch calls it when an email sign-in proves the address of a user whose
   * `emailVerified` is still `null`: the passkeys registered before the proof stop working.
   * Without it, only a signed-in user may register a passkey.
   *
   * @example
   * ```ts
   * const removed = await adapter.deleteAuthenticator(credentialID)
   * ```
   */
  deleteAuthenticator?(credentialID: AdapterAuthenticator["credentialID"]): Awaitable<AdapterAuthenticator | null>;
  /**
   * Deletes every database session of the user and returns how many were deleted (`0` for an
   * unknown user).
   *
   * Optional. Latch calls it when an email sign-in proves the address of a user whose
   * `emailVerified` is still `null`, so that whoever signed in before the proof is signed out.
   *
   * @example
   * ```ts
   * const ended: number = await adapter.deleteSessions(user.id)
   * ```
   */
  deleteSessions?(userId: AdapterUser["id"]): Awaitable<number>;
  /**
   * Every stored session of the user (expired ones may be included; Latch leaves them out), each
   * with its opaque `id` and its {@link SessionDetails}; `[]` for an unknown user.
   *
   * Optional: needed for the sessions list (`listSessions`, `GET <base>/sessions`).
   *
   * @example
   * ```ts
   * const sessions = await adapter.listSessions(user.id)
   * ```
   */
  listSessions?(userId: AdapterUser["id"]): Awaitable<AdapterSession[]>;
  /**
   * Deletes the session with this opaque `id` only when it belongs to `userId`, in one step, and
   * returns it; `null` when no session of that user has this id (another user's session is left
   * as it is). An id the store could never have issued gives `null`, never an error.
   *
   * Optional: needed to end one session (`revokeSession`, `POST <base>/sessions/revoke`).
   *
   * @example
   * ```ts
   * const ended = await adapter.deleteSessionById(user.id, sessionId)
   * ```
   */
  deleteSessionById?(userId: AdapterUser["id"], sessionId: string): Awaitable<AdapterSession | null>;
  /**
   * The user's stored password, or `null` when the user has none (or is unknown).
   *
   * Optional, with {@link Adapter.setPassword}, {@link Adapter.replacePasswordHash} and
   * {@link Adapter.deletePassword}: needed by the `Password()` provider.
   *
   * @example
   * ```ts
   * const stored = await adapter.getPassword(user.id)
   * ```
   */
  getPassword?(userId: AdapterUser["id"]): Awaitable<AdapterPassword | null>;
  /**
   * Stores the user's password, replacing the one it had (sign-up, reset, change), and returns
   * it. Throws when the user does not exist.
   *
   * @example
   * ```ts
   * await adapter.setPassword({ userId: user.id, hash: await hashPassword(password), updatedAt: new Date() })
   * ```
   */
  setPassword?(password: AdapterPassword): Awaitable<AdapterPassword>;
  /**
   * Replaces the stored hash with `nextHash` only while it is still `currentHash`, in one
   * conditional write, keeping `updatedAt`; `true` when it wrote. Latch calls it to upgrade a
   * hash's parameters after a successful sign-in, so that a password reset or change made
   * meanwhile is never overwritten by the old password's new hash.
   *
   * @example
   * ```ts
   * const upgraded = await adapter.replacePasswordHash(user.id, stored.hash, await hashPassword(password))
   * ```
   */
  replacePasswordHash?(userId: AdapterUser["id"], currentHash: string, nextHash: string): Awaitable<boolean>;
  /**
   * Deletes the user's password and returns it, or `null` when the user had none. For the rule
   * that a password set before another method proved the user's address stops working at that
   * proof (whoever set it could only claim the address).
   *
   * @example
   * ```ts
   * await adapter.deletePassword(user.id)
   * ```
   */
  deletePassword?(userId: AdapterUser["id"]): Awaitable<AdapterPassword | null>;
  /**
   * Every second-factor row of the user, of any kind and confirmed or not; `[]` for an unknown user.
   *
   * Optional, with the other second-factor methods: needed by `SecondFactors()`.
   *
   * @example
   * ```ts
   * const rows = await adapter.listSecondFactors(user.id)
   * ```
   */
  listSecondFactors?(userId: AdapterUser["id"]): Awaitable<AdapterSecondFactor[]>;
  /**
   * Deletes the user's rows of `kind` and stores `rows` (all of that user and kind) in their place,
   * in one transaction: a failure leaves the old rows. `rows` may be empty (removal).
   *
   * @example
   * ```ts
   * await adapter.replaceSecondFactors(user.id, "backup", codes)
   * ```
   */
  replaceSecondFactors?(userId: AdapterUser["id"], kind: string, rows: AdapterSecondFactor[]): Awaitable<void>;
  /**
   * Confirms a TOTP factor: sets `confirmedAt = at` and `lastUsedStep = step` only while
   * `confirmedAt` is `null`, in one conditional write; returns the confirmed row, or `null` when
   * there is no such unconfirmed row.
   *
   * @example
   * ```ts
   * const confirmed = await adapter.confirmSecondFactor(factor.id, step, new Date())
   * ```
   */
  confirmSecondFactor?(id: string, step: number, at: Date): Awaitable<AdapterSecondFactor | null>;
  /**
   * Records that a TOTP code of time step `step` was accepted: sets `lastUsedStep = step` only
   * while it is `null` or smaller, in one conditional write; `true` when it wrote. Two requests with
   * the same code: exactly one gets `true` (replay refusal).
   *
   * @example
   * ```ts
   * if (!(await adapter.useTotpStep(factor.id, step))) refuse()
   * ```
   */
  useTotpStep?(id: string, step: number): Awaitable<boolean>;
  /**
   * Adds one to the row's `attempts` in one atomic write and returns the new count; `null` when
   * the row is gone.
   *
   * @example
   * ```ts
   * const attempts = await adapter.countSecondFactorAttempt(code.id)
   * ```
   */
  countSecondFactorAttempt?(id: string): Awaitable<number | null>;
  /**
   * Deletes the row and returns it, in one step: of two concurrent calls only one gets the row
   * (single-use backup and email codes); `null` when it was already gone.
   *
   * @example
   * ```ts
   * const used = await adapter.deleteSecondFactor(code.id)
   * ```
   */
  deleteSecondFactor?(id: string): Awaitable<AdapterSecondFactor | null>;
  /**
   * Every stored signing key, any order.
   *
   * Optional, with {@link createSigningKey}: needed by `AccessTokens()` to store its keys.
   *
   * @example
   * ```ts
   * const keys = await adapter.listSigningKeys()
   * ```
   */
  listSigningKeys?(): Awaitable<AdapterSigningKey[]>;
  /**
   * Stores `key` unless a key of its generation (or its id) is stored already, in one step:
   * `true` when this call stored it, `false` when another got there first (instances that
   * rotate together make one key; the others read it).
   *
   * @example
   * ```ts
   * const stored = await adapter.createSigningKey(key)
   * ```
   */
  createSigningKey?(key: AdapterSigningKey): Awaitable<boolean>;
  /**
   * The user's account at `provider` (the first linked one when there are several), or `null`.
   *
   * Optional: needed by `getAccessToken`.
   */
  getAccountByUserId?(userId: AdapterUser["id"], provider: AdapterAccount["provider"]): Awaitable<AdapterAccount | null>;
  /**
   * Every account linked to the user, of every provider and type; `[]` for an unknown user.
   *
   * Optional. Latch calls it when a sign-in proves the address of a user whose `emailVerified`
   * is still `null`, to unlink each OAuth and OpenID account linked before the proof (several at
   * one provider too), and for `POST <base>/unlink/<providerId>`. Without it Latch sees one
   * account per provider (`getAccountByUserId`), so it refuses to link a second account at a
   * provider to a user whose address is not proven.
   *
   * @example
   * ```ts
   * const accounts = await adapter.listAccountsByUserId(user.id)
   * ```
   */
  listAccountsByUserId?(userId: AdapterUser["id"]): Awaitable<AdapterAccount[]>;
  /**
   * Takes the account's refresh lease for `holder` until `until`, in one conditional write:
   * `true` only when no other holder's lease is still running. The instance holding it is the
   * only one that may send the refresh token to the provider.
   *
   * Optional: needed by `getAccessToken`.
   */
  leaseAccount?(account: Pick<AdapterAccount, "provider" | "providerAccountId">, holder: string, until: Date): Awaitable<boolean>;
  /**
   * Ends `holder`'s lease, writing the refreshed `tokens` with it (nothing when `null`), only
   * while `holder` still holds it; returns the account, or `null` when the lease was lost (and
   * nothing was written); a `refresh_token` left out keeps the stored one. Written tokens clear
   * the account's `refreshError`. With `tokens` `null`
   * and `refused` given (the provider's error code), records `refused` as the account's
   * `refreshError`, so that other instances waiting for this refresh fail without asking the
   * provider again; an adapter that cannot store it ignores `refused`.
   *
   * Optional: needed by `getAccessToken`.
   */
  releaseAccount?(
    account: Pick<AdapterAccount, "provider" | "providerAccountId">,
    holder: string,
    tokens: Pick<AdapterAccount, "access_token" | "refresh_token" | "expires_at" | "id_token" | "scope" | "token_type"> | null,
    refused?: string,
  ): Awaitable<AdapterAccount | null>;
}

/**
 * The adapter methods of API keys (`ApiKeys()` of `@latch/core/api-keys`), beside the
 * {@link Adapter} contract: an adapter that stores API keys has all five (`@latch/pg`,
 * `@latch/redis`), and `ApiKeys()` refuses to start with one that lacks any
 * (`MissingAdapterMethods`). Kept apart so that an adapter typed against `Adapter` alone needs
 * no change.
 */
export interface ApiKeyAdapter {
  /**
   * Stores a new API key and returns it.
   *
   * @example
   * ```ts
   * const key = await adapter.createApiKey(row)
   * ```
   */
  createApiKey(key: AdapterApiKey): Awaitable<AdapterApiKey>;
  /**
   * The API key of this public id, or `null`.
   *
   * @example
   * ```ts
   * const key = await adapter.getApiKey(publicId)
   * ```
   */
  getApiKey(id: string): Awaitable<AdapterApiKey | null>;
  /**
   * Every API key of one owner, any order.
   *
   * @example
   * ```ts
   * const keys = await adapter.listApiKeys("user", user.id)
   * ```
   */
  listApiKeys(ownerType: string, ownerId: string): Awaitable<AdapterApiKey[]>;
  /**
   * Changes the given fields of a key and returns it, or `null` when there is no such key.
   *
   * @example
   * ```ts
   * await adapter.updateApiKey(key.id, { lastUsedAt: new Date() })
   * ```
   */
  updateApiKey(id: string, update: AdapterApiKeyUpdate): Awaitable<AdapterApiKey | null>;
  /**
   * Deletes the key and returns it, or `null` when it was already gone.
   *
   * @example
   * ```ts
   * await adapter.deleteApiKey(key.id)
   * ```
   */
  deleteApiKey(id: string): Awaitable<AdapterApiKey | null>;
}

/** The name of a method of {@link ApiKeyAdapter}. */
export type ApiKeyAdapterMethod = keyof ApiKeyAdapter;

/**
 * A user's standing on the site, kept beside the user for `Admin()` (`@latch/core/admin`): the
 * site role and the ban.
 */
export interface AdapterUserStanding {
  /** The site role (`"admin"` for a site administrator); `null`: none. */
  role: string | null;
  /** True while the user is banned (until {@link banExpires}, when it is set). */
  banned: boolean;
  /** Why the user was banned, as the administrator wrote it; `null` when not banned. */
  banReason: string | null;
  /** When the ban ends by itself; `null`: it lasts until it is lifted. */
  banExpires: Date | null;
}

/** A user as the site administration lists it: the user, and its standing kept apart (an app's own user fields may have the same names). */
export interface AdapterAdminUser {
  user: AdapterUser;
  standing: AdapterUserStanding;
}

/** What {@link AdminAdapter.listUsers} is asked for: one page, of the users whose address or name contains `search`. */
export interface AdapterUserQuery {
  /** Matched, case-insensitively, against the address and the name; absent: every user. */
  search?: string;
  /** Users skipped, in the order of their addresses then ids. */
  offset: number;
  /** Users returned at most. */
  limit: number;
}

/**
 * The methods `Admin()` (`@latch/core/admin`) stores the site roles and bans through. Declared
 * beside {@link Adapter}, so that an adapter typed against `Adapter` alone needs no change;
 * `Admin()` refuses an adapter without them at start. Deleting a user deletes its standing.
 *
 * @example
 * ```ts
 * import type { Adapter, AdminAdapter } from "@latch/core/adapters"
 * declare const adapter: Adapter & AdminAdapter
 * const { users, total } = await adapter.listUsers({ search: "ada", offset: 0, limit: 20 })
 * ```
 */
export interface AdminAdapter {
  /**
   * One page of users, ordered by address then id, and how many match in all.
   *
   * @example
   * ```ts
   * const { users, total } = await adapter.listUsers({ offset: 0, limit: 20 })
   * ```
   */
  listUsers(query: AdapterUserQuery): Awaitable<{ users: AdapterAdminUser[]; total: number }>;
  /**
   * The standing of a user, or `null` when there is no such user.
   *
   * @example
   * ```ts
   * const standing = await adapter.getUserStanding(user.id)
   * ```
   */
  getUserStanding(userId: string): Awaitable<AdapterUserStanding | null>;
  /**
   * Changes the given fields of a user's standing and returns it, or `null` when there is no such user.
   *
   * @example
   * ```ts
   * await adapter.updateUserStanding(user.id, { banned: true, banReason: "spam", banExpires: null })
   * ```
   */
  updateUserStanding(userId: string, update: Partial<AdapterUserStanding>): Awaitable<AdapterUserStanding | null>;
}

/** The name of a method of {@link AdminAdapter}. */
export type AdminAdapterMethod = keyof AdminAdapter;
/** An organization (`Organizations()` of `@latch/core/organizations`). */
export interface AdapterOrganization {
  id: string;
  name: string;
  /** Unique among organizations: 1 to 48 lowercase letters, digits and single hyphens. */
  slug: string;
  /** The app's own data, stored as JSON. */
  metadata: Record<string, unknown> | null;
  createdAt: Date;
}

/** What {@link OrganizationAdapter.updateOrganization} may change. */
export type AdapterOrganizationUpdate = Partial<Pick<AdapterOrganization, "name" | "slug" | "metadata">>;

/** A user's membership of an organization. */
export interface AdapterMember {
  organizationId: string;
  userId: string;
  /** A role name of the app's access control (`owner`, `admin`, `member` by default). */
  role: string;
  createdAt: Date;
  /** The member's address and name, filled by {@link OrganizationAdapter.listMembers} (a join with the users). */
  email?: string | null;
  name?: string | null;
}

/** An invitation to an organization, bound to one address. Its token is never stored: only its SHA-256. */
export interface AdapterInvitation {
  id: string;
  organizationId: string;
  /** The invited address, in its stored spelling. */
  email: string;
  /** The role the invited user gets. */
  role: string;
  /** The id of the user who invited. */
  inviterId: string;
  /** SHA-256 of the invitation's token, as lowercase hex. */
  hash: string;
  status: "pending" | "accepted" | "declined" | "canceled";
  expires: Date;
  createdAt: Date;
}

/** A role an organization made at run time, beside the app's own roles: a name and its permissions. */
export interface AdapterOrganizationRole {
  organizationId: string;
  /** Unique in its organization; never one of the app's role names. */
  name: string;
  /** `resource:action` strings of the app's statements. */
  permissions: string[];
  createdAt: Date;
}

/** What {@link OrganizationAdapter.updateInvitation} may change. */
export type AdapterInvitationUpdate = Partial<Pick<AdapterInvitation, "hash" | "status" | "expires">>;

/**
 * The adapter methods of organizations (`Organizations()` of `@latch/core/organizations`),
 * beside the {@link Adapter} contract: `@latch/pg`, `@latch/prisma` and `@latch/redis` have them, and `Organizations()` refuses to
 * start with an adapter that lacks any (`MissingAdapterMethods`). Its `getSessionAndUser` returns
 * the session's {@link AdapterSession.activeOrganization} from the same join.
 */
export interface OrganizationAdapter {
  /**
   * Stores a new organization with its first member (the owner), both or neither; `null` when
   * the slug is taken.
   *
   * @example
   * ```ts
   * const organization = await adapter.createOrganization(row, { organizationId: row.id, userId, role: "owner", createdAt })
   * ```
   */
  createOrganization(organization: AdapterOrganization, owner: AdapterMember): Awaitable<AdapterOrganization | null>;
  /**
   * The organization of this id, or `null`.
   *
   * @example
   * ```ts
   * const organization = await adapter.getOrganization(id)
   * ```
   */
  getOrganization(id: string): Awaitable<AdapterOrganization | null>;
  /**
   * The organization of this slug, or `null`.
   *
   * @example
   * ```ts
   * const organization = await adapter.getOrganizationBySlug("acme")
   * ```
   */
  getOrganizationBySlug(slug: string): Awaitable<AdapterOrganization | null>;
  /**
   * Changes the given fields and returns the organization, or `null` when there is none.
   *
   * @example
   * ```ts
   * await adapter.updateOrganization(id, { name: "Acme Inc." })
   * ```
   */
  updateOrganization(id: string, update: AdapterOrganizationUpdate): Awaitable<AdapterOrganization | null>;
  /**
   * Deletes the organization with its members and invitations; returns it, or `null`.
   *
   * @example
   * ```ts
   * await adapter.deleteOrganization(id)
   * ```
   */
  deleteOrganization(id: string): Awaitable<AdapterOrganization | null>;
  /**
   * The organizations the user is a member of, each with the user's role, any order.
   *
   * @example
   * ```ts
   * const mine = await adapter.listOrganizations(user.id)
   * ```
   */
  listOrganizations(userId: string): Awaitable<(AdapterOrganization & { role: string })[]>;
  /**
   * The user's membership of the organization, or `null`.
   *
   * @example
   * ```ts
   * const member = await adapter.getMember(organizationId, user.id)
   * ```
   */
  getMember(organizationId: string, userId: string): Awaitable<AdapterMember | null>;
  /**
   * Every member of the organization, with their address and name, any order.
   *
   * @example
   * ```ts
   * const members = await adapter.listMembers(organizationId)
   * ```
   */
  listMembers(organizationId: string): Awaitable<AdapterMember[]>;
  /**
   * Sets a member's role and returns the membership, or `null` when there is none. Never takes
   * the role `owner` from the organization's only owner: then nothing changes and it returns
   * `null`, checked and written atomically (a conditional write with the owners' rows locked, a
   * transaction, a script), so that two owners demoting each other at once leave one owner.
   *
   * @example
   * ```ts
   * await adapter.updateMemberRole(organizationId, userId, "admin")
   * ```
   */
  updateMemberRole(organizationId: string, userId: string, role: string): Awaitable<AdapterMember | null>;
  /**
   * Ends a membership and returns it, or `null` when there was none. Never ends the membership
   * of the organization's only owner: then nothing changes and it returns `null`, checked and
   * written atomically as {@link OrganizationAdapter.updateMemberRole} is.
   *
   * @example
   * ```ts
   * await adapter.deleteMember(organizationId, userId)
   * ```
   */
  deleteMember(organizationId: string, userId: string): Awaitable<AdapterMember | null>;
  /**
   * In one write: `to` (a member) becomes an owner and `from` takes `formerRole`. `false` when
   * either is not a member.
   *
   * @example
   * ```ts
   * await adapter.transferOwnership(organizationId, owner.id, next.id, "admin")
   * ```
   */
  transferOwnership(organizationId: string, from: string, to: string, formerRole: string): Awaitable<boolean>;
  /**
   * Stores a new invitation and returns it.
   *
   * @example
   * ```ts
   * await adapter.createInvitation(row)
   * ```
   */
  createInvitation(invitation: AdapterInvitation): Awaitable<AdapterInvitation>;
  /**
   * The invitation of this id, or `null`.
   *
   * @example
   * ```ts
   * const invitation = await adapter.getInvitation(id)
   * ```
   */
  getInvitation(id: string): Awaitable<AdapterInvitation | null>;
  /**
   * The organization's invitations, any order.
   *
   * @example
   * ```ts
   * const invitations = await adapter.listInvitations(organizationId)
   * ```
   */
  listInvitations(organizationId: string): Awaitable<AdapterInvitation[]>;
  /**
   * Changes a pending invitation and returns it, or `null` when there is no pending one of this id.
   *
   * @example
   * ```ts
   * await adapter.updateInvitation(id, { status: "canceled" })
   * ```
   */
  updateInvitation(id: string, update: AdapterInvitationUpdate): Awaitable<AdapterInvitation | null>;
  /**
   * In one write: the pending invitation becomes accepted and `member` is stored (a user who is a
   * member already keeps their membership). `null`, with nothing written, when the invitation is
   * not pending (used, declined, canceled) or unknown.
   *
   * @example
   * ```ts
   * const joined = await adapter.acceptInvitation(invitation.id, member)
   * ```
   */
  acceptInvitation(id: string, member: AdapterMember): Awaitable<AdapterMember | null>;
  /**
   * Stores a role the organization made and returns it; `null` when the organization has one of this name.
   *
   * @example
   * ```ts
   * await adapter.createOrganizationRole({ organizationId, name: "billing", permissions: ["billing:read"], createdAt: new Date() })
   * ```
   */
  createOrganizationRole(role: AdapterOrganizationRole): Awaitable<AdapterOrganizationRole | null>;
  /**
   * The roles the organization made, any order.
   *
   * @example
   * ```ts
   * const roles = await adapter.listOrganizationRoles(organizationId)
   * ```
   */
  listOrganizationRoles(organizationId: string): Awaitable<AdapterOrganizationRole[]>;
  /**
   * Deletes a role the organization made, unless a member holds it; returns it, or `null` when there
   * is none or it is held.
   *
   * @example
   * ```ts
   * await adapter.deleteOrganizationRole(organizationId, "billing")
   * ```
   */
  deleteOrganizationRole(organizationId: string, name: string): Awaitable<AdapterOrganizationRole | null>;
  /**
   * Sets (or, with `null`, clears) the active organization of the database session of this token.
   *
   * @example
   * ```ts
   * await adapter.setActiveOrganization(sessionToken, organizationId)
   * ```
   */
  setActiveOrganization(sessionToken: string, organizationId: string | null): Awaitable<void>;
}

/** The name of a method of {@link OrganizationAdapter}. */
export type OrganizationAdapterMethod = keyof OrganizationAdapter;

/** The name of an adapter method. */
export type AdapterMethod = keyof Adapter;

/** Which adapter methods each feature needs; checked when the handler first runs. */
export const requiredAdapterMethods = {
  database: ["createUser", "getUser", "getUserByEmail", "getUserByAccount", "updateUser", "linkAccount", "createSession", "getSessionAndUser", "updateSession", "deleteSession"],
  email: ["createVerificationToken", "useVerificationToken", "getUserByEmail"],
  webauthn: [
    "createUser", "getUser", "linkAccount", "getAccount", "getAuthenticator", "createAuthenticator", "listAuthenticatorsByUserId",
    "updateAuthenticatorCounter", "createVerificationToken", "useVerificationToken",
  ],
} as const satisfies Record<string, readonly AdapterMethod[]>;

/** A team inside an organization (`Organizations({ teams: true })`). */
export interface AdapterTeam {
  id: string;
  organizationId: string;
  /** Unique in its organization: 1 to 100 characters. */
  name: string;
  createdAt: Date;
}

/** A member of the organization in one of its teams. */
export interface AdapterTeamMember {
  teamId: string;
  userId: string;
  createdAt: Date;
}

/**
 * The adapter methods of teams (`Organizations({ teams: true })`), beside {@link OrganizationAdapter}:
 * `@latch/pg` has them, and `Organizations({ teams: true })` refuses to start with an adapter that
 * lacks any (`MissingAdapterMethods`). A team goes with its organization, and a team membership
 * with the organization membership it rests on, in the same write (a foreign key).
 */
export interface TeamAdapter {
  /**
   * Stores a new team and returns it; `null` when its organization has a team of this name.
   *
   * @example
   * ```ts
   * await adapter.createTeam({ id, organizationId, name: "Support", createdAt: new Date() })
   * ```
   */
  createTeam(team: AdapterTeam): Awaitable<AdapterTeam | null>;
  /**
   * The team of this id, or `null`.
   *
   * @example
   * ```ts
   * const team = await adapter.getTeam(id)
   * ```
   */
  getTeam(id: string): Awaitable<AdapterTeam | null>;
  /**
   * Renames a team and returns it; `null` when there is none or its organization has another team of this name.
   *
   * @example
   * ```ts
   * await adapter.updateTeam(id, { name: "Care" })
   * ```
   */
  updateTeam(id: string, update: Pick<AdapterTeam, "name">): Awaitable<AdapterTeam | null>;
  /**
   * Deletes a team with its memberships and returns it, or `null` when there was none.
   *
   * @example
   * ```ts
   * await adapter.deleteTeam(id)
   * ```
   */
  deleteTeam(id: string): Awaitable<AdapterTeam | null>;
  /**
   * The teams of an organization.
   *
   * @example
   * ```ts
   * const teams = await adapter.listTeams(organizationId)
   * ```
   */
  listTeams(organizationId: string): Awaitable<AdapterTeam[]>;
  /**
   * Adds a member of the team's organization to the team and returns the team membership; `null`
   * when the user is no member of the organization (checked in the same write) or is in the team already.
   *
   * @example
   * ```ts
   * await adapter.addTeamMember({ teamId, userId, createdAt: new Date() })
   * ```
   */
  addTeamMember(member: AdapterTeamMember): Awaitable<AdapterTeamMember | null>;
  /**
   * Takes a user out of a team and returns the team membership, or `null` when there was none.
   *
   * @example
   * ```ts
   * await adapter.removeTeamMember(teamId, userId)
   * ```
   */
  removeTeamMember(teamId: string, userId: string): Awaitable<AdapterTeamMember | null>;
  /**
   * The members of a team, with their address and name (a join with the users).
   *
   * @example
   * ```ts
   * const members = await adapter.listTeamMembers(teamId)
   * ```
   */
  listTeamMembers(teamId: string): Awaitable<(AdapterTeamMember & { email: string | null; name: string | null })[]>;
  /**
   * The teams a user is in, of every organization.
   *
   * @example
   * ```ts
   * const mine = await adapter.listUserTeams(user.id)
   * ```
   */
  listUserTeams(userId: string): Awaitable<AdapterTeam[]>;
}

/** The name of a method of {@link TeamAdapter}. */
export type TeamAdapterMethod = keyof TeamAdapter;
/**
 * One stored event of the audit trail (`AuditTrail()` of `@latch/core/audit`): what happened, to
 * whom and by whom, and whether it succeeded. Ids only, never a password, a token or an address
 * in clear unless the app chose `network: "clear"`.
 */
export interface AdapterAuditEvent {
  /** A random id, unique. */
  id: string;
  /** When it happened. */
  at: Date;
  /** What happened, such as `signIn`, `admin.ban`, `organization.member.added` (the guide's table). */
  action: string;
  /** Whether it succeeded. */
  outcome: "success" | "failure";
  /** The user who acted, when known. */
  actorUserId?: string | null;
  /** The user it happened to, when known. */
  subjectUserId?: string | null;
  /** The organization it happened in. */
  organizationId?: string | null;
  /** The client's network: its address HMAC-hashed with the secret, or in clear, or absent. */
  network?: string | null;
  /** The client's `User-Agent`, cut to 256 characters. */
  userAgent?: string | null;
  /** What else is worth keeping (the provider, an error's type, a role): short values only. */
  details?: Record<string, string | number | boolean | null> | null;
}

/** What {@link AuditAdapter.listAuditEvents} is asked for: one page, newest first. */
export interface AdapterAuditQuery {
  /** Only the events this user did or underwent (`actorUserId` or `subjectUserId`). */
  userId?: string;
  /** Only the events of this organization. */
  organizationId?: string;
  /** Only the events older than this one, in the order `at` then `id`, both descending. */
  before?: { at: Date; id: string };
  /** How many at most. */
  limit: number;
}

/**
 * The adapter methods of the audit trail (`AuditTrail()` of `@latch/core/audit`). Append-only:
 * there is no method to change or delete an event. Kept apart so that an adapter typed against
 * `Adapter` alone needs no change.
 */
export interface AuditAdapter {
  /**
   * Stores one event.
   *
   * @example
   * ```ts
   * await adapter.appendAuditEvent({ id, at: new Date(), action: "signIn", outcome: "success", subjectUserId: user.id })
   * ```
   */
  appendAuditEvent(event: AdapterAuditEvent): Awaitable<void>;
  /**
   * One page of events, newest first (`at` descending, then `id` descending).
   *
   * @example
   * ```ts
   * const page = await adapter.listAuditEvents({ userId: user.id, limit: 50 })
   * ```
   */
  listAuditEvents(query: AdapterAuditQuery): Awaitable<AdapterAuditEvent[]>;
}

/** The name of a method of {@link AuditAdapter}. */
export type AuditAdapterMethod = keyof AuditAdapter;

/**
 * A user as one organization's identity provider provisioned it through SCIM (`Scim()`): the
 * organization's own names for the user (`userName`, `externalId`), whether the provider holds
 * the user active, and the attributes it sent, kept as given. One per organization and user.
 */
export interface AdapterScimUser {
  organizationId: string;
  /** The Latch user it stands for; also the SCIM resource's `id`. */
  userId: string;
  /** Unique within the organization (compared without case). */
  userName: string;
  /** The identity provider's id for the user; unique within the organization when set. */
  externalId: string | null;
  /** `false`: deprovisioned, the membership ended; `true` again restores it. */
  active: boolean;
  /** The SCIM attributes the provider sent (name, emails, the enterprise extension…), as JSON. */
  attributes: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
}

/** A group an organization's identity provider provisioned through SCIM, with its members' user ids. */
export interface AdapterScimGroup {
  /** The SCIM resource's `id`. */
  id: string;
  organizationId: string;
  /** Unique within the organization. */
  displayName: string;
  externalId: string | null;
  /** The user ids of its members (each a provisioned user of the organization). */
  members: string[];
  createdAt: Date;
  updatedAt: Date;
}

/**
 * The adapter methods `Scim()` needs, declared beside the contract as `OrganizationAdapter` is;
 * `Scim()` refuses at start an adapter without them (`MissingAdapterMethods`).
 */
export interface ScimAdapter {
  /**
   * Stores a provisioned user; `null` (nothing written) when the organization has one of this
   * `userName` (without case), `externalId`, or user already.
   *
   * @example
   * ```ts
   * const stored = await adapter.createScimUser(record)
   * ```
   */
  createScimUser(user: AdapterScimUser): Awaitable<AdapterScimUser | null>;
  /**
   * The organization's provisioned user `userId`, or `null`.
   *
   * @example
   * ```ts
   * const record = await adapter.getScimUser(organizationId, userId)
   * ```
   */
  getScimUser(organizationId: string, userId: string): Awaitable<AdapterScimUser | null>;
  /**
   * The organization's provisioned users, ordered by `createdAt` then `userId`.
   *
   * @example
   * ```ts
   * const all = await adapter.listScimUsers(organizationId)
   * ```
   */
  listScimUsers(organizationId: string): Awaitable<AdapterScimUser[]>;
  /**
   * Changes the given fields; `null` when there is no such record, or when the new `userName` or
   * `externalId` is another record's of the organization (then nothing changes).
   *
   * @example
   * ```ts
   * await adapter.updateScimUser(organizationId, userId, { active: false, updatedAt: new Date() })
   * ```
   */
  updateScimUser(organizationId: string, userId: string, update: Partial<Pick<AdapterScimUser, "userName" | "externalId" | "active" | "attributes" | "updatedAt">>): Awaitable<AdapterScimUser | null>;
  /**
   * Deletes the record (and the user's place in the organization's groups); returns it, or `null`.
   *
   * @example
   * ```ts
   * await adapter.deleteScimUser(organizationId, userId)
   * ```
   */
  deleteScimUser(organizationId: string, userId: string): Awaitable<AdapterScimUser | null>;
  /**
   * Makes `member` a member of its organization; `null` (nothing changed) when the user is one already.
   *
   * @example
   * ```ts
   * await adapter.addMember({ organizationId, userId, role: "member", createdAt: new Date() })
   * ```
   */
  addMember(member: AdapterMember): Awaitable<AdapterMember | null>;
  /**
   * Stores a group; `null` when the organization has a group of this `displayName` or `externalId`.
   *
   * @example
   * ```ts
   * await adapter.createScimGroup(group)
   * ```
   */
  createScimGroup(group: AdapterScimGroup): Awaitable<AdapterScimGroup | null>;
  /**
   * The organization's group `id`, or `null`.
   *
   * @example
   * ```ts
   * const group = await adapter.getScimGroup(organizationId, id)
   * ```
   */
  getScimGroup(organizationId: string, id: string): Awaitable<AdapterScimGroup | null>;
  /**
   * The organization's groups, ordered by `createdAt` then `id`.
   *
   * @example
   * ```ts
   * const groups = await adapter.listScimGroups(organizationId)
   * ```
   */
  listScimGroups(organizationId: string): Awaitable<AdapterScimGroup[]>;
  /**
   * Changes the given fields (`members`: the whole new list); `null` when there is no such group
   * or the new `displayName` is another group's of the organization.
   *
   * @example
   * ```ts
   * await adapter.updateScimGroup(organizationId, id, { members: [userId], updatedAt: new Date() })
   * ```
   */
  updateScimGroup(organizationId: string, id: string, update: Partial<Pick<AdapterScimGroup, "displayName" | "externalId" | "members" | "updatedAt">>): Awaitable<AdapterScimGroup | null>;
  /**
   * Deletes the group; returns it, or `null`.
   *
   * @example
   * ```ts
   * await adapter.deleteScimGroup(organizationId, id)
   * ```
   */
  deleteScimGroup(organizationId: string, id: string): Awaitable<AdapterScimGroup | null>;
}

/** The name of a method of {@link ScimAdapter}. */
export type ScimAdapterMethod = keyof ScimAdapter;
