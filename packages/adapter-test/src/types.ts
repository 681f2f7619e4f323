import type {
  Adapter,
  AdapterAccount,
  AdapterAuthenticator,
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
  connect?(): Awaitable<void>;
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
}

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
}
