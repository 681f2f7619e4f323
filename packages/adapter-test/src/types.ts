import type {
  Adapter,
  AdapterAccount,
  AdapterAuthenticator,
  AdapterPassword,
  AdapterSession,
  AdapterUser,
  Awaitable,
  VerificationToken,
} from "@latch/core/adapters";

/**
 * Direct access to the store under test. Each reader bypasses the adapter and returns the
 * record as stored (converted to the adapter's shape), or `null` when nothing is stored.
 */
export interface TestDatabase {
  /** Opens the connection and prepares the schema; runs once before the suite. */
  connect?(): Awaitable<unknown>;
  /** Removes everything the suite created and closes the connection; runs once after the suite. */
  disconnect?(): Awaitable<void>;
  /** The stored user with this id. */
  user(id: string): Awaitable<AdapterUser | null>;
  /** The stored account for this provider account. */
  account(key: Pick<AdapterAccount, "provider" | "providerAccountId">): Awaitable<AdapterAccount | null>;
  /** The stored session with this token. */
  session(sessionToken: string): Awaitable<AdapterSession | null>;
  /** The stored verification token. */
  verificationToken(key: Pick<VerificationToken, "identifier" | "token">): Awaitable<VerificationToken | null>;
  /** The stored authenticator; omit when the adapter does not store authenticators. */
  authenticator?(credentialID: string): Awaitable<AdapterAuthenticator | null>;
  /** The stored password of the user; omit when the adapter does not store passwords. */
  password?(userId: string): Awaitable<AdapterPassword | null>;
}

/**
 * Points of the contract a store may not meet for a reason of its own (an Auth.js adapter on its
 * own tables, say), each checked by one test of the suite.
 */
export type Departure =
  /** `createUser` throws for an email that is taken. */
  | "uniqueEmail"
  /** Any number of users may be stored without an email (`""`). */
  | "manyWithoutEmail"
  /** `getUserByEmail("")` gives `null`. */
  | "noEmptyEmailLookup"
  /** Addresses are stored in the stored spelling (NFKC, trimmed, lower case) and found by any spelling. */
  | "storedEmailSpelling"
  /** `updateUser` returns the whole user. */
  | "updateUserReturnsUser"
  /** `linkAccount` throws for a provider account that is already linked. */
  | "uniqueAccount"
  /** `linkAccount` leaves its argument as it was. */
  | "linkAccountKeepsArgument"
  /** `updateSession` returns the session it wrote. */
  | "updateSessionReturnsSession"
  /** `deleteSession` returns the session it deleted. */
  | "deleteSessionReturnsSession"
  /** `updateSession` of an unknown token gives no session instead of throwing. */
  | "unknownSessionUpdate"
  /** `deleteSession` of an unknown token deletes nothing and gives no session instead of throwing. */
  | "unknownSessionDelete";

/** What {@link runAdapterTests} needs. */
export interface AdapterTestOptions {
  /** The adapter under test. */
  adapter: Adapter;
  /** Readers that look at the store directly. */
  db: TestDatabase;
  /**
   * Set to the reason when the store's schema has no room for the session details
   * (`createdAt`, `lastSeenAt`, `userAgent`, `ip`): their test is then skipped, saying why.
   */
  noSessionDetails?: string;
  /**
   * Set to the reason when the store cannot record a refused refresh (`releaseAccount`'s
   * `refused`, the account's `refreshError`): its test is then skipped, saying why.
   */
  noRefreshRefusal?: string;
  /**
   * Set to the reason when the store's schema has no room for an account's refresh lease
   * (`leaseAccount`, `releaseAccount`): their tests are then skipped, saying why.
   */
  noRefreshLease?: string;
  /**
   * Methods the adapter does not have, each with the reason: every test that needs one is then
   * skipped, saying so. A test needing a missing method not named here fails naming it, and
   * naming a method the adapter has is an error.
   */
  missing?: Partial<Record<keyof Adapter, string>>;
  /**
   * Set to the reason when the store chooses user ids itself (a serial column, say), so
   * `createUser` returns another id than the one passed: the test that the passed id is kept then
   * checks only that an id is returned. Every test uses the id `createUser` returned either way.
   */
  choosesUserIds?: string;
  /**
   * Set to the reason when the store keeps only a digest of each session token: `listSessions`
   * and `deleteSessionById` (which name no token) then give sessions without it, the tests match
   * them by their id, and check that no token comes back.
   */
  digestSessionTokens?: string;
  /**
   * Points of the contract the store does not meet, each with the reason: the test of each is
   * then skipped, saying so.
   */
  departures?: Partial<Record<Departure, string>>;
}
